/**
 * BackendPolicy settings are cluster settings in Envoy, and clusters are per backend and shared by
 * every route that uses it. A route with a BackendPolicy (its rule's, its route's, or else its
 * listener's) therefore reaches its backends through clusters of their own, named after the
 * policy ("<backend cluster>/backendpolicy/<namespace>/<name>"): every target of one policy
 * shares them, routes without one keep the plain clusters, and a policy edit renames nothing.
 */
import type { BackendPolicySettings } from '../../ir/backendpolicy';
import type { DestinationSetting, HTTPListener, HTTPRoute, MirrorDestination, RouteDestination, XdsIR } from '../../ir/types';

export function backendPolicyClusterName(clusterName: string, settings: BackendPolicySettings): string {
  return `${clusterName}/backendpolicy/${settings.source.namespace}/${settings.source.name}`;
}

function withSettings<D extends RouteDestination>(destination: D, settings: BackendPolicySettings): D {
  return {
    ...destination,
    settings: destination.settings.map((s): DestinationSetting => (s.invalid ? s : { ...s, clusterName: backendPolicyClusterName(s.clusterName, settings), backendPolicy: settings })),
  };
}

function routeWithPolicy(route: HTTPRoute, listenerSettings: BackendPolicySettings | undefined): HTTPRoute {
  const settings = route.policies?.backend ?? listenerSettings;
  if (!settings || !route.destination) return route;
  const out: HTTPRoute = { ...route, destination: withSettings(route.destination, settings) };
  if (route.mirrors) out.mirrors = route.mirrors.map((m): MirrorDestination => withSettings(m, settings));
  return Object.freeze(out);
}

/** ir with each route's backends on the clusters of its BackendPolicy; the same object when no route has one. */
export function applyBackendPolicyClusters(ir: XdsIR): XdsIR {
  let changed = false;
  const http = ir.http.map((listener): HTTPListener => {
    const own = listener.policies?.backend;
    let listenerChanged = false;
    const virtualHosts = listener.virtualHosts.map((vh) => {
      if (!own && !vh.routes.some((r) => r.policies?.backend)) return vh;
      listenerChanged = true;
      return { ...vh, routes: vh.routes.map((r) => routeWithPolicy(r, own)) };
    });
    if (!listenerChanged) return listener;
    changed = true;
    return { ...listener, virtualHosts };
  });
  return changed ? { ...ir, http } : ir;
}
