/**
 * What a consistent hash load balancer (BackendPolicy loadBalancer RingHash or Maglev) hashes is
 * set on the route, not the cluster: Envoy computes the hash from the route's hash_policy and
 * hands it to whichever cluster the route picks. A route whose backends' policies hash different
 * things hashes what its first backend's policy says (a route has one hash).
 */
import type { HashOn } from '../../../ir/backendpolicy';
import type { HTTPRoute } from '../../../ir/types';
import type { RouteAction } from '../../../generated/envoy/config/route/v3/RouteAction';
import { validSettings } from '../clusters/destination';

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
  if (!route.destination) return undefined;
  for (const setting of validSettings(route.destination)) {
    const on = setting.backendPolicy?.loadBalancer?.hashOn;
    if (on) return [hashPolicy(on)];
  }
  return undefined;
}
