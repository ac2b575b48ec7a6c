/**
 * The suite's status assertions (conformance/utils/kubernetes/helpers.go), transcribed: same
 * checks, same order, same polling; objects come from the harness (what was applied, with its
 * generation) and statuses from Pier's admin API.
 */
import type { Harness } from './harness';
import { isRecord } from './manifests';
import { pollUntil, type T } from './t';

export const GATEWAY_GROUP = 'gateway.networking.k8s.io';
export const SKIP_READINESS_ANNOTATION = 'gateway-api/skip-this-for-readiness';

export interface NN {
  namespace: string;
  name: string;
}

export interface Condition {
  type: string;
  status: string;
  reason?: string;
  observedGeneration?: number;
}

export interface ExpectedCondition {
  type: string;
  status: 'True' | 'False' | '';
  /** "" (or absent): any reason. */
  reason?: string;
}

export interface RouteGroupKind {
  group?: string;
  kind: string;
}

export interface ExpectedListenerStatus {
  name: string;
  supportedKinds: RouteGroupKind[];
  conditions: ExpectedCondition[];
  attachedRoutes: number;
}

export interface ParentRef {
  group?: string;
  kind?: string;
  namespace?: string;
  name: string;
  sectionName?: string;
}

export interface ExpectedRouteParentStatus {
  parentRef: ParentRef;
  controllerName: string;
  conditions: ExpectedCondition[];
}

/** kubernetes.NewGatewayRef: a Gateway and optional listener names ("" when none). */
export interface GatewayRef extends NN {
  listenerNames: string[];
}

export function gatewayRef(nn: NN, ...listenerNames: string[]): GatewayRef {
  return { ...nn, listenerNames: listenerNames.length > 0 ? listenerNames : [''] };
}

/** kubernetes.ResourceRef: a route parent of either kind, with optional listener names. */
export interface ResourceRef extends GatewayRef {
  kind: 'Gateway' | 'ListenerSet';
}

export function resourceRef(kind: ResourceRef['kind'], nn: NN, ...listenerNames: string[]): ResourceRef {
  return { ...gatewayRef(nn, ...listenerNames), kind };
}

// ---------------------------------------------------------------- status accessors

function conditionsOf(v: unknown): Condition[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((c) => ({
    type: String(c.type), status: String(c.status),
    reason: typeof c.reason === 'string' ? c.reason : undefined,
    observedGeneration: typeof c.observedGeneration === 'number' ? c.observedGeneration : undefined,
  }));
}

interface ListenerStatus {
  name: string;
  supportedKinds: RouteGroupKind[];
  attachedRoutes: number;
  conditions: Condition[];
}

function listenersOf(status: Record<string, unknown>): ListenerStatus[] {
  if (!Array.isArray(status.listeners)) return [];
  return status.listeners.filter(isRecord).map((l) => ({
    name: String(l.name),
    supportedKinds: Array.isArray(l.supportedKinds) ? l.supportedKinds.filter(isRecord).map((k) => ({ group: typeof k.group === 'string' ? k.group : undefined, kind: String(k.kind) })) : [],
    attachedRoutes: typeof l.attachedRoutes === 'number' ? l.attachedRoutes : 0,
    conditions: conditionsOf(l.conditions),
  }));
}

interface RouteParentStatus {
  parentRef: ParentRef;
  controllerName: string;
  conditions: Condition[];
}

function parentsOf(status: Record<string, unknown>): RouteParentStatus[] {
  if (!Array.isArray(status.parents)) return [];
  return status.parents.filter(isRecord).map((p) => {
    const ref = isRecord(p.parentRef) ? p.parentRef : {};
    return {
      parentRef: {
        group: typeof ref.group === 'string' ? ref.group : undefined,
        kind: typeof ref.kind === 'string' ? ref.kind : undefined,
        namespace: typeof ref.namespace === 'string' ? ref.namespace : undefined,
        name: String(ref.name),
        sectionName: typeof ref.sectionName === 'string' ? ref.sectionName : undefined,
      },
      controllerName: String(p.controllerName),
      conditions: conditionsOf(p.conditions),
    };
  });
}

const show = (conds: readonly Condition[]): string => `[${conds.map((c) => `${c.type}=${c.status}/${c.reason ?? ''}@${c.observedGeneration ?? '-'}`).join(' ')}]`;

// ---------------------------------------------------------------- generations

/** ConditionsHaveLatestObservedGeneration: null when every condition is at the object's generation. */
export function conditionsHaveLatestObservedGeneration(generation: number | undefined, conditions: readonly Condition[]): string | null {
  const stale = conditions.filter((c) => c.observedGeneration !== generation);
  if (stale.length === 0) return null;
  return `expected observedGeneration to be updated to ${generation} for all conditions, only ${conditions.length - stale.length}/${conditions.length} were updated. stale conditions are: ${stale.map((c) => `${c.type} (generation ${c.observedGeneration})`).join(', ')}`;
}

/** findConditionInList */
export function findCondition(conditions: readonly Condition[], type: string, status: string, reason?: string): boolean {
  return conditions.some((c) => c.type === type && (status === '' || c.status === status) && (!reason || c.reason === reason));
}

/** conditionsMatch */
function conditionsMatch(expected: readonly ExpectedCondition[], actual: readonly Condition[]): boolean {
  if (actual.length < expected.length) return false;
  return expected.every((e) => findCondition(actual, e.type, e.status, e.reason));
}

function requireObject(t: T, s: Harness, kind: string, namespace: string | undefined, name: string): number {
  const generation = s.generation(kind, namespace, name);
  if (generation === undefined) t.fatal(`error fetching ${kind}: ${namespace ? `${namespace}/` : ''}${name} not found`);
  return generation;
}

// ---------------------------------------------------------------- GatewayClass

/** GWCMustHaveAcceptedConditionTrue / ...Any: returns the class's controllerName. */
export async function gwcMustBeAccepted(t: T, s: Harness, name: string, expectedStatus: 'True' | ''): Promise<string> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gwcMustBeAccepted, async () => {
    const generation = requireObject(t, s, 'GatewayClass', undefined, name);
    const conditions = conditionsOf((await s.status('GatewayClass', undefined, name)).conditions);
    last = show(conditions);
    if (conditionsHaveLatestObservedGeneration(generation, conditions)) return false;
    return findCondition(conditions, 'Accepted', expectedStatus);
  });
  if (!ok) t.fatal(`error waiting for ${name} GatewayClass to have Accepted condition to be set (conditions ${last})`);
  const doc = s.get('GatewayClass', undefined, name);
  return isRecord(doc?.spec) ? String(doc.spec.controllerName) : '';
}

export async function gatewayClassMustHaveLatestConditions(t: T, s: Harness, name: string): Promise<void> {
  let err: string | null = null;
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.latestObservedGenerationSet, async () => {
    const generation = requireObject(t, s, 'GatewayClass', undefined, name);
    err = conditionsHaveLatestObservedGeneration(generation, conditionsOf((await s.status('GatewayClass', undefined, name)).conditions));
    return err === null;
  });
  if (!ok) t.fatal(`error waiting for GatewayClass ${name} to have Latest ObservedGeneration to be set: ${err}`);
}

// ---------------------------------------------------------------- Gateway

export async function gatewayMustHaveLatestConditions(t: T, s: Harness, gw: NN): Promise<void> {
  let err: string | null = null;
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.latestObservedGenerationSet, async () => {
    const generation = requireObject(t, s, 'Gateway', gw.namespace, gw.name);
    err = conditionsHaveLatestObservedGeneration(generation, conditionsOf((await s.status('Gateway', gw.namespace, gw.name)).conditions));
    return err === null;
  });
  if (!ok) t.fatal(`error waiting for Gateway ${gw.namespace}/${gw.name} to have Latest ObservedGeneration to be set: ${err}`);
}

/** GatewayMustHaveCondition (a stale condition stops the wait at once, as upstream). */
export async function gatewayMustHaveCondition(t: T, s: Harness, gw: NN, expected: ExpectedCondition): Promise<void> {
  let last = '';
  let stale: string | null = null;
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayMustHaveCondition, async () => {
    const generation = requireObject(t, s, 'Gateway', gw.namespace, gw.name);
    const conditions = conditionsOf((await s.status('Gateway', gw.namespace, gw.name)).conditions);
    last = show(conditions);
    stale = conditionsHaveLatestObservedGeneration(generation, conditions);
    if (stale) return true;
    return findCondition(conditions, expected.type, expected.status, expected.reason);
  });
  if (stale) t.fatal(`error waiting for Gateway status to have a Condition matching expectations: ${stale}`);
  if (!ok) t.fatal(`error waiting for Gateway ${gw.name} status to have a Condition ${expected.type}=${expected.status}/${expected.reason ?? ''}; got ${last}`);
}

/** WaitForGatewayAddress: "ip:port" of the Gateway's first (or named) listener. */
export async function waitForGatewayAddress(t: T, s: Harness, ref: GatewayRef): Promise<string> {
  let address = '';
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayMustHaveAddress, async () => {
    const doc = s.get('Gateway', ref.namespace, ref.name);
    if (!doc) t.fatal(`error fetching Gateway: ${ref.namespace}/${ref.name} not found`);
    const status = await s.status('Gateway', ref.namespace, ref.name);
    const stale = conditionsHaveLatestObservedGeneration(s.generation('Gateway', ref.namespace, ref.name), conditionsOf(status.conditions));
    if (stale) {
      last = stale;
      return false;
    }
    const listeners = isRecord(doc.spec) && Array.isArray(doc.spec.listeners) ? doc.spec.listeners.filter(isRecord) : [];
    let listener = listeners[0];
    const wanted = ref.listenerNames[0];
    if (wanted) listener = listeners.find((l) => l.name === wanted) ?? listener;
    const port = listener ? String(listener.port) : '';
    for (const a of Array.isArray(status.addresses) ? status.addresses.filter(isRecord) : []) {
      if (a.type !== undefined && a.type !== null) {
        address = `${String(a.value)}:${port}`;
        return true;
      }
    }
    last = `status.addresses: ${JSON.stringify(status.addresses ?? null)}`;
    return false;
  });
  if (!ok) t.fatal(`error waiting for Gateway to have at least one IP address in status (${last})`);
  return address;
}

/** Why the listeners (all, or the named ones) do not all have the conditions; null when they do. owner names them in the message. */
function listenerConditionsMismatch(owner: string, listeners: readonly ListenerStatus[], conditions: readonly ExpectedCondition[], listenerNames: readonly string[]): string | null {
  const unmatched = new Set(listenerNames);
  for (const c of conditions) {
    for (const l of listeners) {
      if (listenerNames.length > 0 && !listenerNames.includes(l.name)) continue;
      if (!findCondition(l.conditions, c.type, c.status, c.reason)) {
        return `${owner} doesn't have ${c.type} condition set to ${c.status} on ${l.name} listener: ${show(l.conditions)}`;
      }
      unmatched.delete(l.name);
    }
  }
  return unmatched.size > 0 ? `listeners ${[...unmatched].join(', ')} not in status` : null;
}

/** GatewayListenersMustHaveConditions (all listeners, or the named ones). */
export async function gatewayListenersMustHaveConditions(t: T, s: Harness, gw: NN, conditions: readonly ExpectedCondition[], listenerNames: readonly string[] = []): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayListenersMustHaveConditions, async () => {
    requireObject(t, s, 'Gateway', gw.namespace, gw.name);
    const mismatch = listenerConditionsMismatch(`gateway ${gw.name}`, listenersOf(await s.status('Gateway', gw.namespace, gw.name)), conditions, listenerNames);
    last = mismatch ?? '';
    return mismatch === null;
  });
  if (!ok) t.fatal(`error waiting for Gateway status to have conditions matching expectations on the listeners: ${last}`);
}

/** GatewayStatusMustHaveListeners */
export function gatewayStatusMustHaveListeners(t: T, s: Harness, gw: NN, expected: readonly ExpectedListenerStatus[]): Promise<void> {
  return statusMustHaveListeners(t, s, 'Gateway', gw, expected, s.timeouts.gatewayStatusMustHaveListeners);
}

/** The object's status, at its generation, has exactly the expected listeners (gatewayListenersMatch). */
async function statusMustHaveListeners(t: T, s: Harness, kind: 'Gateway' | 'ListenerSet', nn: NN, expected: readonly ExpectedListenerStatus[], timeoutMs: number): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, timeoutMs, async () => {
    const generation = requireObject(t, s, kind, nn.namespace, nn.name);
    const status = await s.status(kind, nn.namespace, nn.name);
    const stale = conditionsHaveLatestObservedGeneration(generation, conditionsOf(status.conditions));
    if (stale) {
      last = stale;
      return false;
    }
    const mismatch = gatewayListenersMismatch(expected, listenersOf(status));
    last = mismatch ?? '';
    return mismatch === null;
  });
  if (!ok) t.fatal(`error waiting for ${kind} ${nn.name} status to have listeners matching expectations: ${last}`);
}

/** gatewayListenersMatch, with the reason it does not. */
function gatewayListenersMismatch(expected: readonly ExpectedListenerStatus[], actual: readonly ListenerStatus[]): string | null {
  if (expected.length !== actual.length) return `expected ${expected.length} Gateway status listeners, got ${actual.length} (${actual.map((l) => l.name).join(', ')})`;
  for (const e of expected) {
    const a = actual.find((l) => l.name === e.name);
    if (!a) return `expected status for listener ${e.name} to be present`;
    if (e.supportedKinds.length === 0 && a.supportedKinds.length !== 0) {
      return `listener ${e.name}: expected list of SupportedKinds was empty, but the actual list was not: ${JSON.stringify(a.supportedKinds)}`;
    }
    for (const k of e.supportedKinds) {
      const found = a.supportedKinds.some((ak) => (ak.group ?? GATEWAY_GROUP) === (k.group ?? GATEWAY_GROUP) && ak.kind === k.kind);
      if (!found) return `listener ${e.name}: expected Group:${k.group ?? GATEWAY_GROUP} Kind:${k.kind} to be present in SupportedKinds ${JSON.stringify(a.supportedKinds)}`;
    }
    if (a.attachedRoutes !== e.attachedRoutes) return `listener ${e.name}: expected AttachedRoutes to be ${e.attachedRoutes}, got ${a.attachedRoutes}`;
    if (!conditionsMatch(e.conditions, a.conditions)) {
      return `listener ${e.name}: expected Conditions ${e.conditions.map((c) => `${c.type}=${c.status}/${c.reason ?? ''}`).join(' ')}, got ${show(a.conditions)}`;
    }
  }
  return null;
}

/** GatewayMustHaveAttachedListeners: status.attachedListenerSets (upstream reports with t.Errorf). */
export async function gatewayMustHaveAttachedListeners(t: T, s: Harness, gw: NN, expectedCount: number): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayStatusMustHaveListeners, async () => {
    const generation = s.generation('Gateway', gw.namespace, gw.name);
    if (generation === undefined) return false;
    const status = await s.status('Gateway', gw.namespace, gw.name);
    const stale = conditionsHaveLatestObservedGeneration(generation, conditionsOf(status.conditions));
    if (stale) {
      last = stale;
      return false;
    }
    const attached = typeof status.attachedListenerSets === 'number' ? status.attachedListenerSets : 0;
    last = `gateway ${gw.namespace}/${gw.name} got ${attached} listeners, want ${expectedCount}`;
    return attached === expectedCount;
  });
  if (!ok) t.error(`Error waiting for gateway, want ${expectedCount} listeners: ${last}`);
}

/** GatewayMustHaveZeroRoutes (upstream reports with t.Errorf: the test goes on, but fails). */
export async function gatewayMustHaveZeroRoutes(t: T, s: Harness, gw: NN): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayStatusMustHaveListeners, async () => {
    const generation = requireObject(t, s, 'Gateway', gw.namespace, gw.name);
    const status = await s.status('Gateway', gw.namespace, gw.name);
    if (conditionsHaveLatestObservedGeneration(generation, conditionsOf(status.conditions))) return false;
    const listeners = listenersOf(status);
    last = JSON.stringify(listeners.map((l) => ({ name: l.name, attachedRoutes: l.attachedRoutes })));
    return listeners.length === 0 || (listeners.length === 1 && listeners[0].attachedRoutes === 0);
  });
  if (!ok) t.error(`Error waiting for gateway, got Gateway listeners ${last}, want zero listeners or exactly 1 listener with zero routes`);
}

// ---------------------------------------------------------------- ListenerSet

/** ListenerSetMustHaveCondition */
export async function listenerSetMustHaveCondition(t: T, s: Harness, ls: NN, expected: ExpectedCondition): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.listenerSetMustHaveCondition, async () => {
    const generation = s.generation('ListenerSet', ls.namespace, ls.name);
    if (generation === undefined) {
      last = 'error fetching ListenerSet: not found';
      return false;
    }
    const conditions = conditionsOf((await s.status('ListenerSet', ls.namespace, ls.name)).conditions);
    const stale = conditionsHaveLatestObservedGeneration(generation, conditions);
    last = stale ? `not ready: ${stale}` : show(conditions);
    if (stale) return false;
    return findCondition(conditions, expected.type, expected.status, expected.reason);
  });
  if (!ok) t.fatal(`error waiting for ListenerSet ${ls.namespace}/${ls.name} status to have a Condition ${expected.type}=${expected.status}/${expected.reason ?? ''}; got ${last}`);
}

/** ListenerSetListenersMustHaveConditions (all listeners, or the named ones). */
export async function listenerSetListenersMustHaveConditions(t: T, s: Harness, ls: NN, conditions: readonly ExpectedCondition[], ...listenerNames: string[]): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.listenerSetListenersMustHaveConditions, async () => {
    const generation = s.generation('ListenerSet', ls.namespace, ls.name);
    if (generation === undefined) {
      last = 'error fetching ListenerSet: not found';
      return false;
    }
    const status = await s.status('ListenerSet', ls.namespace, ls.name);
    const stale = conditionsHaveLatestObservedGeneration(generation, conditionsOf(status.conditions));
    if (stale) {
      last = `condition not yet at observed generation: ${stale}`;
      return false;
    }
    const mismatch = listenerConditionsMismatch(`listener set ${ls.name}`, listenersOf(status), conditions, listenerNames);
    last = mismatch ?? '';
    return mismatch === null;
  });
  if (!ok) t.fatal(`error waiting for ListenerSet status to have conditions matching expectations on the listeners: ${last}`);
}

/** ListenerSetStatusMustHaveListeners (listenerSetListenersMatch is gatewayListenersMatch's check). */
export function listenerSetStatusMustHaveListeners(t: T, s: Harness, ls: NN, expected: readonly ExpectedListenerStatus[]): Promise<void> {
  return statusMustHaveListeners(t, s, 'ListenerSet', ls, expected, s.timeouts.listenerSetListenersMustHaveConditions);
}

/** NamespacesMustBeReady: every Gateway (not opted out) Accepted and Programmed at its generation, and pods. */
export async function namespacesMustBeReady(t: T, s: Harness, namespaces: readonly string[]): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.namespacesMustBeReady, async () => {
    const statuses = await s.statuses();
    for (const ns of namespaces) {
      for (const gw of s.list('Gateway', ns)) {
        if (gw.metadata.annotations?.[SKIP_READINESS_ANNOTATION] === 'true') continue;
        const status = statuses.get(`Gateway/${ns}/${gw.metadata.name}`)?.status ?? {};
        const conditions = conditionsOf(status.conditions);
        const stale = conditionsHaveLatestObservedGeneration(s.generation('Gateway', ns, gw.metadata.name), conditions);
        if (stale) {
          last = `Gateway ${ns}/${gw.metadata.name} ${stale}`;
          return false;
        }
        if (!findCondition(conditions, 'Accepted', 'True')) {
          last = `${ns}/${gw.metadata.name} Gateway not Accepted yet ${show(conditions)}`;
          return false;
        }
        if (!findCondition(conditions, 'Programmed', 'True')) {
          last = `${ns}/${gw.metadata.name} Gateway not Programmed yet ${show(conditions)}`;
          return false;
        }
      }
      if (!s.hasPods(ns)) {
        last = `no pods in ${ns}`;
        return false;
      }
    }
    return true;
  });
  if (!ok) t.fatal(`error waiting for ${namespaces.join(', ')} namespaces to be ready: ${last}`);
}

// ---------------------------------------------------------------- routes

/** The route kinds whose status has parents (the suite's routeType argument). */
export type RouteKind = 'HTTPRoute' | 'GRPCRoute' | 'TLSRoute' | 'TCPRoute' | 'UDPRoute';

/**
 * GatewayAndRoutesMustBeAccepted: the Gateway's address ("ip:port" of its first or named
 * listener; only the IP when usePort is false).
 */
export async function gatewayAndRoutesMustBeAccepted(t: T, s: Harness, gw: GatewayRef, routeKind: RouteKind, usePort: boolean, ...routes: NN[]): Promise<string> {
  let address = await waitForGatewayAddress(t, s, gw);
  if (!usePort) address = address.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  await routesAndParentMustBeAccepted(t, s, { ...gw, kind: 'Gateway' }, routes, routeKind);
  await s.waitForDataPlane(gw.namespace, gw.name, t);
  return address;
}

/** GatewayAndHTTPRoutesMustBeAccepted: the Gateway's address ("ip:port"). */
export function gatewayAndHTTPRoutesMustBeAccepted(t: T, s: Harness, gw: GatewayRef, ...routes: NN[]): Promise<string> {
  return gatewayAndRoutesMustBeAccepted(t, s, gw, 'HTTPRoute', true, ...routes);
}

/** GatewayAndTCPRoutesMustBeAccepted */
export function gatewayAndTCPRoutesMustBeAccepted(t: T, s: Harness, gw: GatewayRef, ...routes: NN[]): Promise<string> {
  return gatewayAndRoutesMustBeAccepted(t, s, gw, 'TCPRoute', true, ...routes);
}

/** GatewayAndUDPRoutesMustBeAccepted */
export function gatewayAndUDPRoutesMustBeAccepted(t: T, s: Harness, gw: GatewayRef, ...routes: NN[]): Promise<string> {
  return gatewayAndRoutesMustBeAccepted(t, s, gw, 'UDPRoute', true, ...routes);
}

/** RoutesAndParentMustBeAccepted (routes of one kind, HTTPRoutes unless told), then ResourceListenersMustHaveConditions. */
export async function routesAndParentMustBeAccepted(t: T, s: Harness, parent: ResourceRef, routes: readonly NN[], routeKind: RouteKind = 'HTTPRoute'): Promise<void> {
  for (const route of routes) {
    const namespaceRequired = route.namespace !== parent.namespace;
    const parents: ExpectedRouteParentStatus[] = parent.listenerNames.map((listener) => ({
      parentRef: { group: GATEWAY_GROUP, kind: parent.kind, name: parent.name, namespace: parent.namespace, sectionName: listener },
      controllerName: s.controllerName,
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
    }));
    await routeMustHaveParents(t, s, routeKind, route, parents, namespaceRequired);
  }
  const required: ExpectedCondition[] = [
    { type: 'ResolvedRefs', status: 'True' },
    { type: 'Accepted', status: 'True' },
    { type: 'Programmed', status: 'True' },
  ];
  if (parent.kind === 'Gateway') await gatewayListenersMustHaveConditions(t, s, parent, required);
  else await listenerSetListenersMustHaveConditions(t, s, parent, required);
}

/** RouteMustHaveParents for HTTPRoute. */
export function httpRouteMustHaveParents(t: T, s: Harness, route: NN, parents: readonly ExpectedRouteParentStatus[], namespaceRequired: boolean): Promise<void> {
  return routeMustHaveParents(t, s, 'HTTPRoute', route, parents, namespaceRequired);
}

/** RouteMustHaveParents (and TLSRouteMustHaveParents, which upstream does not check generations in: this does). */
export async function routeMustHaveParents(t: T, s: Harness, kind: RouteKind, route: NN, parents: readonly ExpectedRouteParentStatus[], namespaceRequired: boolean): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.routeMustHaveParents, async () => {
    const generation = requireObject(t, s, kind, route.namespace, route.name);
    const actual = parentsOf(await s.status(kind, route.namespace, route.name));
    for (const p of actual) {
      const stale = conditionsHaveLatestObservedGeneration(generation, p.conditions);
      if (stale) {
        last = `${kind} ${route.name} ${stale}`;
        return false;
      }
    }
    const mismatch = parentsMismatch(parents, actual, namespaceRequired);
    last = mismatch ? `${mismatch}; parents ${describeParents(actual)}` : '';
    return mismatch === null;
  });
  if (!ok) t.fatal(`error waiting for ${kind} ${route.namespace}/${route.name} to have parents matching expectations: ${last}`);
}

/** TCPRouteMustHaveParents */
export function tcpRouteMustHaveParents(t: T, s: Harness, route: NN, parents: readonly ExpectedRouteParentStatus[], namespaceRequired: boolean): Promise<void> {
  return routeMustHaveParents(t, s, 'TCPRoute', route, parents, namespaceRequired);
}

/** UDPRouteMustHaveParents */
export function udpRouteMustHaveParents(t: T, s: Harness, route: NN, parents: readonly ExpectedRouteParentStatus[], namespaceRequired: boolean): Promise<void> {
  return routeMustHaveParents(t, s, 'UDPRoute', route, parents, namespaceRequired);
}

function describeParents(parents: readonly RouteParentStatus[]): string {
  return `[${parents.map((p) => `${p.parentRef.namespace ?? ''}/${p.parentRef.name}${p.parentRef.sectionName ? `#${p.parentRef.sectionName}` : ''} ${show(p.conditions)}`).join(', ')}]`;
}

/** parentsForRouteMatch, with the reason it does not. */
function parentsMismatch(expected: readonly ExpectedRouteParentStatus[], actual: readonly RouteParentStatus[], namespaceRequired: boolean): string | null {
  for (const e of expected) {
    let why = 'no parent status';
    const matched = actual.some((a) => {
      if (a.controllerName !== e.controllerName) { why = `controllerName ${a.controllerName} != ${e.controllerName}`; return false; }
      if (a.parentRef.group !== e.parentRef.group) { why = `parentRef.group ${a.parentRef.group} != ${e.parentRef.group}`; return false; }
      if (a.parentRef.kind !== e.parentRef.kind) { why = `parentRef.kind ${a.parentRef.kind} != ${e.parentRef.kind}`; return false; }
      if (a.parentRef.name !== e.parentRef.name) { why = `parentRef.name ${a.parentRef.name} != ${e.parentRef.name}`; return false; }
      if (a.parentRef.namespace !== e.parentRef.namespace && (namespaceRequired || a.parentRef.namespace !== undefined)) {
        why = `parentRef.namespace ${a.parentRef.namespace} != ${e.parentRef.namespace}`;
        return false;
      }
      if (!conditionsMatch(e.conditions, a.conditions)) { why = `conditions ${show(a.conditions)} do not include ${e.conditions.map((c) => `${c.type}=${c.status}/${c.reason ?? ''}`).join(' ')}`; return false; }
      return true;
    });
    if (!matched) return `parent ${e.parentRef.name}: ${why}`;
  }
  return null;
}

/** HTTPRouteMustHaveCondition: a parent status for the Gateway with the condition. */
export function httpRouteMustHaveCondition(t: T, s: Harness, route: NN, gw: NN, condition: ExpectedCondition): Promise<void> {
  return routeMustHaveCondition(t, s, 'HTTPRoute', route, gw, condition);
}

/** HTTPRouteMustHaveCondition, TLSRouteMustHaveCondition, ...: each kind with its own timeout. */
export async function routeMustHaveCondition(t: T, s: Harness, kind: RouteKind, route: NN, gw: NN, condition: ExpectedCondition): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, routeConditionTimeout(s, kind), async () => {
    const generation = requireObject(t, s, kind, route.namespace, route.name);
    const parents = parentsOf(await s.status(kind, route.namespace, route.name));
    let found = false;
    for (const p of parents) {
      const stale = conditionsHaveLatestObservedGeneration(generation, p.conditions);
      if (stale) {
        last = stale;
        return false;
      }
      if (p.parentRef.name === gw.name && (p.parentRef.namespace === undefined || p.parentRef.namespace === gw.namespace)) {
        if (findCondition(p.conditions, condition.type, condition.status, condition.reason)) found = true;
      }
    }
    last = `parents ${describeParents(parents)}`;
    return found;
  });
  if (!ok) t.fatal(`error waiting for ${kind} ${route.name} status to have a Condition ${condition.type}=${condition.status}/${condition.reason ?? ''} for ${gw.name}: ${last}`);
}

/** TCPRouteMustHaveCondition */
export function tcpRouteMustHaveCondition(t: T, s: Harness, route: NN, gw: NN, condition: ExpectedCondition): Promise<void> {
  return routeMustHaveCondition(t, s, 'TCPRoute', route, gw, condition);
}

/** UDPRouteMustHaveCondition */
export function udpRouteMustHaveCondition(t: T, s: Harness, route: NN, gw: NN, condition: ExpectedCondition): Promise<void> {
  return routeMustHaveCondition(t, s, 'UDPRoute', route, gw, condition);
}

/** The suite's per-kind condition timeouts (TCPRoute and UDPRoute have their own; the others wait as HTTPRoutes do). */
function routeConditionTimeout(s: Harness, kind: RouteKind): number {
  if (kind === 'TCPRoute') return s.timeouts.tcpRouteMustHaveCondition;
  if (kind === 'UDPRoute') return s.timeouts.udpRouteMustHaveCondition;
  return s.timeouts.httpRouteMustHaveCondition;
}

export function httpRouteMustHaveResolvedRefsConditionsTrue(t: T, s: Harness, route: NN, gw: NN): Promise<void> {
  return httpRouteMustHaveCondition(t, s, route, gw, { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' });
}

/** HTTPRouteMustHaveNoAcceptedParents: no parents (seen twice), or one that is not Accepted. */
export function httpRouteMustHaveNoAcceptedParents(t: T, s: Harness, route: NN): Promise<void> {
  return routeMustHaveNoAcceptedParents(t, s, 'HTTPRoute', route);
}

/** HTTPRouteMustHaveNoAcceptedParents, TLSRouteMustHaveNoAcceptedParents, ... (the same check for every kind). */
export async function routeMustHaveNoAcceptedParents(t: T, s: Harness, kind: RouteKind, route: NN): Promise<void> {
  let emptyChecked = false;
  let last = '';
  const ok = await pollUntil(t, 1000, s.timeouts.httpRouteMustNotHaveParents, async () => {
    const generation = requireObject(t, s, kind, route.namespace, route.name);
    const actual = parentsOf(await s.status(kind, route.namespace, route.name));
    last = describeParents(actual);
    if (actual.length === 0) {
      if (!emptyChecked) {
        emptyChecked = true;
        return false;
      }
      return true;
    }
    if (actual.length > 1) return false;
    if (actual.some((p) => conditionsHaveLatestObservedGeneration(generation, p.conditions))) return false;
    return conditionsMatch([{ type: 'Accepted', status: 'False' }], actual[0].conditions);
  });
  if (!ok) t.fatal(`error waiting for ${kind} to have no accepted parents: ${last}`);
}

export async function httpRouteMustHaveLatestConditions(t: T, s: Harness, route: NN): Promise<void> {
  let err: string | null = null;
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.latestObservedGenerationSet, async () => {
    const generation = requireObject(t, s, 'HTTPRoute', route.namespace, route.name);
    for (const p of parentsOf(await s.status('HTTPRoute', route.namespace, route.name))) {
      err = conditionsHaveLatestObservedGeneration(generation, p.conditions);
      if (err) return false;
    }
    return true;
  });
  if (!ok) t.fatal(`error waiting for HTTPRoute ${route.name} to have Latest ObservedGeneration to be set: ${err}`);
}

// ---------------------------------------------------------------- TLSRoute

/**
 * GatewayAndTLSRoutesMustBeAccepted: the Gateway's address ("ip:port") and the last route's
 * spec.hostnames. Upstream checks no listener conditions here (unlike the HTTPRoute one); as
 * there, the harness also waits until the Gateway's Envoy has the configuration.
 */
export async function gatewayAndTLSRoutesMustBeAccepted(t: T, s: Harness, gw: GatewayRef, ...routes: NN[]): Promise<{ address: string; hostnames: string[] }> {
  const address = await waitForGatewayAddress(t, s, gw);
  let hostnames: string[] = [];
  for (const route of routes) {
    const parents: ExpectedRouteParentStatus[] = gw.listenerNames.map((listener) => ({
      parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', name: gw.name, namespace: gw.namespace, sectionName: listener },
      controllerName: s.controllerName,
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
    }));
    await routeMustHaveParents(t, s, 'TLSRoute', route, parents, route.namespace !== gw.namespace);
    const doc = s.get('TLSRoute', route.namespace, route.name);
    hostnames = isRecord(doc?.spec) && Array.isArray(doc.spec.hostnames) ? doc.spec.hostnames.map(String) : [];
  }
  await s.waitForDataPlane(gw.namespace, gw.name, t);
  return { address, hostnames };
}

export function tlsRouteMustHaveCondition(t: T, s: Harness, route: NN, gw: NN, condition: ExpectedCondition): Promise<void> {
  return routeMustHaveCondition(t, s, 'TLSRoute', route, gw, condition);
}

export function tlsRouteMustHaveResolvedRefsConditionsTrue(t: T, s: Harness, route: NN, gw: NN): Promise<void> {
  return routeMustHaveCondition(t, s, 'TLSRoute', route, gw, { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' });
}

export function tlsRouteMustHaveNoAcceptedParents(t: T, s: Harness, route: NN): Promise<void> {
  return routeMustHaveNoAcceptedParents(t, s, 'TLSRoute', route);
}

// ---------------------------------------------------------------- BackendTLSPolicy

interface PolicyAncestorStatus {
  ancestorRef: ParentRef;
  controllerName: string;
  conditions: Condition[];
}

function ancestorsOf(status: Record<string, unknown>): PolicyAncestorStatus[] {
  if (!Array.isArray(status.ancestors)) return [];
  return status.ancestors.filter(isRecord).map((a) => {
    const ref = isRecord(a.ancestorRef) ? a.ancestorRef : {};
    return {
      ancestorRef: {
        group: typeof ref.group === 'string' ? ref.group : undefined,
        kind: typeof ref.kind === 'string' ? ref.kind : undefined,
        namespace: typeof ref.namespace === 'string' ? ref.namespace : undefined,
        name: String(ref.name),
        sectionName: typeof ref.sectionName === 'string' ? ref.sectionName : undefined,
      },
      controllerName: String(a.controllerName),
      conditions: conditionsOf(a.conditions),
    };
  });
}

function describeAncestors(ancestors: readonly PolicyAncestorStatus[]): string {
  return `[${ancestors.map((a) => `${a.ancestorRef.namespace ?? ''}/${a.ancestorRef.name} ${show(a.conditions)}`).join(', ')}]`;
}

/** BackendTLSPolicyMustHaveCondition: an ancestor status for the Gateway with the condition, every ancestor at the policy's generation. */
export async function backendTLSPolicyMustHaveCondition(t: T, s: Harness, policy: NN, gw: NN, condition: ExpectedCondition): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.httpRouteMustHaveCondition, async () => {
    const generation = requireObject(t, s, 'BackendTLSPolicy', policy.namespace, policy.name);
    const ancestors = ancestorsOf(await s.status('BackendTLSPolicy', policy.namespace, policy.name));
    last = `ancestors ${describeAncestors(ancestors)}`;
    for (const a of ancestors) {
      const stale = conditionsHaveLatestObservedGeneration(generation, a.conditions);
      if (stale) {
        last = `BackendTLSPolicy ${policy.namespace}/${policy.name} (ancestorRef=${a.ancestorRef.namespace ?? ''}/${a.ancestorRef.name}) ${stale}`;
        return false;
      }
      if (a.ancestorRef.name === gw.name && (a.ancestorRef.namespace === undefined || a.ancestorRef.namespace === gw.namespace)) {
        if (findCondition(a.conditions, condition.type, condition.status, condition.reason)) return true;
      }
    }
    return false;
  });
  if (!ok) t.fatal(`error waiting for BackendTLSPolicy ${policy.namespace}/${policy.name} status to have a Condition ${condition.type}=${condition.status}/${condition.reason ?? ''} for ${gw.name}: ${last}`);
}

export function backendTLSPolicyMustHaveAcceptedConditionTrue(t: T, s: Harness, policy: NN, gw: NN): Promise<void> {
  return backendTLSPolicyMustHaveCondition(t, s, policy, gw, { type: 'Accepted', status: 'True', reason: 'Accepted' });
}

/**
 * BackendTLSPolicyMustHaveLatestConditions: every ancestor's conditions at the policy's
 * generation, checked once on the policy as just read (upstream reads it with client.Get first).
 * Returns the generation seen.
 */
export async function backendTLSPolicyMustHaveLatestConditions(t: T, s: Harness, policy: NN): Promise<number> {
  const generation = requireObject(t, s, 'BackendTLSPolicy', policy.namespace, policy.name);
  for (const a of ancestorsOf(await s.status('BackendTLSPolicy', policy.namespace, policy.name))) {
    const stale = conditionsHaveLatestObservedGeneration(generation, a.conditions);
    if (stale) t.fatal(`BackendTLSPolicy(controller=${a.controllerName}, ancestorRef=${a.ancestorRef.namespace ?? ''}/${a.ancestorRef.name}) ${stale}`);
  }
  return generation;
}

// ---------------------------------------------------------------- one listener

/** GatewayListenerMustHaveConditions: the named listener has every condition (other listeners do not matter). */
export async function gatewayListenerMustHaveConditions(t: T, s: Harness, gw: NN, listenerName: string, conditions: readonly ExpectedCondition[]): Promise<void> {
  let last = '';
  const ok = await pollUntil(t, s.timeouts.defaultPollInterval, s.timeouts.gatewayListenersMustHaveConditions, async () => {
    requireObject(t, s, 'Gateway', gw.namespace, gw.name);
    const listener = listenersOf(await s.status('Gateway', gw.namespace, gw.name)).find((l) => l.name === listenerName);
    if (!listener) {
      last = `Listener ${listenerName} not found in Gateway ${gw.namespace}/${gw.name} Status`;
      return false;
    }
    const missing = conditions.find((c) => !findCondition(listener.conditions, c.type, c.status, c.reason));
    last = missing ? `gateway ${gw.name} doesn't have ${missing.type} condition with reason ${missing.reason ?? ''} set to ${missing.status} on ${listenerName} listener: ${show(listener.conditions)}` : '';
    return missing === undefined;
  });
  if (!ok) t.fatal(`error waiting for Gateway status to have conditions matching expectations on listener ${listenerName}: ${last}`);
}
