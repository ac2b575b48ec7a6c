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
import type { GatewayInfraState, InfraIR, XdsIR } from '../ir/types';
import { unprivilegedBindPorts } from '../ir/ports';
import type { ObjectStatus } from '../message/resources';
import { backendTLSUses } from './backends/backendtlsuse';
import { ConditionType, RouteReason } from './model/conditions';
import { defaultedParentRef, GatewayContext, type ListenerContext } from './model/contexts';
import type { HTTPLikeRouteContext } from './routes/httprules';
import { isolatedHostnames } from './listeners/isolation';
import type { L4RouteContext } from './routes/l4routes';
import { httpListenerIR, tcpListenerIR, tlsListenerIR, udpListenerIR, type L4Claim } from './listeners/listenerir';
import { buildGatewayContext } from './listeners/listeners';
import { forAttachment, routeKey, type AnyRoute, type TranslatedRoute, type TranslationMemo } from './memo';
import { attachRoute, listenerSetParentKeyOf } from './routes/parents';
import type { ReadSet, ResourceIndex } from './resourceindex';
import { resolveKindConflicts } from './routes/routeconflicts';
import { condition, verdict } from './model/status';
import { routeTableEntries, type RouteTableEntry, type VirtualHostCache } from './routes/virtualhosts';

export interface UnitOptions {
  controllerName: string;
  /** Bind address (and status address) for Gateways without spec.addresses. */
  defaultAddress?: string;
  /** Listeners on privileged ports bind unprivileged ones (bindPort; see TranslateOptions). */
  unprivilegedPorts?: boolean;
  /** What the infrastructure reports for this Gateway (bus.gatewayInfra). */
  infra?: GatewayInfraState;
  /** Without infra, the Gateway waits for it (TranslateOptions.awaitGatewayInfra). */
  awaitGatewayInfra?: boolean;
  /** The routes are given in translation order already (see inTranslationOrder). */
  routesInOrder?: boolean;
}

/** What translating one Gateway of ours produces. */
export interface GatewayUnit {
  /** "<namespace>/<gateway>" */
  key: string;
  /** Absent when the Gateway is not served (not accepted, or nothing to program). */
  xdsIR?: XdsIR;
  infraIR?: InfraIR;
  status: ObjectStatus;
  /** The status of every ListenerSet naming this Gateway, attached or not. */
  listenerSetStatuses: ObjectStatus[];
  /** Their keys ("<namespace>/<name>"). */
  listenerSetKeys: string[];
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

/** HTTPRoutes, then GRPCRoutes, then the L4 kinds: the order units translate routes in. */
const KIND_RANK: Readonly<Record<AnyRoute['kind'], number>> = { HTTPRoute: 0, GRPCRoute: 1, TLSRoute: 2, TCPRoute: 2, UDPRoute: 2 };

/** The translation order: by kind group, then namespace, then name (L4 kinds by namespace and name together). */
const KIND_ORDER: Readonly<Record<AnyRoute['kind'], number>> = { HTTPRoute: 0, GRPCRoute: 1, TLSRoute: 2, TCPRoute: 3, UDPRoute: 4 };

export function compareTranslationOrder(a: AnyRoute, b: AnyRoute): number {
  return KIND_RANK[a.kind] - KIND_RANK[b.kind]
    || compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name)
    || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

export function inTranslationOrder(routes: readonly AnyRoute[]): AnyRoute[] {
  return [...routes].sort(compareTranslationOrder);
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function compareListeners(a: ListenerContext, b: ListenerContext): number {
  return a.listener.port - b.listener.port || compareStrings(a.listener.name, b.listener.name) || compareStrings(a.irName, b.irName);
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

/**
 * Counts and places an attached HTTP-like route: route table entries on each served listener
 * (built once per attachment: they depend on nothing else).
 */
function placeHTTPLike(route: HTTPLikeRouteContext, tables: ListenerTables, attachment: Attachment): void {
  const problem = route.problemVerdict;
  for (const parent of route.parents) {
    for (const listener of parent.conflictLosses) listener.attachedRoutes.add(route.key);
    if (!parent.attachment.ok) continue;
    // Only routes with Accepted=True count, and only they are served.
    if (!parent.accepted(problem).ok) continue;
    for (const { listener, hostnames } of parent.attachments) {
      listener.attachedRoutes.add(route.key);
      if (!listener.served) continue;
      let entries = attachment.entries.get(listener);
      if (!entries) attachment.entries.set(listener, (entries = routeTableEntries(route, isolatedHostnames(listener, hostnames))));
      tables.addEntries(listener, entries);
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


/** A route attached against one Gateway context, with what was derived from it. */
interface Attachment {
  /** The Gateway context it was made against. */
  gateway: GatewayContext;
  /** The translation's copy for this Gateway, with its parents. */
  route: TranslatedRoute;
  /** What attaching read (other Gateways, Namespace labels). */
  reads: ReadSet;
  checkedAt: number;
  /** Route table entries per listener (HTTP-like routes). */
  entries: Map<ListenerContext, RouteTableEntry[]>;
  /** Status entries for the parentRefs naming this Gateway. */
  statuses?: Map<number, RouteParentStatus>;
}

/**
 * What translating one Gateway keeps for the next time: its listeners (while the Gateway and
 * what they read are unchanged), each route's attachment to them and what was derived from it,
 * and the virtual hosts built. A route edit then redoes the work of that route, plus a pass
 * over the others that reuses what they had. Kept by TranslationMemo, one per Gateway.
 */
export class GatewayUnitMemo {
  gateway: { source: Gateway; infra: GatewayInfraState | undefined; ctx: GatewayContext; reads: ReadSet; checkedAt: number } | undefined;
  /** By route translation: an edited route has a new one, so its old attachment is simply unused. */
  attached = new WeakMap<TranslatedRoute, Attachment>();
  readonly vhosts: VirtualHostCache = new Map();
}

function gatewayContext(gateway: Gateway, index: ResourceIndex, memo: GatewayUnitMemo | undefined, options: UnitOptions): GatewayContext {
  const cached = memo?.gateway;
  if (cached && cached.source === gateway && cached.infra === options.infra && (cached.checkedAt === index.clock || index.readsCurrent(cached.reads))) {
    cached.checkedAt = index.clock;
    index.recordReads(cached.reads);
    for (const l of cached.ctx.allListeners()) l.attachedRoutes.clear();
    return cached.ctx;
  }
  const { value: ctx, reads } = index.withReads(() => {
    try {
      return buildGatewayContext(gateway, index, { defaultAddress: options.defaultAddress, infra: options.infra, awaitInfra: options.awaitGatewayInfra });
    } catch (err) {
      const broken = new GatewayContext(gateway);
      broken.internalError = errorMessage(err);
      broken.seal();
      return broken;
    }
  });
  index.recordReads(reads);
  if (memo) {
    memo.gateway = { source: gateway, infra: options.infra, ctx, reads, checkedAt: index.clock };
    memo.attached = new WeakMap();
    memo.vhosts.clear();
  }
  return ctx;
}

/**
 * Translates one Gateway of ours (its class is ours) with the routes naming it (any kind, any
 * order; routes not naming it are ignored). With unitMemo, what is still valid from the last
 * run is reused: the result is the same either way.
 */
export function translateGatewayUnit(
  gateway: Gateway,
  routes: readonly AnyRoute[],
  index: ResourceIndex,
  memo: TranslationMemo,
  options: UnitOptions,
  unitMemo?: GatewayUnitMemo,
): GatewayUnit {
  const { controllerName } = options;
  const gw = gatewayContext(gateway, index, unitMemo, options);
  const gateways = new Map([[gw.key, gw]]);
  const routeEntries = new Map<string, Map<number, RouteParentStatus>>();
  const httpLike: HTTPLikeRouteContext[] = [];
  const l4: L4RouteContext[] = [];
  const attachments = new Map<TranslatedRoute, Attachment>();

  // Kinds in a fixed order, each by namespace and name: the order a full translation uses.
  const ordered = options.routesInOrder ? routes : inTranslationOrder(routes);
  // HTTPRoutes and GRPCRoutes together may take listeners from each other (routeconflicts.ts),
  // which changes attachments: then nothing of theirs is reused or kept.
  let kinds = 0;
  for (const r of ordered) kinds |= r.kind === 'HTTPRoute' ? 1 : r.kind === 'GRPCRoute' ? 2 : 0;
  const mixed = kinds === 3;
  if (mixed && unitMemo) unitMemo.attached = new WeakMap();
  const keep = unitMemo && !mixed ? unitMemo : undefined;
  // The parents this unit answers for: the Gateway and the ListenerSets naming it.
  const parentKeys = [gw.key, ...[...gw.listenerSets.keys()].map(listenerSetParentKeyOf)];
  for (const route of ordered) {
    const refs = parentKeys.length === 1 ? memo.refsNaming(route, gw.key) : parentKeys.flatMap((k) => memo.refsNaming(route, k)).sort((a, b) => a - b);
    if (refs.length === 0) continue;
    const translation = memo.translateRoute(route, index);
    let failure = translation.ok ? undefined : translation.error;
    if (translation.ok) {
      try {
        const attachment = attach(translation.ctx, gw, gateways, index, keep?.attached.get(translation.ctx));
        keep?.attached.set(translation.ctx, attachment);
        attachments.set(attachment.route, attachment);
        if (attachment.route.kind === 'HTTPRoute' || attachment.route.kind === 'GRPCRoute') httpLike.push(attachment.route as HTTPLikeRouteContext);
        else l4.push(attachment.route as L4RouteContext);
      } catch (err) {
        failure = errorMessage(err);
      }
    }
    if (failure !== undefined) {
      // A failure leaves no partial state: the route gets an internal-error entry, nothing else.
      routeEntries.set(routeKey(route), new Map(refs.map((i) => [i, internalErrorEntry(route, i, controllerName, failure!)])));
    }
  }

  resolveKindConflicts(httpLike);
  const tables = new ListenerTables();
  for (const route of httpLike) placeHTTPLike(route, tables, attachments.get(route)!);
  for (const route of l4) placeL4(route, tables);

  for (const route of [...httpLike, ...l4]) {
    const attachment = attachments.get(route)!;
    let entries = attachment.statuses;
    if (!entries) {
      const verdicts = route.verdicts();
      entries = new Map<number, RouteParentStatus>();
      for (const p of route.parents) {
        if (p.gateway === gw) entries.set(p.refIndex, p.status(controllerName, route.generation, verdicts));
      }
      attachment.statuses = entries;
    }
    routeEntries.set(route.key, entries);
  }

  const unit: GatewayUnit = {
    key: gw.key,
    status: { kind: 'Gateway', namespace: gw.namespace, name: gw.name, status: gw.status() },
    listenerSetStatuses: [...gw.listenerSets.values()].map((s) => ({ kind: 'ListenerSet' as const, namespace: s.namespace, name: s.name, status: s.status() })),
    listenerSetKeys: [...gw.listenerSets.keys()],
    routeEntries,
    policies: backendTLSUses([...httpLike, ...l4], gw.key),
  };
  if (!gw.served) return unit;
  const served = gw.allListeners().filter((l) => l.served).sort(compareListeners);
  const ofProtocol = (...protocols: string[]): ListenerContext[] => served.filter((l) => protocols.includes(l.listener.protocol));
  const bindPorts = options.unprivilegedPorts ? unprivilegedBindPorts(served.map((l) => l.listener.port)) : new Map<number, number>();
  const bound = <L extends { port: number }>(l: L): L => {
    const bindPort = bindPorts.get(l.port);
    return bindPort === undefined ? l : { ...l, bindPort };
  };
  unit.xdsIR = {
    gateway: gw.key,
    http: ofProtocol('HTTP', 'HTTPS').map((l) => bound(httpListenerIR(l, tables.http.get(l) ?? [], memo.irRoutes, unitMemo?.vhosts))),
    tcp: [
      ...ofProtocol('TLS').map((l) => tlsListenerIR(l, tables.l4.get(l) ?? [])),
      ...ofProtocol('TCP').map((l) => tcpListenerIR(l, tables.l4.get(l) ?? [])),
    ].map(bound).sort((a, b) => a.port - b.port || compareStrings(a.name, b.name)),
    udp: ofProtocol('UDP').map((l) => bound(udpListenerIR(l, tables.l4.get(l) ?? []))),
  };
  if (gw.backendClientCertificate) unit.xdsIR.backendClientCertificate = gw.backendClientCertificate;
  unit.infraIR = {
    gateway: gw.key,
    listeners: served.map((l) => bound({ name: l.irName, address: gw.bindAddress, port: l.listener.port, protocol: l.listener.protocol })),
    addresses: gw.statusAddresses.map((a) => a.value),
  };
  const requested = (gw.gateway.spec.addresses ?? []).flatMap((a) => ((a.type ?? 'IPAddress') === 'IPAddress' && a.value ? [a.value] : []));
  if (requested.length > 0) unit.infraIR.requestedAddresses = requested;
  const infrastructure = gw.gateway.spec.infrastructure;
  if (infrastructure?.labels || infrastructure?.annotations) {
    unit.infraIR.infrastructure = { labels: { ...infrastructure.labels }, annotations: { ...infrastructure.annotations } };
  }
  return unit;
}

/** The route attached to the Gateway: the previous attachment when still valid, else a new one. */
function attach(
  translated: TranslatedRoute,
  gw: GatewayContext,
  gateways: ReadonlyMap<string, GatewayContext>,
  index: ResourceIndex,
  previous: Attachment | undefined,
): Attachment {
  if (previous && previous.gateway === gw
    && (previous.checkedAt === index.clock || index.readsCurrent(previous.reads))) {
    previous.checkedAt = index.clock;
    index.recordReads(previous.reads);
    return previous;
  }
  const route = forAttachment(translated);
  const usesHostnames = route.kind === 'HTTPRoute' || route.kind === 'GRPCRoute' || (route as L4RouteContext).usesHostnames;
  const { reads } = index.withReads(() => { route.parents = attachRoute(route, gateways, index, usesHostnames); });
  index.recordReads(reads);
  return { gateway: gw, route, reads, checkedAt: index.clock, entries: new Map() };
}
