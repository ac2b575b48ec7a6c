/**
 * The BackendPolicy settings Envoy holds on the route, not the cluster: what a consistent hash
 * load balancer (loadBalancer RingHash or Maglev) hashes (Envoy computes the hash from the
 * route's hash_policy and hands it to whichever cluster the route picks), and the stream idle
 * timeout. A route whose backends have different policies takes its first backend's (a route
 * has one hash, one idle timeout).
 */
import type { HashOn } from '../../../ir/backendpolicy';
import type { HTTPRoute } from '../../../ir/types';
import type { RouteAction } from '../../../generated/envoy/config/route/v3/RouteAction';
import type { BackendPolicySettings } from '../../../ir/backendpolicy';
import { validSettings } from '../clusters/destination';
import { durationFromMs } from '../common';

type HashPolicy = NonNullable<RouteAction['hash_policy']>[number];

function hashPolicy(on: HashOn): HashPolicy {
  switch (on.type) {
    case 'header': return { header: { header_name: on.name } };
    // With a ttl (0s: a session cookie), Envoy sets the cookie on answers to requests without one.
    case 'cookie': return { cookie: { name: on.name, ttl: { seconds: on.ttlSeconds }, ...(on.path !== undefined ? { path: on.path } : {}) } };
    case 'sourceIP': return { connection_properties: { source_ip: true } };
  }
}

/** The first of the route's backends' policies that sets what pick reads. */
function first<T>(route: HTTPRoute, pick: (settings: BackendPolicySettings) => T | undefined): T | undefined {
  for (const setting of validSettings(route.destination)) {
    const value = setting.backendPolicy ? pick(setting.backendPolicy) : undefined;
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The route's hash_policy, when a backend's BackendPolicy balances by a hash. */
export function hashPolicies(route: HTTPRoute): HashPolicy[] | undefined {
  const on = first(route, (s) => s.loadBalancer?.hashOn);
  return on ? [hashPolicy(on)] : undefined;
}

/** The route action fields BackendPolicy sets (none without one). */
export function backendPolicyRouteFields(route: HTTPRoute): Pick<RouteAction, 'hash_policy' | 'idle_timeout'> {
  const out: Pick<RouteAction, 'hash_policy' | 'idle_timeout'> = {};
  const hash = hashPolicies(route);
  if (hash) out.hash_policy = hash;
  const idleMs = first(route, (s) => s.timeout?.streamIdleMs);
  if (idleMs !== undefined) out.idle_timeout = durationFromMs(idleMs);
  return out;
}
