/**
 * The unit of translation: one Gateway and the routes that name it. Everything a Gateway's
 * proxies get (its XdsIR and InfraIR) and its own status depend only on the Gateway, the routes
 * naming it, and lookups; a route's status entry for a parentRef naming this Gateway depends on
 * the same. So a change re-translates only the Gateways it can affect, and the results of all
 * units put together (compose.ts) are exactly a full translation.
 *
 * Steps (after Envoy Gateway's design): build the Gateway's listeners (listeners.ts); attach
 * each route, translated once for all Gateways (memo.ts), to its parents (parents.ts); settle
 * HTTPRoute/GRPCRoute hostname conflicts (routeconflicts.ts); then build each served
 * listener's IR (listenerir.ts) and the statuses.
 */
import type { Gateway, RouteParentStatus } from '../apis/gateway';
import type { InfraIR, XdsIR } from '../ir/types';
import type { ObjectStatus } from '../message/resources';
import { backendTLSUses } from './backendtlsuse';
import { ConditionType, RouteReason } from './conditions';
import { defaultedParentRef, GatewayContext, type ListenerContext } from './contexts';
import type { HTTPLikeRouteContext } from './httprules';
import { isolatedHostnames } from './isolation';
import type { L4RouteContext } from './l4routes';
import { httpListenerIR, tcpListenerIR, tlsListenerIR, udpListenerIR, type L4Claim } from './listenerir';
import { buildGatewayContext } from './listeners';
import { forAttachment, routeKey, type AnyRoute, type TranslationMemo } from './memo';
import { attachRoute, parentGatewayKey } from './parents';
import type { ResourceIndex } from './resourceindex';
import { resolveKindConflicts } from './routeconflicts';
import { condition, verdict } from './status';
import { routeTableEntries, type RouteTableEntry } from './virtualhosts';

export interface UnitOptions {
  controllerName: string;
  /** Bind address (and status address) for Gateways without spec.addresses. */
  defaultAddress?: string;
}

/** What translating one Gateway of ours produces. */
export interface GatewayUnit {
  /** "<namespace>/<gateway>" */
  key: string;
  /** Absent when the Gateway is not served (not accepted, or nothing to program). */
  xdsIR?: XdsIR;
  infraIR?: InfraIR;
  status: ObjectStatus;
  /**
   * Route key -> its status entries for the parentRefs naming this Gateway, by parentRef index.
   * Every route naming the Gateway has an entry here.
   */
  routeEntries: Map<string, Map<number, RouteParentStatus>>;
  /** The BackendTLSPolicies ("<namespace>/<name>") this Gateway is an ancestor of. */
  policies: Set<string>;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byNamespaceAndName<T extends AnyRoute>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name));
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function compareListeners(a: ListenerContext, b: ListenerContext): number {
  return a.listener.port - b.listener.port || compareStrings(a.listener.name, b.listener.name);
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

/** The entry of a route that could not be translated, for one parentRef of ours. */
export function internalErrorEntry(route: AnyRoute, refIndex: number, controllerName: string, error: string): RouteParentStatus {
  const ref = route.spec.parentRefs?.[refIndex] ?? { name: '' };
  return {
    parentRef: defaultedParentRef(ref),
    controllerName,
    conditions: [condition(ConditionType.Accepted, verdict(false, RouteReason.UnsupportedValue, `internal error: ${error}`), route.metadata.generation)],
  };
}

/** Indexes of the parentRefs of a route that name gateway. */
function refsNaming(route: AnyRoute, gateway: string): number[] {
  const out: number[] = [];
  for (const [i, ref] of (route.spec.parentRefs ?? []).entries()) {
    if (parentGatewayKey(ref, route.metadata.namespace ?? '') === gateway) out.push(i);
  }
  return out;
}

/**
 * Translates one Gateway of ours (its class is ours) with the routes naming it (any kind, any
 * order; routes not naming it are ignored).
 */
export function translateGatewayUnit(
  gateway: Gateway,
  routes: readonly AnyRoute[],
  index: ResourceIndex,
  memo: TranslationMemo,
  options: UnitOptions,
): GatewayUnit {
  const { controllerName } = options;
  let gw: GatewayContext;
  try {
    gw = buildGatewayContext(gateway, index, { defaultAddress: options.defaultAddress });
  } catch (err) {
    gw = new GatewayContext(gateway);
    gw.internalError = errorMessage(err);
  }
  const gateways = new Map([[gw.key, gw]]);
  const routeEntries = new Map<string, Map<number, RouteParentStatus>>();
  const httpLike: HTTPLikeRouteContext[] = [];
  const l4: L4RouteContext[] = [];

  // Kinds in a fixed order, each by namespace and name: the order a full translation uses.
  const ordered = [
    ...byNamespaceAndName(routes.filter((r) => r.kind === 'HTTPRoute')),
    ...byNamespaceAndName(routes.filter((r) => r.kind === 'GRPCRoute')),
    ...byNamespaceAndName(routes.filter((r) => r.kind === 'TLSRoute' || r.kind === 'TCPRoute' || r.kind === 'UDPRoute')),
  ];
  for (const route of ordered) {
    const refs = refsNaming(route, gw.key);
    if (refs.length === 0) continue;
    const key = routeKey(route);
    const translation = memo.translateRoute(route, index);
    let failure = translation.ok ? undefined : translation.error;
    if (translation.ok) {
      const ctx = forAttachment(translation.ctx);
      try {
        ctx.parents = attachRoute(ctx, gateways, index, ctx.kind === 'HTTPRoute' || ctx.kind === 'GRPCRoute' || (ctx as L4RouteContext).usesHostnames);
        if (ctx.kind === 'HTTPRoute' || ctx.kind === 'GRPCRoute') httpLike.push(ctx as HTTPLikeRouteContext);
        else l4.push(ctx as L4RouteContext);
      } catch (err) {
        failure = errorMessage(err);
      }
    }
    if (failure !== undefined) {
      // A failure leaves no partial state: the route gets an internal-error entry, nothing else.
      routeEntries.set(key, new Map(refs.map((i) => [i, internalErrorEntry(route, i, controllerName, failure!)])));
    }
  }

  resolveKindConflicts(httpLike);
  const tables = new ListenerTables();
  for (const route of httpLike) placeHTTPLike(route, tables);
  for (const route of l4) placeL4(route, tables);

  for (const route of [...httpLike, ...l4]) {
    const verdicts = route.verdicts();
    const entries = new Map<number, RouteParentStatus>();
    for (const p of route.parents) {
      if (p.gateway === gw) entries.set(p.refIndex, p.status(controllerName, route.generation, verdicts));
    }
    routeEntries.set(route.key, entries);
  }

  const unit: GatewayUnit = {
    key: gw.key,
    status: { kind: 'Gateway', namespace: gw.namespace, name: gw.name, status: gw.status() },
    routeEntries,
    policies: backendTLSUses([...httpLike, ...l4], gw.key, index),
  };
  if (!gw.served) return unit;
  const served = gw.listeners.filter((l) => l.served).sort(compareListeners);
  const ofProtocol = (...protocols: string[]): ListenerContext[] => served.filter((l) => protocols.includes(l.listener.protocol));
  unit.xdsIR = {
    gateway: gw.key,
    http: ofProtocol('HTTP', 'HTTPS').map((l) => httpListenerIR(l, tables.http.get(l) ?? [], memo.irRoutes)),
    tcp: [
      ...ofProtocol('TLS').map((l) => tlsListenerIR(l, tables.l4.get(l) ?? [])),
      ...ofProtocol('TCP').map((l) => tcpListenerIR(l, tables.l4.get(l) ?? [])),
    ].sort((a, b) => a.port - b.port || compareStrings(a.name, b.name)),
    udp: ofProtocol('UDP').map((l) => udpListenerIR(l, tables.l4.get(l) ?? [])),
  };
  unit.infraIR = {
    gateway: gw.key,
    listeners: served.map((l) => ({ name: l.irName, address: gw.bindAddress, port: l.listener.port, protocol: l.listener.protocol })),
    addresses: gw.statusAddresses.map((a) => a.value),
  };
  return unit;
}
