/**
 * BackendPolicy settings are cluster settings in Envoy, and clusters are per backend and shared by
 * every route that uses it. Per Gateway, a backend's plain cluster carries its Service's policy,
 * else the Gateway-wide one (XdsIR.backendClusterPolicies): a policy every use of the backend
 * shares changes the cluster alone, not the routes nor the endpoints. A route's backend whose own
 * policy (its rule's, route's or listener's) differs gets a cluster of its own, named after the
 * policy ("<backend cluster>/backendpolicy/<namespace>/<name>"), shared by every target of it.
 *
 * A cluster that something besides HTTP routes' backends also uses (a TCP, TLS or UDP route, an
 * authorization service, a telemetry receiver) carries no policy: BackendPolicy is for HTTP and
 * gRPC traffic, and the routes reach that backend through the policy's clusters.
 *
 * Precedence follows GEP-713's hierarchy Gateway > Route > Backend: a policy on the Service is the
 * most specific for traffic to that Service, and replaces the route's (or listener's) there.
 *
 * Policies are placed again on every route edit: a route whose backends keep their settings keeps
 * its object (memo below), so the xDS translator's caches of unchanged routes still hold.
 */
import { deepEqual } from 'fast-equals';
import { freezeValue } from '../../message/watchable';
import type { BackendPolicyRouteSettings, BackendPolicySettings } from '../../ir/backendpolicy';
import type { DestinationSetting, HTTPListener, HTTPRoute, MirrorDestination, PolicySettings, RouteDestination, XdsIR } from '../../ir/types';

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

/** What the plain clusters of one Gateway's backends may carry. */
export interface BackendPlacement {
  /** "<namespace>/<name>" of a Service the Gateway's routes reach -> its BackendPolicy's settings. */
  services: ReadonlyMap<string, BackendPolicySettings>;
  /** The policy on the Gateway as a whole (no sectionName), if any. */
  gateway?: BackendPolicySettings;
}

const NO_PLACEMENT: BackendPlacement = { services: new Map() };

/** Whether two placed settings are one policy's (a policy's content is the same at each of its targets). */
function samePolicy(a: BackendPolicySettings, b: BackendPolicySettings | undefined): boolean {
  return a === b || (b !== undefined && a.source.namespace === b.source.namespace && a.source.name === b.source.name);
}

/** The receivers of telemetry a policy sends over OTLP (access logs, a tracer). */
function exportersOf(policies: PolicySettings | undefined): DestinationSetting[] {
  const observability = policies?.observability;
  const out = (observability?.accessLogs ?? []).flatMap((l) => (l.otlp?.exporter ? [l.otlp.exporter.destination] : []));
  if (observability?.tracing?.tracer) out.push(observability.tracing.tracer.exporter.destination);
  return out;
}

/** The cluster names something besides the HTTP routes' backends uses: L4 routes, authorization services, telemetry receivers. */
function clustersBeyondRoutes(ir: XdsIR): Set<string> {
  const out = new Set<string>();
  const add = (settings: readonly DestinationSetting[] | undefined): void => {
    for (const s of settings ?? []) if (!s.invalid) out.add(s.clusterName);
  };
  for (const l of ir.tcp) for (const r of l.routes) add(r.destination?.settings);
  for (const l of ir.udp) add(l.destination?.settings);
  const tracing = ir.telemetry?.tracing?.exporter.destination;
  if (tracing) add([tracing]);
  for (const l of ir.http) {
    for (const f of l.requestFilters ?? []) add([f.externalAuth.service]);
    add(exportersOf(l.policies));
    for (const vh of l.virtualHosts) for (const r of vh.routes) {
      if (r.externalAuth) add([r.externalAuth.service]);
      if (r.policies?.observability) add(exportersOf(r.policies));
    }
  }
  return out;
}

/** The policy each plain cluster of one Gateway carries, by cluster name. */
class PlainPolicies {
  private readonly byCluster = new Map<string, BackendPolicySettings | undefined>();
  /** What the plain clusters the routes use carry (XdsIR.backendClusterPolicies). */
  readonly used: Record<string, BackendPolicySettings> = {};
  usedAny = false;

  constructor(private readonly placement: BackendPlacement, private readonly beyondRoutes: ReadonlySet<string>) {}

  get services(): ReadonlyMap<string, BackendPolicySettings> {
    return this.placement.services;
  }

  of(setting: DestinationSetting): BackendPolicySettings | undefined {
    // Without Service policies, the Gateway's wherever no other use forbids it: no cache needed.
    if (this.services.size === 0) return this.beyondRoutes.size > 0 && this.beyondRoutes.has(setting.clusterName) ? undefined : this.placement.gateway;
    const name = setting.clusterName;
    if (this.byCluster.has(name)) return this.byCluster.get(name);
    let out: BackendPolicySettings | undefined;
    if (!this.beyondRoutes.has(name)) {
      const service = serviceOfSetting(setting);
      out = (service === undefined ? undefined : this.services.get(service)) ?? this.placement.gateway;
    }
    this.byCluster.set(name, out);
    return out;
  }

  /** A route's backend is on its plain cluster, carrying settings. */
  use(setting: DestinationSetting, settings: BackendPolicySettings): void {
    this.used[setting.clusterName] = settings;
    this.usedAny = true;
  }
}

/** The settings of a backend of a route whose own (rule, route or listener) settings are routeSettings. */
function settingsFor(setting: DestinationSetting, routeSettings: BackendPolicySettings | undefined, services: ReadonlyMap<string, BackendPolicySettings>): BackendPolicySettings | undefined {
  if (setting.invalid) return undefined;
  if (services.size > 0) {
    const service = serviceOfSetting(setting);
    const own = service === undefined ? undefined : services.get(service);
    if (own) return own;
  }
  return routeSettings;
}

/** What a route is given: per backend (destination, then mirrors) the settings of a cluster of its own (undefined: the plain one), and the route's own fields. */
interface RoutePlacement {
  own: (BackendPolicySettings | undefined)[];
  route?: BackendPolicyRouteSettings;
}

function placementOf(route: HTTPRoute, routeSettings: BackendPolicySettings | undefined, plain: PlainPolicies): RoutePlacement {
  const own: (BackendPolicySettings | undefined)[] = [];
  const fields: BackendPolicyRouteSettings = {};
  const destinations = [route.destination, ...(route.mirrors ?? [])];
  destinations.forEach((d, i) => {
    for (const s of d?.settings ?? []) {
      const effective = settingsFor(s, routeSettings, plain.services);
      if (!effective) {
        own.push(undefined);
        continue;
      }
      const carried = plain.of(s);
      if (samePolicy(effective, carried)) {
        own.push(undefined);
        plain.use(s, carried!);
      } else own.push(effective);
      // A route has one hash and one idle timeout: its first forwarding backend's that sets each.
      if (i > 0) continue;
      if (fields.hashOn === undefined && effective.loadBalancer?.hashOn) fields.hashOn = effective.loadBalancer.hashOn;
      if (fields.streamIdleMs === undefined && effective.timeout?.streamIdleMs !== undefined) fields.streamIdleMs = effective.timeout.streamIdleMs;
    }
  });
  return fields.hashOn !== undefined || fields.streamIdleMs !== undefined ? { own, route: fields } : { own };
}

function withOwnClusters<D extends RouteDestination>(destination: D, own: readonly (BackendPolicySettings | undefined)[], at: number): D {
  return {
    ...destination,
    settings: destination.settings.map((s, i): DestinationSetting => {
      const settings = own[at + i];
      return settings ? { ...s, clusterName: backendPolicyClusterName(s.clusterName, settings), backendPolicy: settings } : s;
    }),
  };
}

/** Per IR route (frozen, without BackendPolicy clusters): what it was given last, and the route made of it. */
const placed = new WeakMap<HTTPRoute, { placement: RoutePlacement; route: HTTPRoute }>();

/**
 * The common case without allocating: every backend forwarded to (no mirrors, no Service policy)
 * is on its plain cluster, which carries routeSettings, and nothing is set on the route.
 */
function allOnPlainClusters(route: HTTPRoute, routeSettings: BackendPolicySettings, plain: PlainPolicies): boolean {
  if (route.mirrors || plain.services.size > 0 || routeSettings.loadBalancer?.hashOn || routeSettings.timeout?.streamIdleMs !== undefined) return false;
  const settings = route.destination!.settings;
  for (const s of settings) if (!s.invalid && !samePolicy(routeSettings, plain.of(s))) return false;
  for (const s of settings) if (!s.invalid) plain.use(s, plain.of(s)!);
  return true;
}

function routeWithPolicy(route: HTTPRoute, listenerSettings: BackendPolicySettings | undefined, plain: PlainPolicies): HTTPRoute {
  const routeSettings = route.policies?.backend ?? listenerSettings;
  if (!route.destination || (!routeSettings && plain.services.size === 0)) return route;
  if (routeSettings && allOnPlainClusters(route, routeSettings, plain)) return route;
  const placement = placementOf(route, routeSettings, plain);
  if (!placement.route && placement.own.every((e) => e === undefined)) return route;
  const last = placed.get(route);
  // Settings are placed anew each time: the same content is the same route.
  if (last && deepEqual(last.placement, placement)) return last.route;
  const out: HTTPRoute = { ...route, destination: withOwnClusters(route.destination, placement.own, 0) };
  if (route.mirrors) {
    let at = route.destination.settings.length;
    out.mirrors = route.mirrors.map((m): MirrorDestination => {
      const mirror = withOwnClusters(m, placement.own, at);
      at += m.settings.length;
      return mirror;
    });
  }
  if (placement.route) out.backendPolicyRoute = placement.route;
  const frozen = freezeValue(out);
  if (Object.isFrozen(route)) placed.set(route, { placement, route: frozen });
  return frozen;
}

/**
 * Whether two placements' plain cluster settings are the same, name by name and in the same order
 * (the IR's order is its routes'), each distinct pair of settings compared once.
 */
function samePlainPolicies(a: Readonly<Record<string, BackendPolicySettings>>, b: Readonly<Record<string, BackendPolicySettings>>): boolean {
  const compared = new Map<BackendPolicySettings, BackendPolicySettings>();
  const names = Object.keys(a);
  let count = 0;
  for (const name in b) {
    if (names[count++] !== name) return false;
    const x = a[name];
    const y = b[name]!;
    if (x === y) continue;
    if (x === undefined || compared.get(y) !== x && !(x.id === y.id && deepEqual(x, y))) return false;
    compared.set(y, x);
  }
  return count === names.length;
}

/**
 * ir with its BackendPolicies placed: the plain clusters' settings in backendClusterPolicies, and
 * routes whose backends' settings differ on clusters of their own; the same object when no
 * backend has a policy. previous: what the Gateway's plain clusters carried before, kept when
 * the same (route edits place the policies again: the clusters stay, and so does the object).
 */
export function applyBackendPolicyClusters(ir: XdsIR, placement: BackendPlacement = NO_PLACEMENT, previous?: XdsIR['backendClusterPolicies']): XdsIR {
  const anyPolicy = placement.gateway !== undefined || placement.services.size > 0
    || ir.http.some((l) => l.policies?.backend || l.virtualHosts.some((vh) => vh.routes.some((r) => r.policies?.backend)));
  if (!anyPolicy) return ir;
  // Without a Service's or the Gateway's policy, plain clusters carry nothing: no other use to look for.
  const carries = placement.gateway !== undefined || placement.services.size > 0;
  const plain = new PlainPolicies(placement, carries ? clustersBeyondRoutes(ir) : new Set());
  let changed = false;
  const http = ir.http.map((listener): HTTPListener => {
    const own = listener.policies?.backend;
    let listenerChanged = false;
    const virtualHosts = listener.virtualHosts.map((vh) => {
      if (!own && plain.services.size === 0 && !vh.routes.some((r) => r.policies?.backend)) return vh;
      let routesChanged = false;
      const routes = vh.routes.map((r) => {
        const out = routeWithPolicy(r, own, plain);
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
  if (!changed && !plain.usedAny) return ir;
  const out: XdsIR = changed ? { ...ir, http } : { ...ir };
  // Frozen (the settings too): the bus shares it as it is, and the xDS translator sees one object per policy.
  if (plain.usedAny) out.backendClusterPolicies = previous && samePlainPolicies(previous, plain.used) ? previous : freezeValue(plain.used);
  return out;
}
