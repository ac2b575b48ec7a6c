/**
 * The envoyproxy/ratelimit service's configuration for Pier's global limits: one domain, and per
 * rule a descriptor tree that mirrors, entry by entry, the descriptor the proxies send for it
 * (src/ir/ratelimit.ts), with the rule's limit on its last entry. Pure and deterministic: rules
 * sorted by id, so the same rules always give the same text (and no needless reload).
 */
import { stringify } from 'yaml';
import { descriptorEntries } from '../ir/ratelimit';
import type { GlobalRateLimitRule } from '../ir/types';

/** A descriptor of the service's configuration file (its YAML shape). */
export interface ServiceDescriptor {
  key: string;
  value?: string;
  rate_limit?: { unit: GlobalRateLimitRule['unit']; requests_per_unit: number };
  descriptors?: ServiceDescriptor[];
}

export interface ServiceConfig {
  domain: string;
  descriptors: ServiceDescriptor[];
}

function ruleDescriptor(rule: GlobalRateLimitRule): ServiceDescriptor {
  const entries = descriptorEntries(rule);
  // Built from the last entry up: each entry holds the next one.
  let inner: ServiceDescriptor | undefined;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    const node: ServiceDescriptor = { key: entry.key };
    if (entry.value !== undefined) node.value = entry.value;
    if (inner) node.descriptors = [inner];
    else node.rate_limit = { unit: rule.unit, requests_per_unit: rule.requests };
    inner = node;
  }
  return inner!;
}

/** The configuration for these rules (each id once; a later duplicate is ignored). */
export function rateLimitServiceConfig(domain: string, rules: Iterable<GlobalRateLimitRule>): ServiceConfig {
  const byId = new Map<string, GlobalRateLimitRule>();
  for (const rule of rules) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  const ids = [...byId.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { domain, descriptors: ids.map((id) => ruleDescriptor(byId.get(id)!)) };
}

/** The configuration as the service reads it (YAML), with a header saying who wrote it. */
export function renderServiceConfig(config: ServiceConfig): string {
  return `# Written by Pier from its RateLimitPolicies' spec.global; edits are overwritten.\n${stringify(config, { lineWidth: 0 })}`;
}
