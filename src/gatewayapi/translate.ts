/**
 * The Gateway API translator: ProviderResources -> one XdsIR and InfraIR per Gateway, plus the
 * status of every object Pier manages. Pure and deterministic: no clock, no I/O, sorted output.
 * It never throws on bad input: a problem in one object becomes a status condition on it.
 *
 * Outline (after Envoy Gateway's design): accept GatewayClasses of our controller; build each
 * Gateway's listeners (listeners.ts); translate each route once (httproute.ts), attach it to its
 * parents (parents.ts); then build per-listener virtual hosts (virtualhosts.ts) and statuses.
 */
import type { GatewayClass, HTTPRoute } from '../apis/gateway';
import type { KubeObject } from '../apis/meta';
import type { HTTPListener, InfraIR, XdsIR } from '../ir/types';
import type { ObjectStatus, ProviderResources } from '../message/resources';
import { ConditionType, GatewayClassReason, RouteReason } from './conditions';
import { GatewayContext, resolvedRefsVerdict, type ListenerContext, type RouteContext } from './contexts';
import { ANY_HOST, normalizeHostname } from './hostnames';
import { HTTPRouteContext, translateHTTPRoute } from './httproute';
import { buildGatewayContext } from './listeners';
import { attachRoute } from './parents';
import { ResourceIndex } from './resourceindex';
import { condition, verdict } from './status';
import { buildVirtualHosts, routeTableEntries, type RouteTableEntry } from './virtualhosts';

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

const STATUS_KIND_ORDER = ['GatewayClass', 'Gateway', 'HTTPRoute', 'GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute'];

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

function gatewayClassStatus(gc: GatewayClass): ObjectStatus {
  return {
    kind: 'GatewayClass',
    name: gc.metadata.name,
    status: {
      conditions: [condition(ConditionType.Accepted, verdict(true, GatewayClassReason.Accepted, 'GatewayClass is accepted'), gc.metadata.generation)],
    },
  };
}

/** Listener protocol -> its IR. One entry per protocol Pier serves (see protocols.ts). */
function httpListenerIR(listener: ListenerContext, entries: readonly RouteTableEntry[]): HTTPListener {
  return {
    name: listener.irName,
    address: listener.gateway.bindAddress,
    port: listener.listener.port,
    hostnames: [listener.listener.hostname ? normalizeHostname(listener.listener.hostname) : ANY_HOST],
    virtualHosts: buildVirtualHosts(listener, entries),
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
      parentRef: { ...ref },
      controllerName,
      conditions: [condition(ConditionType.Accepted, verdict(false, RouteReason.UnsupportedValue, `internal error: ${errorMessage(err)}`), route.generation)],
    }));
  if (parents.length === 0) return undefined;
  return { kind: route.kind, namespace: route.namespace, name: route.name, status: { parents } };
}

/** A route's effect on one listener: counted in attachedRoutes, and/or entries in its route table. */
interface RoutePlacement {
  listener: ListenerContext;
  routeKey: string;
  counted: boolean;
  entries: RouteTableEntry[];
}

interface RouteOutcome {
  status: ObjectStatus | undefined;
  placements: RoutePlacement[];
}

function placeHTTPRoute(route: HTTPRoute, gateways: ReadonlyMap<string, GatewayContext>, index: ResourceIndex, controllerName: string): RouteOutcome {
  const rctx = translateHTTPRoute(route, index);
  rctx.parents = attachRoute(rctx, gateways, index, true);
  if (rctx.parents.length === 0) return { status: undefined, placements: [] };
  const problem = rctx.problemVerdict;
  const resolvedRefs = resolvedRefsVerdict(rctx.refProblems);
  const placements: RoutePlacement[] = [];
  for (const parent of rctx.parents) {
    if (!parent.attachment.ok) continue;
    // Only routes with Accepted=True count; a route with problems still serves what it can
    // (rules with unusable filters answer 500 rather than being skipped).
    const counted = parent.accepted(problem).ok;
    for (const { listener, hostnames } of parent.attachments) {
      placements.push({ listener, routeKey: rctx.key, counted, entries: listener.served ? routeTableEntries(rctx, hostnames) : [] });
    }
  }
  return {
    status: {
      kind: 'HTTPRoute', namespace: rctx.namespace, name: rctx.name,
      status: { parents: rctx.parents.map((p) => p.status(controllerName, rctx.generation, problem, resolvedRefs)) },
    },
    placements,
  };
}

export function translate(resources: ProviderResources, options: TranslateOptions): TranslationResult {
  const index = new ResourceIndex(resources);
  const statuses: ObjectStatus[] = [];

  // GatewayClasses of our controller are accepted; others are not ours to answer.
  const ourClasses = new Set<string>();
  for (const gc of byNamespaceAndName(resources.gatewayClasses)) {
    if (gc.spec?.controllerName !== options.controllerName) continue;
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

  const tables = new Map<ListenerContext, RouteTableEntry[]>();
  for (const route of byNamespaceAndName(resources.httpRoutes)) {
    let outcome: RouteOutcome;
    try {
      outcome = placeHTTPRoute(route, gateways, index, options.controllerName);
    } catch (err) {
      const fallback = internalErrorRouteStatus(new HTTPRouteContext(route), gateways, options.controllerName, err);
      outcome = { status: fallback, placements: [] };
    }
    // Committed only once the whole route translated, so a failure leaves no partial state.
    if (outcome.status) statuses.push(outcome.status);
    for (const { listener, routeKey, counted, entries } of outcome.placements) {
      if (counted) listener.attachedRoutes.add(routeKey);
      if (entries.length === 0) continue;
      const table = tables.get(listener) ?? [];
      table.push(...entries);
      tables.set(listener, table);
    }
  }

  const xdsIR: Record<string, XdsIR> = {};
  const infraIR: Record<string, InfraIR> = {};
  for (const gw of gateways.values()) {
    statuses.push({ kind: 'Gateway', namespace: gw.namespace, name: gw.name, status: gw.status() });
    if (!gw.served) continue;
    const served = gw.listeners.filter((l) => l.served).sort(compareListeners);
    xdsIR[gw.key] = {
      gateway: gw.key,
      http: served.filter((l) => l.listener.protocol === 'HTTP').map((l) => httpListenerIR(l, tables.get(l) ?? [])),
      tcp: [],
      udp: [],
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
