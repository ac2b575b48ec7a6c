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
import { ROUTABILITY_CLUSTER, specifiedAddresses, type Gateway, type RouteParentStatus } from '../apis/gateway';
import type { GatewayInfraState, InfraIR, RateLimitService, XdsIR } from '../ir/types';
import { hasGlobalRateLimits } from '../ir/ratelimit';
import { unprivilegedBindPorts } from '../ir/ports';
import type { ObjectStatus } from '../message/resources';
import { backendPolicyUses } from './backends/backendtlsuse';
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
import { routeTableEntries, type RouteTableEntry } from './routes/virtualhosts';
import { ListenerRouteTable } from './routes/routetable';
import { telemetryOfGateway, type GatewayTelemetry } from './telemetry/telemetrypolicy';
import { resolveObservabilityExporters } from './policies/observability-exporters';
import { withBackendCertificates } from './backends/xbackend';
import { applyPolicies, type PolicyOutcomes } from './policies/apply';
import { applyBackendPolicyClusters } from './policies/backendpolicy-clusters';
import { withHttp3Ports } from '../ir/http3';

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
  /** Without infra, the Gateway is Pending (TranslateOptions.infraReports). */
  infraReports?: boolean;
  /** spec.addresses may ask for a Service ClusterIP (TranslateOptions.clusterRoutability). */
  clusterRoutability?: boolean;
  /** The routes are given in translation order already (see inTranslationOrder). */
  routesInOrder?: boolean;
  /** The rate limit service of global limits: named in the IR of a Gateway that has some. */
  rateLimitService?: RateLimitService;
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
  routeEntries: Map<string, ParentEntries>;
  /** The backend policies this Gateway is an ancestor of (keys as backendPoliciesOf gives them). */
  policies: Set<string>;
  /** What the XTelemetryPolicy applying to this Gateway gave (absent: none applies). */
  telemetry?: GatewayTelemetry;
  /** What became of the Pier policies targeting this Gateway, its listeners and routes (absent: none does). */
  policyOutcomes?: PolicyOutcomes;
  /** What Pier policies are placed on (served Gateways): a policy change places them again (withPolicies), nothing else. */
  policyBase?: PolicyBase;
}

/** A served unit before its Pier policies: its IR, listeners and attached HTTP-like routes. */
export interface PolicyBase {
  xdsIR: XdsIR;
  gw: GatewayContext;
  /** The served HTTP listeners, in IR order. */
  listeners: readonly ListenerContext[];
  /**
   * The HTTPRoutes and GRPCRoutes attached to the Gateway (their rules are policy targets), made
   * on first use: a Gateway no policy reaches never needs them, and making them walks every route.
   */
  routes: () => readonly AnyRoute[];
  /** The namespaces of the routes naming the Gateway (whose route policies it reads). */
  routeNamespaces: ReadonlySet<string>;
  /** The rate limit service of global limits (UnitOptions.rateLimitService): named in the IR when some route has one. */
  rateLimitService?: RateLimitService;
}

/**
 * The unit with its Pier policies placed on its base (as they are now in the index): reads them.
 * previous: the unit's IR before, whose parts are kept where the same.
 */
export function withPolicies(unit: GatewayUnit, base: PolicyBase, index: ResourceIndex, previous: XdsIR | undefined = unit.xdsIR): GatewayUnit {
  const policies = index.readPolicies(unit.key, base.routeNamespaces);
  const out: GatewayUnit = { ...unit, policyBase: base };
  delete out.policyOutcomes;
  let ir = base.xdsIR;
  if (!policies.empty) {
    const outcomes: PolicyOutcomes = new Map();
    const placed = applyPolicies(ir, base.gw, base.listeners, base.routes(), policies, outcomes);
    ir = placed.ir;
    const observability = policies.byKind.get('ObservabilityPolicy');
    if (observability) ir = resolveObservabilityExporters(ir, index, outcomes, observability.states.some((p) => p.targets.some((t) => t.kind === 'HTTPRoute' || t.kind === 'GRPCRoute')));
    // Last: which clusters carry a policy depends on every use of them, telemetry receivers too.
    ir = applyBackendPolicyClusters(ir, placed.backend, previous?.backendClusterPolicies);
    if (outcomes.size > 0) out.policyOutcomes = outcomes;
    if (base.rateLimitService && hasGlobalRateLimits(ir)) ir = { ...ir, rateLimitService: base.rateLimitService };
  }
  out.xdsIR = withBackendCertificates(ir, index);
  if (out.infraIR) out.infraIR = withHttp3Ports(out.infraIR, out.xdsIR.http);
  return out;
}

/**
 * A route's status entries for the parentRefs naming one Gateway, by parentRef index (sparse).
 * An array, not a Map: most routes have one parentRef, and a one-entry Map costs ~250 bytes.
 */
export type ParentEntries = readonly (RouteParentStatus | undefined)[];

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

/** A served HTTP-like listener's route table, made on first use. */
type TableOf = (listener: ListenerContext) => ListenerRouteTable;

/**
 * Where an attached HTTP-like route is placed: the served listeners its accepted parents
 * attached it to, with its route table entries there (built once per attachment: they depend on
 * nothing else). A listener reached through two parentRefs is visited twice, as it is counted.
 */
function forEachPlacement(route: HTTPLikeRouteContext, attachment: Attachment, visit: (listener: ListenerContext, entries: RouteTableEntry[]) => void): void {
  const problem = route.problemVerdict;
  for (const parent of route.parents) {
    if (!parent.attachment.ok) continue;
    // Only routes with Accepted=True count, and only they are served.
    if (!parent.accepted(problem).ok) continue;
    for (const { listener, hostnames } of parent.attachments) {
      if (!listener.served) continue;
      let placed = attachment.entries.find((e) => e.listener === listener);
      // concat, not push: the list is kept, and push would leave it room for 16 more.
      if (!placed) attachment.entries = attachment.entries.concat((placed = { listener, entries: routeTableEntries(route, isolatedHostnames(listener, hostnames)) }));
      visit(listener, placed.entries);
    }
  }
}

/**
 * Counts an attached HTTP-like route on its listeners and places its entries in their route tables.
 * Only routes with Accepted=True count (ListenerStatus.AttachedRoutes: routes with any other value
 * MUST NOT be included): a route whose every rule is invalid (an RE2-invalid regex, say) is
 * Accepted=False UnsupportedValue and not counted; one with some valid rules is Accepted=True,
 * PartiallyInvalid ("Dropped Rule ...") and counted. ResolvedRefs is about references only, so
 * a bad regex leaves it True.
 */
function placeHTTPLike(route: HTTPLikeRouteContext, tableOf: TableOf, attachment: Attachment): void {
  const problem = route.problemVerdict;
  for (const parent of route.parents) {
    for (const listener of parent.conflictLosses) listener.attachedRoutes.add(route.key);
    if (!parent.attachment.ok || !parent.accepted(problem).ok) continue;
    for (const { listener } of parent.attachments) listener.attachedRoutes.add(route.key);
  }
  forEachPlacement(route, attachment, (listener, entries) => {
    if (entries.length > 0) tableOf(listener).add(entries);
  });
}

/** Undoes placeHTTPLike (for a route that changed or left, when a unit is patched). */
function unplaceHTTPLike(route: HTTPLikeRouteContext, gw: GatewayContext, tableOf: TableOf, attachment: Attachment): void {
  for (const listener of gw.listeners) listener.attachedRoutes.delete(route.key);
  forEachPlacement(route, attachment, (listener, entries) => {
    if (entries.length > 0) tableOf(listener).remove(entries);
  });
}

function placeL4(route: L4RouteContext, claims: Map<ListenerContext, L4Claim[]>): void {
  for (const parent of route.parents) {
    if (!parent.attachment.ok) continue;
    for (const { listener, hostnames } of parent.attachments) {
      listener.attachedRoutes.add(route.key);
      if (!listener.served) continue;
      const list = claims.get(listener) ?? [];
      list.push({ route, hostnames: isolatedHostnames(listener, hostnames) });
      claims.set(listener, list);
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
  /** Route table entries per listener (HTTP-like routes; a list: a route has a listener or few). */
  entries: { listener: ListenerContext; entries: RouteTableEntry[] }[];
  /** Status entries for the parentRefs naming this Gateway. */
  statuses?: ParentEntries;
}

/**
 * What a unit with only HTTP-like routes of one kind keeps to be patched (patchGatewayUnit):
 * each route's attachment, and counts of what the routes add up to. Routes of one kind do not
 * affect each other's attachment, so one route's change is that route's contribution
 * taken out and put in again.
 */
interface PatchableUnit {
  unit: GatewayUnit;
  /** Route key -> its attachment (routes that translated and attached). */
  attachments: Map<string, Attachment>;
  /** Keys of routes naming the Gateway that failed (they have internal-error entries only). */
  failed: Set<string>;
  /** The kind of every route naming the Gateway. */
  kind: AnyRoute['kind'];
  /** How many routes name the Gateway. */
  routes: number;
  /** Backend policy -> how many attached routes use it. */
  policyUses: Map<string, number>;
  /** The served HTTP and HTTPS listeners, in IR order (unit.xdsIR.http). */
  httpListeners: ListenerContext[];
}

/**
 * What translating one Gateway keeps for the next time: its listeners (while the Gateway and
 * what they read are unchanged), each route's attachment to them and what was derived from it,
 * and the listeners' route tables. A route edit then redoes the work of that route and its
 * virtual hosts (patchGatewayUnit), or, when more changed, the work of that route plus a pass
 * over the others that reuses what they had. Kept by TranslationMemo, one per Gateway.
 */
export class GatewayUnitMemo {
  gateway: { source: Gateway; infra: GatewayInfraState | undefined; ctx: GatewayContext; reads: ReadSet; checkedAt: number } | undefined;
  /** By route translation: an edited route has a new one, so its old attachment is simply unused. */
  attached = new WeakMap<TranslatedRoute, Attachment>();
  /** Route tables of the served HTTP-like listeners of gateway.ctx. */
  tables = new Map<ListenerContext, ListenerRouteTable>();
  /** Set when the last translation can be patched route by route. */
  patchable: PatchableUnit | undefined;

  readonly tableOf: TableOf = (listener) => {
    let table = this.tables.get(listener);
    if (!table) this.tables.set(listener, (table = new ListenerRouteTable(listener)));
    return table;
  };
}

/** The memo's Gateway context, when it is still the one for gateway (and infra). */
function cachedContext(gateway: Gateway, index: ResourceIndex, memo: GatewayUnitMemo | undefined, options: UnitOptions): GatewayContext | undefined {
  const cached = memo?.gateway;
  if (!cached || cached.source !== gateway || cached.infra !== options.infra) return undefined;
  if (cached.checkedAt !== index.clock && !index.readsCurrent(cached.reads)) return undefined;
  cached.checkedAt = index.clock;
  index.recordReads(cached.reads);
  return cached.ctx;
}

function gatewayContext(gateway: Gateway, index: ResourceIndex, memo: GatewayUnitMemo | undefined, options: UnitOptions): GatewayContext {
  const cached = cachedContext(gateway, index, memo, options);
  if (cached) {
    for (const l of cached.allListeners()) l.attachedRoutes.clear();
    return cached;
  }
  const { value: ctx, reads } = index.withReads(() => {
    try {
      return buildGatewayContext(gateway, index, { defaultAddress: options.defaultAddress, infra: options.infra, awaitInfra: options.awaitGatewayInfra, infraReports: options.infraReports, clusterRoutability: options.clusterRoutability });
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
    memo.tables = new Map();
  }
  return ctx;
}

/** A route's status entries for the parentRefs naming the Gateway, computed once per attachment. */
function statusEntries(route: TranslatedRoute, attachment: Attachment, gw: GatewayContext, controllerName: string): ParentEntries {
  if (!attachment.statuses) {
    const verdicts = route.verdicts();
    let length = 0;
    for (const p of route.parents) if (p.gateway === gw) length = Math.max(length, p.refIndex + 1);
    // Sized up front: an array grown by its first store keeps room for 16 entries.
    const entries = new Array<RouteParentStatus | undefined>(length);
    for (const p of route.parents) {
      if (p.gateway === gw) entries[p.refIndex] = p.status(controllerName, route.generation, verdicts);
    }
    attachment.statuses = entries;
  }
  return attachment.statuses;
}

/** Whether the route is attached to the Gateway through some parentRef (its policies then count for it). */
function attachedTo(route: TranslatedRoute, gateway: string): boolean {
  return route.parents.some((p) => p.attachment.ok && p.gateway?.key === gateway);
}

/** What translating one route against the Gateway gave: an attachment, or the entries of a failure. */
type RouteOutcome = { attachment: Attachment; failure?: undefined } | { attachment?: undefined; failure: ParentEntries };

/** gateways: the Gateway's context by its key (what attachment looks parents up in). */
function translateForGateway(route: AnyRoute, refs: readonly number[], gw: GatewayContext, gateways: ReadonlyMap<string, GatewayContext>, index: ResourceIndex, memo: TranslationMemo, controllerName: string, keep: GatewayUnitMemo | undefined): RouteOutcome {
  const translation = memo.translateRoute(route, index);
  let failure = translation.ok ? undefined : translation.error;
  if (translation.ok) {
    try {
      const attachment = attach(translation.ctx, gw, gateways, index, keep?.attached.get(translation.ctx));
      keep?.attached.set(translation.ctx, attachment);
      return { attachment };
    } catch (err) {
      failure = errorMessage(err);
    }
  }
  // A failure leaves no partial state: the route gets an internal-error entry, nothing else.
  const entries = new Array<RouteParentStatus | undefined>(refs.length === 0 ? 0 : Math.max(...refs) + 1);
  for (const i of refs) entries[i] = internalErrorEntry(route, i, controllerName, failure!);
  return { failure: entries };
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
  const routeEntries = new Map<string, ParentEntries>();
  const httpLike: HTTPLikeRouteContext[] = [];
  const l4: L4RouteContext[] = [];
  const attachments = new Map<TranslatedRoute, Attachment>();
  const failed = new Set<string>();

  // Kinds in a fixed order, each by namespace and name: the order a full translation uses.
  const ordered = options.routesInOrder ? routes : inTranslationOrder(routes);
  // HTTPRoutes and GRPCRoutes together may take listeners from each other (routeconflicts.ts),
  // which changes attachments: then nothing of theirs is reused or kept.
  let kinds = 0;
  for (const r of ordered) kinds |= r.kind === 'HTTPRoute' ? 1 : r.kind === 'GRPCRoute' ? 2 : 4;
  const mixed = (kinds & 3) === 3;
  if (mixed && unitMemo) unitMemo.attached = new WeakMap();
  const keep = unitMemo && !mixed ? unitMemo : undefined;
  // The parents this unit answers for: the Gateway and the ListenerSets naming it.
  const parentKeys = [gw.key, ...[...gw.listenerSets.keys()].map(listenerSetParentKeyOf)];
  let naming = 0;
  for (const route of ordered) {
    const refs = parentKeys.length === 1 ? memo.refsNaming(route, gw.key) : parentKeys.flatMap((k) => memo.refsNaming(route, k)).sort((a, b) => a - b);
    if (refs.length === 0) continue;
    naming += 1;
    const outcome = translateForGateway(route, refs, gw, gateways, index, memo, controllerName, keep);
    if (outcome.failure) {
      routeEntries.set(routeKey(route), outcome.failure);
      failed.add(routeKey(route));
      continue;
    }
    const attached = outcome.attachment.route;
    attachments.set(attached, outcome.attachment);
    if (attached.kind === 'HTTPRoute' || attached.kind === 'GRPCRoute') httpLike.push(attached as HTTPLikeRouteContext);
    else l4.push(attached as L4RouteContext);
  }

  resolveKindConflicts(httpLike);
  const localTables = new Map<ListenerContext, ListenerRouteTable>();
  const tableOf: TableOf = unitMemo?.tableOf ?? ((l) => {
    let table = localTables.get(l);
    if (!table) localTables.set(l, (table = new ListenerRouteTable(l)));
    return table;
  });
  for (const table of unitMemo?.tables.values() ?? []) table.clear();
  const claims = new Map<ListenerContext, L4Claim[]>();
  for (const route of httpLike) placeHTTPLike(route, tableOf, attachments.get(route)!);
  for (const route of l4) placeL4(route, claims);

  for (const route of [...httpLike, ...l4]) routeEntries.set(route.key, statusEntries(route, attachments.get(route)!, gw, controllerName));

  const unit: GatewayUnit = {
    key: gw.key,
    status: { kind: 'Gateway', namespace: gw.namespace, name: gw.name, status: gw.status() },
    listenerSetStatuses: [...gw.listenerSets.values()].map((s) => ({ kind: 'ListenerSet' as const, namespace: s.namespace, name: s.name, status: s.status() })),
    listenerSetKeys: [...gw.listenerSets.keys()],
    routeEntries,
    policies: backendPolicyUses([...httpLike, ...l4], gw.key),
  };
  const telemetry = telemetryOfGateway(gw.key, index);
  if (telemetry) unit.telemetry = telemetry;
  if (unitMemo) unitMemo.patchable = undefined;
  if (!gw.served) return unit;
  const served = gw.allListeners().filter((l) => l.served).sort(compareListeners);
  const ofProtocol = (...protocols: string[]): ListenerContext[] => served.filter((l) => protocols.includes(l.listener.protocol));
  const bindPorts = options.unprivilegedPorts ? unprivilegedBindPorts(served.map((l) => l.listener.port)) : new Map<number, number>();
  const bound = <L extends { port: number }>(l: L): L => {
    const bindPort = bindPorts.get(l.port);
    return bindPort === undefined ? l : { ...l, bindPort };
  };
  const httpListeners = ofProtocol('HTTP', 'HTTPS');
  unit.xdsIR = {
    gateway: gw.key,
    http: httpListeners.map((l) => bound(httpListenerIR(l, tableOf(l).virtualHosts(memo.irRoutes)))),
    tcp: [
      ...ofProtocol('TLS').map((l) => tlsListenerIR(l, claims.get(l) ?? [])),
      ...ofProtocol('TCP').map((l) => tcpListenerIR(l, claims.get(l) ?? [])),
    ].map(bound).sort((a, b) => a.port - b.port || compareStrings(a.name, b.name)),
    udp: ofProtocol('UDP').map((l) => bound(udpListenerIR(l, claims.get(l) ?? []))),
  };
  if (gw.backendClientCertificate) unit.xdsIR.backendClientCertificate = gw.backendClientCertificate;
  if (telemetry?.telemetry) unit.xdsIR.telemetry = telemetry.telemetry;
  const base: PolicyBase = {
    xdsIR: unit.xdsIR, gw, listeners: httpListeners,
    routes: once(() => httpLike.filter((r) => attachedTo(r, gw.key)).map((r) => r.route)),
    routeNamespaces: new Set(ordered.map((r) => r.metadata.namespace ?? '')),
  };
  if (options.rateLimitService) base.rateLimitService = options.rateLimitService;
  const placed = withPolicies(unit, base, index);
  Object.assign(unit, placed);
  unit.infraIR = {
    gateway: gw.key,
    listeners: served.map((l) => bound({ name: l.irName, address: gw.bindAddress, port: l.listener.port, protocol: l.listener.protocol })),
    addresses: gw.statusAddresses.map((a) => a.value),
  };
  const specAddresses = gw.gateway.spec.addresses ?? [];
  const requested = specifiedAddresses(gw.gateway).flatMap((a) => ((a.type ?? 'IPAddress') === 'IPAddress' ? [a.value] : []));
  if (requested.length > 0) unit.infraIR.requestedAddresses = requested;
  // Reached only at a ClusterIP: its Service is no load balancer's (GEP-5093).
  if (specAddresses.length > 0 && specAddresses.every((a) => a.routability === ROUTABILITY_CLUSTER)) unit.infraIR.clusterOnly = true;
  const infrastructure = gw.gateway.spec.infrastructure;
  if (infrastructure?.labels || infrastructure?.annotations) {
    unit.infraIR.infrastructure = { labels: { ...infrastructure.labels }, annotations: { ...infrastructure.annotations } };
  }
  if (gw.proxySettings) unit.infraIR.proxy = gw.proxySettings;
  // HTTP/3 (a ClientPolicy) opens HTTPS ports over UDP as well.
  unit.infraIR = withHttp3Ports(unit.infraIR, unit.xdsIR.http);
  // Routes of one HTTP-like kind only, no ListenerSets (routes may name those): later route
  // changes can patch this unit.
  if (keep && (kinds === 1 || kinds === 2) && gw.listenerSets.size === 0) {
    const policyUses = new Map<string, number>();
    const byKey = new Map<string, Attachment>();
    for (const route of httpLike) {
      byKey.set(route.key, attachments.get(route)!);
      if (!attachedTo(route, gw.key)) continue;
      for (const p of route.backendPolicies) policyUses.set(p, (policyUses.get(p) ?? 0) + 1);
    }
    keep.patchable = { unit, attachments: byKey, failed, kind: kinds === 1 ? 'HTTPRoute' : 'GRPCRoute', routes: naming, policyUses, httpListeners };
  }
  return unit;
}

/** One route of a patch: its key, and the route now (undefined when it is gone). */
export interface RouteChange {
  key: string;
  route: AnyRoute | undefined;
}

/** What patching a unit gave: the unit, and the routes whose status entries for it changed. */
export interface PatchedUnit {
  unit: GatewayUnit;
  changedEntries: Set<string>;
}

/**
 * The unit after the given routes changed (nothing else: not the Gateway, nor anything its
 * listeners or routes' attachments read), from the last translation: each changed route's
 * contribution taken out and put in again, and only the virtual hosts they touch rebuilt.
 * Equal to translateGatewayUnit of the same routes. Undefined when the last translation cannot
 * be patched (then translate the unit).
 */
export function patchGatewayUnit(
  gateway: Gateway,
  changes: readonly RouteChange[],
  index: ResourceIndex,
  memo: TranslationMemo,
  options: UnitOptions,
  unitMemo: GatewayUnitMemo,
): PatchedUnit | undefined {
  const state = unitMemo.patchable;
  if (!state) return undefined;

  const gw = cachedContext(gateway, index, unitMemo, options);
  if (!gw || gw.listenerSets.size > 0) return undefined;
  // Still one HTTP-like kind afterwards?
  let routes = state.routes;
  for (const { key, route } of changes) {
    if (state.attachments.has(key) || state.failed.has(key)) routes -= 1;
    if (!route || memo.refsNaming(route, gw.key).length === 0) continue;
    if (route.kind !== state.kind) return undefined;
    routes += 1;
  }
  if (routes === 0) return undefined;

  const { controllerName } = options;
  const gateways = new Map([[gw.key, gw]]);
  const { unit: before, attachments, failed, policyUses } = state;
  const routeEntries = before.routeEntries;
  const changedEntries = new Set<string>();
  let policiesChanged = false;
  const use = (route: TranslatedRoute, by: number): void => {
    if (!attachedTo(route, gw.key)) return;
    for (const p of route.backendPolicies) {
      const n = (policyUses.get(p) ?? 0) + by;
      if (n === 0) policyUses.delete(p);
      else policyUses.set(p, n);
      if (n === 0 || n === by) policiesChanged = true;
    }
  };
  for (const { key, route } of changes) {
    const entriesBefore = routeEntries.get(key);
    const old = attachments.get(key);
    if (old) {
      unplaceHTTPLike(old.route as HTTPLikeRouteContext, gw, unitMemo.tableOf, old);
      use(old.route, -1);
      attachments.delete(key);
    }
    failed.delete(key);
    routeEntries.delete(key);
    const refs = route ? memo.refsNaming(route, gw.key) : [];
    if (route && refs.length > 0) {
      const outcome = translateForGateway(route, refs, gw, gateways, index, memo, controllerName, unitMemo);
      if (outcome.failure) {
        routeEntries.set(key, outcome.failure);
        failed.add(key);
      } else {
        const { attachment } = outcome;
        const attached = attachment.route as HTTPLikeRouteContext;
        placeHTTPLike(attached, unitMemo.tableOf, attachment);
        routeEntries.set(key, statusEntries(attached, attachment, gw, controllerName));
        use(attached, 1);
        attachments.set(key, attachment);
      }
    }
    if (entriesBefore !== routeEntries.get(key)) changedEntries.add(key);
  }
  state.routes = routes;

  const unit: GatewayUnit = {
    key: gw.key,
    status: { kind: 'Gateway', namespace: gw.namespace, name: gw.name, status: gw.status() },
    listenerSetStatuses: before.listenerSetStatuses,
    listenerSetKeys: before.listenerSetKeys,
    routeEntries,
    policies: policiesChanged ? new Set(policyUses.keys()) : before.policies,
  };
  if (before.telemetry) unit.telemetry = before.telemetry;
  if (before.xdsIR && before.policyBase) {
    const baseBefore = before.policyBase;
    const http = baseBefore.xdsIR.http;
    let changed = false;
    const next = state.httpListeners.map((l, i) => {
      // A listener refusing every request (unresolved filters.requests) keeps its own virtual host.
      if (l.filterRefProblems.length > 0) return http[i]!;
      const virtualHosts = unitMemo.tableOf(l).virtualHosts(memo.irRoutes);
      if (virtualHosts === http[i]!.virtualHosts) return http[i]!;
      changed = true;
      return { ...http[i]!, virtualHosts };
    });
    const routeNamespaces = new Set(baseBefore.routeNamespaces);
    for (const c of changes) if (c.route) routeNamespaces.add(c.route.metadata.namespace ?? '');
    const base: PolicyBase = {
      ...baseBefore,
      xdsIR: changed ? { ...baseBefore.xdsIR, http: next } : baseBefore.xdsIR,
      routes: attachedRoutes([...attachments.values()], gw.key),
      routeNamespaces,
    };
    // Unchanged routes and no policy anywhere: the IR is the one before, as is.
    if (!changed && index.readPolicies(gw.key, routeNamespaces).empty) unit.policyBase = base;
    else Object.assign(unit, withPolicies(unit, base, index, before.xdsIR));
    unit.xdsIR ??= before.xdsIR;
  }
  if (before.infraIR) unit.infraIR = before.infraIR;
  state.unit = unit;
  return { unit, changedEntries };
}

/** What make() returns, made on the first call only. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The routes of attachments (as they are now: the array is the caller's copy) attached to the Gateway, made on first use. */
function attachedRoutes(attachments: readonly Attachment[], gateway: string): () => readonly AnyRoute[] {
  return once(() => attachments.filter((a) => attachedTo(a.route, gateway)).map((a) => a.route.route as AnyRoute));
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
  return { gateway: gw, route, reads, checkedAt: index.clock, entries: [] };
}
