/**
 * The descriptors of a global rate limit rule: what the proxies send the rate limit service for
 * a request the rule counts, and what the service's configuration must list for it to find the
 * limit. The xDS translator (route rate_limits actions) and the service configuration generator
 * both follow this one list, entry by entry, so the two cannot drift apart.
 */
import type { GlobalRateLimitRule, GlobalRateLimitSettings, XdsIR } from './types';

/** One descriptor entry; without a value, each distinct value the proxy sends is counted on its own. */
export interface DescriptorEntry {
  key: string;
  value?: string;
  /** What in the request gives the entry (rule: always present). */
  from: { rule: string } | { header: string; equals?: string } | { cidr: { address: string; prefixLength: number; ipv6: boolean } } | { clientAddress: true };
}

/** Envoy's own keys for the address actions (not configurable there). */
export const MASKED_REMOTE_ADDRESS_KEY = 'masked_remote_address';
export const REMOTE_ADDRESS_KEY = 'remote_address';
/** The first entry: which rule counts the request. */
export const RULE_KEY = 'pier_rule';

/** The rule's descriptor entries, in the order the proxy sends them. */
export function descriptorEntries(rule: GlobalRateLimitRule): DescriptorEntry[] {
  const entries: DescriptorEntry[] = [{ key: RULE_KEY, value: rule.id, from: { rule: rule.id } }];
  for (const h of rule.headers) {
    const name = h.name.toLowerCase();
    entries.push(h.value === undefined
      ? { key: `header_${name}`, from: { header: name } }
      : { key: `header_${name}`, value: h.value, from: { header: name, equals: h.value } });
  }
  if (rule.source) {
    const { address, prefixLength, ipv6, perAddress } = rule.source;
    // Envoy masks the client's address to the prefix and sends "<network>/<length>": equal to
    // the rule's CIDR exactly when the client is within it.
    entries.push({ key: MASKED_REMOTE_ADDRESS_KEY, value: `${address}/${prefixLength}`, from: { cidr: { address, prefixLength, ipv6 } } });
    if (perAddress) entries.push({ key: REMOTE_ADDRESS_KEY, from: { clientAddress: true } });
  }
  return entries;
}

/** Every global limit setting of the IR (listeners' and routes'), each once (settings of one policy at several places are one object). */
export function globalRateLimitSettingsOf(ir: XdsIR): GlobalRateLimitSettings[] {
  const found = new Set<GlobalRateLimitSettings>();
  for (const listener of ir.http) {
    const own = listener.policies?.rateLimit?.global;
    if (own) found.add(own);
    for (const vhost of listener.virtualHosts) {
      for (const route of vhost.routes) {
        const global = route.policies?.rateLimit?.global;
        if (global) found.add(global);
      }
    }
  }
  return [...found];
}

export function hasGlobalRateLimits(ir: XdsIR): boolean {
  return globalRateLimitSettingsOf(ir).length > 0;
}

/** The global rules of the IR, each id once. */
export function globalRateLimitRulesOf(ir: XdsIR): GlobalRateLimitRule[] {
  const byId = new Map<string, GlobalRateLimitRule>();
  for (const settings of globalRateLimitSettingsOf(ir)) for (const rule of settings.rules) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  return [...byId.values()];
}
