/**
 * Global rate limits (RateLimitPolicy spec.global) as Envoy's envoy.filters.http.ratelimit
 * filter: for a request on a route with global limits, the proxy sends the rate limit service
 * one descriptor per rule (route rate_limits actions, src/ir/ratelimit.ts) and refuses the
 * request with 429 when the service says any is over its limit; the service counts in Redis,
 * so every proxy shares the counts. x-ratelimit-limit, -remaining and -reset tell the client
 * where it stands (the IETF draft 03 headers, as the local limits send them).
 *
 * Failure mode, per policy: when the service cannot answer within CALL_TIMEOUT_MS (down,
 * unreachable, overloaded) the request goes through (failOpen, the default: the limit protects,
 * it should not take the site down with it) or is refused with 503. Envoy has one failure mode
 * per filter, so there are two filter instances, told apart by stage: each only sends the
 * route rate_limits entries of its own stage, and a route's entries carry their policy's stage.
 */
import type { GlobalRateLimitRule, GlobalRateLimitSettings, RateLimitService, RateLimitSettings } from '../../../ir/types';
import { localRateLimitActions } from './localratelimit';
import { descriptorEntries, type DescriptorEntry } from '../../../ir/ratelimit';
import type { Cluster } from '../../../generated/envoy/config/cluster/v3/Cluster';
import type { RateLimit as RouteRateLimit, _envoy_config_route_v3_RateLimit_Action as RateLimitAction } from '../../../generated/envoy/config/route/v3/RateLimit';
import type { RateLimit as RateLimitFilter } from '../../../generated/envoy/extensions/filters/http/ratelimit/v3/RateLimit';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { HttpProtocolOptions } from '../../../generated/envoy/extensions/upstreams/http/v3/HttpProtocolOptions';
import { typedConfig } from '../../types';
import { durationFromMs } from '../common';
import { dnsCluster } from '../clusters/cluster';
import { loadAssignment, lbEndpoint, singleLocality } from '../endpoints/endpoint';
import { FilterName, ProtoType, RATE_LIMIT_SERVICE_CLUSTER } from '../names';

/**
 * How long a proxy waits for the service's answer before the failure mode applies. Envoy's
 * default (20 ms) fails open on any hiccup of a loaded service; a second bounds the delay a
 * slow service adds.
 */
export const CALL_TIMEOUT_MS = 1000;

/** The filter stage of each failure mode (route entries name it); the local limits' filter has stage 0. */
const FAIL_OPEN_STAGE = 1;
const FAIL_CLOSED_STAGE = 2;

function stageOf(settings: GlobalRateLimitSettings): number {
  return settings.failOpen ? FAIL_OPEN_STAGE : FAIL_CLOSED_STAGE;
}

/** The filter instance of a failure mode: "envoy.filters.http.ratelimit/fail-open" or ".../fail-closed". */
export function globalRateLimitFilterName(failOpen: boolean): string {
  return `${FilterName.rateLimit}/${failOpen ? 'fail-open' : 'fail-closed'}`;
}

function filterConfig(service: RateLimitService, failOpen: boolean): RateLimitFilter {
  const config: RateLimitFilter = {
    domain: service.domain,
    stage: failOpen ? FAIL_OPEN_STAGE : FAIL_CLOSED_STAGE,
    request_type: 'external',
    timeout: durationFromMs(CALL_TIMEOUT_MS),
    failure_mode_deny: !failOpen,
    // The default :authority would be the cluster name, which servers may refuse.
    rate_limit_service: { grpc_service: { envoy_grpc: { cluster_name: RATE_LIMIT_SERVICE_CLUSTER, authority: service.host } }, transport_api_version: 'V3' },
    enable_x_ratelimit_headers: 'DRAFT_VERSION_03',
  };
  // Envoy answers 500 by default; 503 says the client may retry.
  if (!failOpen) config.status_on_error = { code: 'ServiceUnavailable' };
  return config;
}

/** The connection manager's rate limit filters for the failure modes its routes use (fail open first). */
export function globalRateLimitHttpFilters(service: RateLimitService, failOpenModes: ReadonlySet<boolean>): HttpFilter[] {
  return [true, false].filter((mode) => failOpenModes.has(mode))
    .map((failOpen) => ({ name: globalRateLimitFilterName(failOpen), typed_config: typedConfig(ProtoType.rateLimit, filterConfig(service, failOpen)) }));
}

function action(entry: DescriptorEntry): RateLimitAction {
  const from = entry.from;
  if ('rule' in from) return { generic_key: { descriptor_key: entry.key, descriptor_value: from.rule } };
  if ('header' in from) {
    // A missing header (or, with a value, a different one) makes the rule's descriptor absent:
    // the rule does not count the request.
    return from.equals === undefined
      ? { request_headers: { header_name: from.header, descriptor_key: entry.key } }
      : { header_value_match: { descriptor_key: entry.key, descriptor_value: from.equals, expect_match: { value: true }, headers: [{ name: from.header, string_match: { exact: from.equals } }] } };
  }
  if ('cidr' in from) {
    // The other family is masked to a full-length prefix, which never equals the rule's CIDR.
    const { prefixLength, ipv6 } = from.cidr;
    return { masked_remote_address: { v4_prefix_mask_len: { value: ipv6 ? 32 : prefixLength }, v6_prefix_mask_len: { value: ipv6 ? prefixLength : 128 } } };
  }
  return { remote_address: {} };
}

/** A rule's route rate_limits entry: its descriptor's actions, in the filter stage of its failure mode. */
function routeRateLimit(rule: GlobalRateLimitRule, stage: number): RouteRateLimit {
  return { stage: { value: stage }, actions: descriptorEntries(rule).map(action) };
}

/** The rate_limits entries of global limits: one per rule, in the stage of their failure mode. */
export function globalRateLimitActions(settings: GlobalRateLimitSettings): RouteRateLimit[] {
  const stage = stageOf(settings);
  return settings.rules.map((rule) => routeRateLimit(rule, stage));
}

/**
 * The rate_limits of a route (RouteAction) or a listener's virtual hosts: the local limits'
 * entries (stage 0, localratelimit.ts), then the global limits'. Both filters read the same list,
 * each only the entries of its own stage.
 */
export function rateLimitActions(settings: RateLimitSettings | undefined): RouteRateLimit[] {
  if (!settings) return [];
  return [...(settings.local ? localRateLimitActions(settings) : []), ...(settings.global ? globalRateLimitActions(settings.global) : [])];
}

/** The cluster of the rate limit service: its address resolved by DNS (an IP literal resolves to itself), spoken to over HTTP/2. */
export function rateLimitServiceCluster(service: RateLimitService): Cluster {
  const cluster = Object.assign(dnsCluster(RATE_LIMIT_SERVICE_CLUSTER), {
    load_assignment: loadAssignment(RATE_LIMIT_SERVICE_CLUSTER, singleLocality([lbEndpoint(service.host, service.port)])),
  });
  const options: HttpProtocolOptions = { explicit_http_config: { http2_protocol_options: {} } };
  cluster.typed_extension_protocol_options = { [ProtoType.httpProtocolOptions]: typedConfig(ProtoType.httpProtocolOptions, options) };
  return cluster;
}
