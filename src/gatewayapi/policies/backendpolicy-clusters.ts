/**
 * BackendPolicy settings are cluster settings in Envoy, and clusters are per backend and shared by
 * every route that uses it. A route's backend with a BackendPolicy (its Service's, else its rule's,
 * its route's, or its listener's) therefore gets a cluster of its own, named after the policy
 * ("<backend cluster>/backendpolicy/<namespace>/<name>"): every target of one policy shares it,
 * backends without one keep the plain clusters, and a policy edit renames nothing.
 *
 * Precedence follows GEP-713's hierarchy Gateway > Route > Backend: a policy on the Service is the
 * most specific for traffic to that Service, and replaces the route's (or listener's) there.
 *
 * Policies are placed again on every route edit: a route whose backends keep their settings keeps
 * its object (memo below), so the xDS translator's caches of unchanged routes still hold.
 */
import { deepEqual } from 'fast-equals';
import type { BackendPolicySettings } from '../../ir/backendpolicy';
import type { DestinationSetting, HTTPListener, HTTPRoute, MirrorDestination, RouteDestination, XdsIR } from '../../ir/types';

export function backendPolicyClusterName(clusterName: string, settings: BackendPolicySettings): string {
  return `${clusterName}/backendpolicy/${settings.source.namespace}/${settings.source.name}`;
}

/** "<namespace>/<name>" of the Service a valid setting reaches (endpoints or ExternalName); undefined for other backends. */
export function serviceOfSetting(setting: DestinationSetting): string | undefined {
  if (setting.invalid) return undefined;
  if (setting.endpointsOf) return `${setting.endpointsOf.namespace}/${setting.endpointsOf.service}`;
  // An ExternalName Service's cluster is "<namespace>/<service>/<port>" (XBackends' are "xbackend:...").
  if (setting.dnsName === undefined || setting.clusterName.startsWith('xbackend:')) return undefined;
  const [namespace, name] = setting.clusterName.split('/');
  return name === undefined ? undefined : `${namespace}/${name}`;
}

/** The Services an IR's HTTP routes reach (forwarding and mirroring). */
export function servicesOfIR(ir: XdsIR): Set<string> {
  const out = new Set<string>();
  const add = (d: RouteDestination | undefined): void => {
    for (const s of d?.settings ?? []) {
      const service = serviceOfSetting(s);
      if (service !== undefined) out.add(service);
    }
  };
  for (const l of ir.http) for (const vh of l.virtualHosts) for (const r of vh.routes) {
    add(r.destination);
    for (const m of r.mirrors ?? []) add(m);
  }
  return out;
}

type ServiceSettings = ReadonlyMap<string, BackendPolicySettings>;

/** The settings of a backend of a route whose own (rule, route or listener) settings are routeSettings. */
function settingsFor(setting: DestinationSetting, routeSettings: BackendPolicySettings | undefined, services: ServiceSettings): BackendPolicySettings | undefined {
  if (services.size > 0) {
    const service = serviceOfSetting(setting);
    const own = service === undefined ? undefined : services.get(service);
    if (own) return own;
  }
  return routeSettings;
}

function withSettings<D extends RouteDestination>(destination: D, routeSettings: BackendPolicySettings | undefined, services: ServiceSettings): D {
  return {
    ...destination,
    settings: destination.settings.map((s): DestinationSetting => {
      const settings = s.invalid ? undefined : settingsFor(s, routeSettings, services);
      return settings ? { ...s, clusterName: backendPolicyClusterName(s.clusterName, settings), backendPolicy: settings } : s;
    }),
  };
}

/** What each of a route's backends gets, in order (destination, then mirrors): undefined for none. */
function effectiveSettings(route: HTTPRoute, routeSettings: BackendPolicySettings | undefined, services: ServiceSettings): (BackendPolicySettings | undefined)[] {
  const out: (BackendPolicySettings | undefined)[] = [];
  for (const d of [route.destination, ...(route.mirrors ?? [])]) for (const s of d?.settings ?? []) out.push(s.invalid ? undefined : settingsFor(s, routeSettings, services));
  return out;
}

/** Per IR route (frozen, without BackendPolicy clusters): what it was given last, and the route made of it. */
const placed = new WeakMap<HTTPRoute, { effective: (BackendPolicySettings | undefined)[]; route: HTTPRoute }>();

function routeWithPolicy(route: HTTPRoute, listenerSettings: BackendPolicySettings | undefined, services: ServiceSettings): HTTPRoute {
  const routeSettings = route.policies?.backend ?? listenerSettings;
  if (!route.destination || (!routeSettings && services.size === 0)) return route;
  const effective = effectiveSettings(route, routeSettings, services);
  if (effective.every((e) => e === undefined)) return route;
  const last = placed.get(route);
  // Settings are placed anew each time: the same content is the same route.
  if (last && deepEqual(last.effective, effective)) return last.route;
  const out: HTTPRoute = { ...route, destination: withSettings(route.destination, routeSettings, services) };
  if (route.mirrors) out.mirrors = route.mirrors.map((m): MirrorDestination => withSettings(m, routeSettings, services));
  const frozen = Object.freeze(out);
  if (Object.isFrozen(route)) placed.set(route, { effective, route: frozen });
  return frozen;
}

/**
 * ir with each route's backends on the clusters of their BackendPolicy (services: by Service,
 * "<namespace>/<name>"); the same object when no backend has one.
 */
export function applyBackendPolicyClusters(ir: XdsIR, services: ServiceSettings = new Map()): XdsIR {
  let changed = false;
  const http = ir.http.map((listener): HTTPListener => {
    const own = listener.policies?.backend;
    let listenerChanged = false;
    const virtualHosts = listener.virtualHosts.map((vh) => {
      if (!own && services.size === 0 && !vh.routes.some((r) => r.policies?.backend)) return vh;
      let routesChanged = false;
      const routes = vh.routes.map((r) => {
        const out = routeWithPolicy(r, own, services);
        if (out !== r) routesChanged = true;
        return out;
      });
      if (!routesChanged) return vh;
      listenerChanged = true;
      return { ...vh, routes };
    });
    if (!listenerChanged) return listener;
    changed = true;
    return { ...listener, virtualHosts };
  });
  return changed ? { ...ir, http } : ir;
}
