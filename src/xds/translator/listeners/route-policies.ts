/**
 * The routes of a virtual host that carry Pier policies. The HTTP filters that collect policy
 * settings from a listener's routes (rate limits, security, observability) walk these rather than
 * every route: most routes have none, and a frozen virtual host (as the translator gets them) is
 * kept as it is across edits of other hosts, so its routes are walked once (bench `route-apply`).
 */
import type { HTTPRoute, VirtualHost } from '../../../ir/types';

const WITH_POLICIES = new WeakMap<VirtualHost, readonly HTTPRoute[]>();

export function routesWithPolicies(vhost: VirtualHost): readonly HTTPRoute[] {
  const known = WITH_POLICIES.get(vhost);
  if (known) return known;
  const found = vhost.routes.filter((r) => r.policies !== undefined);
  if (Object.isFrozen(vhost) && Object.isFrozen(vhost.routes)) WITH_POLICIES.set(vhost, found);
  return found;
}
