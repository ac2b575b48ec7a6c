/**
 * The BackendPolicy settings Envoy holds on the route, not the cluster: what a consistent hash
 * load balancer (loadBalancer RingHash or Maglev) hashes (Envoy computes the hash from the
 * route's hash_policy and hands it to whichever cluster the route picks), and the stream idle
 * timeout. The Gateway API translator puts them on the IR route (backendPolicyRoute), each its
 * first backend's that sets it, whether that backend's cluster is its own or the plain one.
 */
import type { HashOn } from '../../../ir/backendpolicy';
import type { HTTPRoute } from '../../../ir/types';
import type { RouteAction } from '../../../generated/envoy/config/route/v3/RouteAction';
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

/** The route's hash_policy, when a backend's BackendPolicy balances by a hash. */
export function hashPolicies(route: HTTPRoute): HashPolicy[] | undefined {
  const on = route.backendPolicyRoute?.hashOn;
  return on ? [hashPolicy(on)] : undefined;
}

/** The route action fields BackendPolicy sets (none without one). */
export function backendPolicyRouteFields(route: HTTPRoute): Pick<RouteAction, 'hash_policy' | 'idle_timeout'> {
  const out: Pick<RouteAction, 'hash_policy' | 'idle_timeout'> = {};
  const hash = hashPolicies(route);
  if (hash) out.hash_policy = hash;
  const idleMs = route.backendPolicyRoute?.streamIdleMs;
  if (idleMs !== undefined) out.idle_timeout = durationFromMs(idleMs);
  return out;
}
