/**
 * Local rate limits (RateLimitPolicy spec.local) as Envoy's local_ratelimit HTTP filter.
 *
 * One filter per connection manager holds every bucket as a descriptor; the routes say which
 * descriptors a request makes with rate limit actions: a listener's settings on each of its
 * virtual hosts (VirtualHost.rate_limits), a rule's on its routes (RouteAction.rate_limits, which
 * Envoy uses instead of the virtual host's: vh_rate_limits OVERRIDE, the default). Every
 * descriptor starts with the settings' id and the rule's index (a generic key), so the routes
 * sharing settings share buckets, and buckets of different policies or targets never mix.
 * A request for which no descriptor matches is not limited (the filter has no default bucket).
 *
 * Client selectors add entries: a request header (request_headers: a request without it makes
 * no descriptor, so that rule does not count it) with its value, or empty for one bucket per
 * distinct value (Envoy's dynamic descriptors, an LRU list of max_dynamic_descriptors per
 * descriptor); a source CIDR (masked_remote_address: the client address masked to the prefix
 * must be the CIDR), and per address one more entry (remote_address, dynamic).
 *
 * Global limits (a rate limit service) are a module of their own beside this one.
 */
import type { HTTPListener, LocalRateLimitRule, RateLimitSettings } from '../../../ir/types';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { LocalRateLimit } from '../../../generated/envoy/extensions/filters/http/local_ratelimit/v3/LocalRateLimit';
import type { LocalRateLimitDescriptor } from '../../../generated/envoy/extensions/common/ratelimit/v3/LocalRateLimitDescriptor';
import type { RateLimit } from '../../../generated/envoy/config/route/v3/RateLimit';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';
import { routesWithPolicies } from './route-policies';

/** The generic key every descriptor starts with: "<settings id>#<rule index>". */
const BUCKET_KEY = 'pier.bucket';
const headerKey = (name: string): string => `header.${name}`;
const MASKED_ADDRESS_KEY = 'masked_remote_address';
const ADDRESS_KEY = 'remote_address';

function bucketValue(settings: RateLimitSettings, index: number): string {
  return `${settings.id}#${index}`;
}

/** The rate limit actions of some settings: one RateLimit (descriptor) per rule. */
export function localRateLimitActions(settings: RateLimitSettings): RateLimit[] {
  return (settings.local?.rules ?? []).map((rule, index) => {
    const actions: NonNullable<RateLimit['actions']> = [{ generic_key: { descriptor_key: BUCKET_KEY, descriptor_value: bucketValue(settings, index) } }];
    for (const h of rule.headers) actions.push({ request_headers: { header_name: h.name, descriptor_key: headerKey(h.name) } });
    if (rule.source) {
      const mask = rule.source.ipv6 ? { v6_prefix_mask_len: { value: rule.source.prefixLength } } : { v4_prefix_mask_len: { value: rule.source.prefixLength } };
      actions.push({ masked_remote_address: mask });
      if (rule.source.perAddress) actions.push({ remote_address: {} });
    }
    return { actions };
  });
}

function descriptor(settings: RateLimitSettings, rule: LocalRateLimitRule, index: number): LocalRateLimitDescriptor {
  const entries = [{ key: BUCKET_KEY, value: bucketValue(settings, index) }];
  for (const h of rule.headers) entries.push({ key: headerKey(h.name), value: h.value ?? '' });
  if (rule.source) {
    entries.push({ key: MASKED_ADDRESS_KEY, value: `${rule.source.address}/${rule.source.prefixLength}` });
    if (rule.source.perAddress) entries.push({ key: ADDRESS_KEY, value: '' });
  }
  return {
    entries,
    token_bucket: { max_tokens: rule.maxTokens, tokens_per_fill: { value: rule.tokensPerFill }, fill_interval: { seconds: String(rule.fillIntervalSeconds) } },
  };
}

/** Every distinct local rate limit of the listeners and their routes, by id (sorted). */
function localSettingsOf(listeners: readonly HTTPListener[]): RateLimitSettings[] {
  const byId = new Map<string, RateLimitSettings>();
  const add = (s: RateLimitSettings | undefined): void => {
    if (s?.local && !byId.has(s.id)) byId.set(s.id, s);
  };
  for (const l of listeners) {
    add(l.policies?.rateLimit);
    for (const vh of l.virtualHosts) for (const r of routesWithPolicies(vh)) add(r.policies?.rateLimit);
  }
  return [...byId.keys()].sort().map((id) => byId.get(id)!);
}

/**
 * The local_ratelimit filter for a connection manager serving these listeners; undefined when
 * none of them has local limits. x-ratelimit-limit/-remaining/-reset headers (draft 03) go with
 * every answer a bucket counted, 429 with them when a bucket is empty.
 */
export function localRateLimitFilter(listeners: readonly HTTPListener[]): HttpFilter | undefined {
  const all = localSettingsOf(listeners);
  if (all.length === 0) return undefined;
  const config: LocalRateLimit = {
    stat_prefix: 'pier_local_rate_limit',
    filter_enabled: { default_value: { numerator: 100, denominator: 'HUNDRED' }, runtime_key: 'pier.local_rate_limit.enabled' },
    filter_enforced: { default_value: { numerator: 100, denominator: 'HUNDRED' }, runtime_key: 'pier.local_rate_limit.enforced' },
    descriptors: all.flatMap((s) => (s.local?.rules ?? []).map((rule, i) => descriptor(s, rule, i))),
    enable_x_ratelimit_headers: 'DRAFT_VERSION_03',
    always_consume_default_token_bucket: { value: false },
  };
  // Dynamic buckets per wildcard descriptor: the largest any of the settings asks for.
  const maxClients = Math.max(0, ...all.map((s) => s.local?.maxClients ?? 0));
  if (maxClients > 0) config.max_dynamic_descriptors = { value: maxClients };
  return { name: FilterName.localRateLimit, typed_config: typedConfig<LocalRateLimit>(ProtoType.localRateLimit, config) };
}
