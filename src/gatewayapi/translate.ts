/**
 * The Gateway API translator: ProviderResources -> one XdsIR and InfraIR per Gateway, plus the
 * status of every object Pier manages. Pure and deterministic: no clock, no I/O, sorted output.
 * It never throws on bad input: a problem in one object becomes a status condition on it.
 *
 * Outline (after Envoy Gateway's design): accept GatewayClasses of our controller; build each
 * Gateway's listeners (listeners.ts); translate each route once (httproute.ts, grpcroute.ts,
 * l4routes.ts) and attach it to its parents (parents.ts); settle HTTPRoute/GRPCRoute hostname
 * conflicts (routeconflicts.ts); then build each served listener's IR (listenerir.ts) and the
 * statuses.
 */
import type { GatewayClass, GRPCRoute, HTTPRoute, Route } from '../apis/gateway';
import type { KubeObject } from '../apis/meta';
import type { InfraIR, XdsIR } from '../ir/types';
import type { ObjectStatus, ProviderResources } from '../message/resources';
import { ConditionType, GatewayClassReason, RouteReason } from './conditions';
import { defaultedParentRef, GatewayContext, type ListenerContext, type RouteContext } from './contexts';
import { GRPCRouteContext, translateGRPCRoute } from './grpcroute';
import { HTTPRouteContext, translateHTTPRoute } from './httproute';
import type { HTTPLikeRouteContext } from './httprules';
import { L4RouteContext, translateL4Route, type L4Route } from './l4routes';
import { httpListenerIR, tcpListenerIR, tlsListenerIR, udpListenerIR, type L4Claim } from './listenerir';
import { supportedFeatures } from './features';
import { buildGatewayContext } from './listeners';
import { isolatedHostnames } from './isolation';
import { attachRoute } from './parents';
import { recordBackendTLSUses } from './backendtlsuse';
import { ResourceIndex } from './resourceindex';
import { resolveKindConflicts } from './routeconflicts';
import { condition, verdict } from './status';
import { routeTableEntries, type RouteTableEntry } from './virtualhosts';

export interface TranslateOptions {
  /** GatewayClasses whose spec.controllerName equals this are ours. */
  controllerName: string;
  /** Bind address (and status address) for Gateways without spec.addresses. */
  defaultAddress?: string;
}

export interface TranslationResult {
  /** Key: "<namespace>/<gateway>". */
  xdsIR: Record<string, XdsIR>;
  /** Key: "<namespace>/<gateway>". */
  infraIR: Record<string, InfraIR>;
  /** Sorted by kind (GatewayClass, Gateway, routes), then namespace and name. */
  statuses: ObjectStatus[];
}

const STATUS_KIND_ORDER = ['GatewayClass', 'Gateway', 'HTTPRoute', 'GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute', 'BackendTLSPolicy'];

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byNamespaceAndName<T extends KubeObject>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name));
}

function compareStatuses(a: ObjectStatus, b: ObjectStatus): number {
  return STATUS_KIND_ORDER.indexOf(a.kind) - STATUS_KIND_ORDER.indexOf(b.kind)
    || compareStrings(a.namespace ?? '', b.namespace ?? '')
    || compareStrings(a.name, b.name);
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Accepted, and the features Pier supports. No SupportedVersion condition: it is experimental
 * in v1.6, and the standard-channel CRDs carry no bundle version for Pier to judge.
 */
function gatewayClassStatus(gc: GatewayClass): ObjectStatus {
  return {
    kind: 'GatewayClass',
    name: gc.metadata.name,
    status: {
      conditions: [condition(ConditionType.Accepted, verdict(true, GatewayClassReason.Accepted, 'GatewayClass is accepted'), gc.metadata.generation)],
      supportedFeatures: supportedFeatures(),
    },
  };
}

function compareListeners(a: ListenerContext, b: ListenerContext): number {
  return a.listener.port - b.listener.port || compareStrings(a.listener.name, b.listener.name);
}

/** When a route could not be translated at all: say so on every parent of ours. */
function internalErrorRouteStatus(route: RouteContext, gateways: ReadonlyMap<string, GatewayContext>, controllerName: string, err: unknown): ObjectStatus | undefined {
  const parents = route.parentRefs()
    .filter((ref) => gateways.has(`${ref.namespace ?? route.namespace}/${ref.name}`))
    .map((ref) => ({
      parentRef: defaultedParentRef(ref),
      controllerName,
      conditions: [condition(ConditionType.Accepted, verdict(false, RouteReason.UnsupportedValue, `internal error: ${errorMessage(err)}`), route.generation)],
    }));
  if (parents.length === 0) return undefined;
  return { kind: route.kind, namespace: route.namespace, name: route.name, status: { parents } };
}

function routeStatus(route: HTTPLikeRouteContext | L4RouteContext, controllerName: string): ObjectStatus | undefined {
  if (route.parents.length === 0) return undefined;
  const verdicts = route.verdicts();
  return {
    kind: route.kind, namespace: route.namespace, name: route.name,
    status: { parents: route.parents.map((p) => p.status(controllerName, route.generation, verdicts)) },
  };
}

/** What translation accumulates per listener before building IR. */
class ListenerTables {
  readonly http = new Map<ListenerContext, RouteTableEntry[]>();
  readonly l4 = new Map<ListenerContext, L4Claim[]>();

  addEntries(listener: ListenerContext, entries: RouteTableEntry[]): void {
    if (entries.length === 0) return;
    const table = this.http.get(listener) ?? [];
    table.push(...entries);
    this.http.set(listener, table);
  }

  addClaim(listener: ListenerContext, claim: L4Claim): void {
    const claims = this.l4.get(listener) ?? [];
    claims.push(claim);
    this.l4.set(listener, claims);
  }
}

/** Counts and places an attached HTTP-like route: route table entries on each served listener. */
function placeHTTPLike(route: HTTPLikeRouteContext, tables: ListenerTables): void {
  const problem = route.problemVerdict;
  for (const parent of route.parents) {
    if (!parent.attachment.ok) continue;
    // Only routes with Accepted=True count, and only they are served.
    if (!parent.accepted(problem).ok) continue;
    for (const { listener, hostnames } of parent.attachments) {
      listener.attachedRoutes.add(route.key);
      if (listener.served) tables.addEntries(listener, routeTableEntries(route, isolatedHostnames(listener, hostnames)));
    }
  }
}

function placeL4(route: L4RouteContext, tables: ListenerTables): void {
  for (const parent of route.parents) {
    if (!parent.attachment.ok) continue;
    for (const { listener, hostnames } of parent.attachments) {
      listener.attachedRoutes.add(route.key);
      if (listener.served) tables.addClaim(listener, { route, hostnames: isolatedHostnames(listener, hostnames) });
    }
  }
}

interface Translated<C> {
  contexts: C[];
  statuses: ObjectStatus[];
}

/**
 * Translates and attaches each route; a route whose translation fails unexpectedly gets an
 * internal-error status and no further part (so a failure leaves no partial state).
 */
function translateRoutes<R extends Route, C extends HTTPLikeRouteContext | L4RouteContext>(
  routes: readonly R[],
  translateOne: (route: R) => C,
  fallback: (route: R) => RouteContext,
  usesHostnames: (ctx: C) => boolean,
  gateways: ReadonlyMap<string, GatewayContext>,
  index: ResourceIndex,
  controllerName: string,
): Translated<C> {
  const out: Translated<C> = { contexts: [], statuses: [] };
  for (const route of byNamespaceAndName(routes)) {
    try {
      const ctx = translateOne(route);
      ctx.parents = attachRoute(ctx, gateways, index, usesHostnames(ctx));
      out.contexts.push(ctx);
    } catch (err) {
      const status = internalErrorRouteStatus(fallback(route), gateways, controllerName, err);
      if (status) out.statuses.push(status);
    }
  }
  return out;
}

export function translate(resources: ProviderResources, options: TranslateOptions): TranslationResult {
  const index = new ResourceIndex(resources);
  const statuses: ObjectStatus[] = [];
  const { controllerName } = options;

  // GatewayClasses of our controller are accepted; others are not ours to answer.
  const ourClasses = new Set<string>();
  for (const gc of byNamespaceAndName(resources.gatewayClasses)) {
    if (gc.spec?.controllerName !== controllerName) continue;
    ourClasses.add(gc.metadata.name);
    statuses.push(gatewayClassStatus(gc));
  }

  const gateways = new Map<string, GatewayContext>();
  for (const gw of byNamespaceAndName(resources.gateways)) {
    if (!ourClasses.has(gw.spec?.gatewayClassName)) continue;
    let ctx: GatewayContext;
    try {
      ctx = buildGatewayContext(gw, index, { defaultAddress: options.defaultAddress });
    } catch (err) {
      ctx = new GatewayContext(gw);
      ctx.internalError = errorMessage(err);
    }
    gateways.set(ctx.key, ctx);
  }

  const http = translateRoutes<HTTPRoute, HTTPLikeRouteContext>(resources.httpRoutes, (r) => translateHTTPRoute(r, index),
    (r) => new HTTPRouteContext(r), () => true, gateways, index, controllerName);
  const grpc = translateRoutes<GRPCRoute, HTTPLikeRouteContext>(resources.grpcRoutes, (r) => translateGRPCRoute(r, index),
    (r) => new GRPCRouteContext(r), () => true, gateways, index, controllerName);
  const l4Routes: L4Route[] = [...resources.tlsRoutes, ...resources.tcpRoutes, ...resources.udpRoutes];
  const l4 = translateRoutes<L4Route, L4RouteContext>(l4Routes, (r) => translateL4Route(r, index),
    (r) => new L4RouteContext(r), (ctx) => ctx.usesHostnames, gateways, index, controllerName);

  const httpLike = [...http.contexts, ...grpc.contexts];
  resolveKindConflicts(httpLike);

  const tables = new ListenerTables();
  for (const route of httpLike) placeHTTPLike(route, tables);
  for (const route of l4.contexts) placeL4(route, tables);
  statuses.push(...http.statuses, ...grpc.statuses, ...l4.statuses);
  recordBackendTLSUses(resources, [...httpLike, ...l4.contexts], index);
  statuses.push(...index.backendTLS.statuses(controllerName));
  for (const route of [...httpLike, ...l4.contexts]) {
    const status = routeStatus(route, controllerName);
    if (status) statuses.push(status);
  }

  const xdsIR: Record<string, XdsIR> = {};
  const infraIR: Record<string, InfraIR> = {};
  for (const gw of gateways.values()) {
    statuses.push({ kind: 'Gateway', namespace: gw.namespace, name: gw.name, status: gw.status() });
    if (!gw.served) continue;
    const served = gw.listeners.filter((l) => l.served).sort(compareListeners);
    const ofProtocol = (...protocols: string[]): ListenerContext[] => served.filter((l) => protocols.includes(l.listener.protocol));
    xdsIR[gw.key] = {
      gateway: gw.key,
      http: ofProtocol('HTTP', 'HTTPS').map((l) => httpListenerIR(l, tables.http.get(l) ?? [])),
      tcp: [
        ...ofProtocol('TLS').map((l) => tlsListenerIR(l, tables.l4.get(l) ?? [])),
        ...ofProtocol('TCP').map((l) => tcpListenerIR(l, tables.l4.get(l) ?? [])),
      ].sort((a, b) => a.port - b.port || compareStrings(a.name, b.name)),
      udp: ofProtocol('UDP').map((l) => udpListenerIR(l, tables.l4.get(l) ?? [])),
    };
    infraIR[gw.key] = {
      gateway: gw.key,
      listeners: served.map((l) => ({ name: l.irName, address: gw.bindAddress, port: l.listener.port, protocol: l.listener.protocol })),
      addresses: gw.statusAddresses.map((a) => a.value),
    };
  }

  statuses.sort(compareStatuses);
  return { xdsIR, infraIR, statuses };
}
