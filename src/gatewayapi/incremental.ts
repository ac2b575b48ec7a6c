/**
 * Incremental translation: the translator's state kept between changes, so that a change
 * re-translates only the Gateways it can affect. What a change can affect is found through
 * indexes kept as objects come and go:
 *
 *   route -> the parents its parentRefs name, Gateways and ListenerSets (and back: parent ->
 *     routes naming it); a ListenerSet's routes are translated by its parent Gateway's unit;
 *   Gateway -> the ListenerSets naming it (in the ResourceIndex; a unit reads that list, so a
 *     ListenerSet change re-translates its old and new parent);
 *   dependency key -> the routes whose translation read it (and so the Gateways they name),
 *     and the Gateway units that read it themselves: Services, Secrets, ReferenceGrants of a
 *     namespace, Namespace labels, BackendTLSPolicies of a Service (ResourceIndex records
 *     every read, see resourceindex.ts);
 *   a re-translated Gateway -> the routes whose status entry for it changed.
 *   GatewayClass -> everything.
 *
 * The units re-translated and the route and policy statuses put together again are exactly
 * those a full translate() would compute differently, so result() always equals translate() of
 * the same objects (a property test checks it after every step of random change sequences).
 * Pure: no I/O, no clock.
 */
import { deepEqual } from 'fast-equals';
import type { GatewayClass, Gateway } from '../apis/gateway';
import type { KubeObject } from '../apis/meta';
import type { GatewayInfraState, InfraIR, XdsIR } from '../ir/types';
import { statusKey, type ObjectStatus } from '../message/resources';
import { SetMultimap } from '../message/multimap';
import { freezeValue } from '../message/watchable';
import type { TableName } from '../message/tables';
import { backendTLSStatuses } from './backends/backendtls';
import { telemetryStatuses } from './telemetry/telemetrypolicy';
import { backendTrafficStatuses } from './backends/backendtraffic';
import { xBackendStatuses } from './backends/xbackend';
import { classStatuses, compareStatuses, composeRouteStatus, gatewayOfParent, gatewaysNamedBy, parentsNamedBy, type GatewayState } from './compose';
import { listenerSetParentKeyOf } from './routes/parents';
import { routeKey, TranslationMemo, type AnyRoute } from './memo';
import { isPolicyDep, readKeys, ResourceIndex, type IndexedTable } from './resourceindex';
import { classParametersProblem } from './parameters/proxyconfig';
import { insertionIndex } from './routes/routetable';
import { compareObjects, policyOutcomesOf, targetExists, type TranslateOptions, type TranslationResult } from './translate';
import { pierPolicyStatuses } from './policies/status';
import { PIER_POLICY_KINDS } from '../apis/pier';
import { compareTranslationOrder, patchGatewayUnit, translateGatewayUnit, withPolicies, type GatewayUnit, type PatchedUnit } from './unit';

/** One object stored (value) or deleted (undefined) in a table. */
export interface TableChange {
  table: TableName;
  /** objectKey: "<namespace>/<name>", or "<name>" for cluster-scoped kinds. */
  key: string;
  value: KubeObject | undefined;
}

/** What the infrastructure reports for one Gateway (bus.gatewayInfra), stored or deleted (undefined). */
export interface InfraChange {
  gateway: string;
  value: GatewayInfraState | undefined;
}

/** Whether the cluster serves a kind (bus.unservedKinds): served, or not. */
export interface KindChange {
  kind: string;
  served: boolean;
}

/** What one apply() changed in the output; undefined values are deletions. */
export interface TranslationDelta {
  xdsIR: Map<string, XdsIR | undefined>;
  infraIR: Map<string, InfraIR | undefined>;
  /** Key: statusKey(kind, namespace, name). */
  statuses: Map<string, ObjectStatus | undefined>;
  /** Gateways translated in this step. */
  gatewaysTranslated: number;
  /** Of those, the ones patched route by route (see patchGatewayUnit). */
  gatewaysPatched: number;
}

const ROUTE_TABLES: ReadonlySet<TableName> = new Set(['httpRoutes', 'grpcRoutes', 'tlsRoutes', 'tcpRoutes', 'udpRoutes']);
const INDEXED_TABLES: ReadonlySet<TableName> = new Set([
  'services', 'secrets', 'configMaps', 'clusterTrustBundles', 'referenceGrants', 'namespaces', 'backendTLSPolicies',
  'xBackendTrafficPolicies', 'xTelemetryPolicies',
  'xBackends', 'proxyConfigs',
  ...PIER_POLICY_KINDS.map((k) => k.table),
]);
const PIER_POLICY_TABLES: ReadonlySet<TableName> = new Set(PIER_POLICY_KINDS.map((k) => k.table));
/** Tables an XBackend's status reads (itself, its client certificate Secret, its CA bundles, grants for the Secret). */
const XBACKEND_STATUS_TABLES: ReadonlySet<TableName> = new Set(['xBackends', 'secrets', 'configMaps', 'clusterTrustBundles', 'referenceGrants']);

function splitKey(key: string): { namespace?: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

function statusKeyOf(s: ObjectStatus): string {
  return statusKey(s.kind, s.namespace, s.name);
}

/** A multimap kept in step with what each owner currently refers to. */
class ReverseIndex {
  private readonly byTarget = new SetMultimap<string, string>();
  private readonly byOwner = new Map<string, string[]>();

  set(owner: string, targets: Iterable<string>): void {
    this.delete(owner);
    const list = [...targets];
    if (list.length === 0) return;
    this.byOwner.set(owner, list);
    for (const t of list) this.byTarget.add(t, owner);
  }

  /** Adds targets to what owner refers to (keeping the others). */
  add(owner: string, targets: Iterable<string>): void {
    const list = this.byOwner.get(owner);
    if (!list) {
      this.set(owner, targets);
      return;
    }
    const known = new Set(list);
    for (const t of targets) {
      if (known.has(t)) continue;
      known.add(t);
      list.push(t);
      this.byTarget.add(t, owner);
    }
  }

  delete(owner: string): void {
    for (const t of this.byOwner.get(owner) ?? []) this.byTarget.delete(t, owner);
    this.byOwner.delete(owner);
  }

  owners(target: string): Iterable<string> {
    return this.byTarget.get(target);
  }
}

export class IncrementalTranslator {
  private readonly index = new ResourceIndex();
  private readonly memo = new TranslationMemo();
  private readonly classes = new Map<string, GatewayClass>();
  private readonly gateways = new Map<string, Gateway>();
  private readonly routes = new Map<string, AnyRoute>();
  private ourClasses = new Set<string>();
  /** Parent key (Gateway, or ListenerSet: parents.ts parentKey) -> route keys naming it (the parent may not exist). */
  private readonly naming = new ReverseIndex();
  /** Parent key -> the routes naming it, in translation order (kept sorted as routes come and go). */
  private readonly routesOf = new Map<string, AnyRoute[]>();
  /** ListenerSet status key -> the Gateway whose unit last reported it. */
  private readonly listenerSetReporter = new Map<string, string>();
  /** Dependency key -> Gateway units that read it (their routes' reads included). */
  private readonly unitDeps = new ReverseIndex();
  /** Dependency key -> routes whose translation read it. */
  private readonly routeDeps = new ReverseIndex();
  private readonly units = new Map<string, GatewayUnit>();
  /** Policy key -> Gateways that are its ancestors. */
  private readonly policyAncestors = new Map<string, Set<string>>();
  private readonly statuses = new Map<string, ObjectStatus>();
  private readonly irs = new Map<string, XdsIR>();
  private readonly infras = new Map<string, InfraIR>();
  /** What the infrastructure reports, per Gateway key. */
  private readonly gatewayInfra = new Map<string, GatewayInfraState>();
  /** Kinds the cluster does not serve now. */
  private readonly unservedKinds = new Set<string>();

  constructor(private readonly options: Omit<TranslateOptions, 'gatewayInfra' | 'unservedKinds'>) {
    this.index.setPolicyContext({ rateLimitService: options.rateLimitService !== undefined });
  }

  /**
   * Applies changes (any number, any tables, and what the infrastructure reports) and returns
   * what the output became where it changed.
   */
  apply(changes: readonly TableChange[], infraChanges: readonly InfraChange[] = [], kindChanges: readonly KindChange[] = []): TranslationDelta {
    const delta: TranslationDelta = { xdsIR: new Map(), infraIR: new Map(), statuses: new Map(), gatewaysTranslated: 0, gatewaysPatched: 0 };
    const dirtyUnits = new Set<string>();
    const dirtyRoutes = new Set<string>();
    /** Units dirty for a reason other than their routes (they are translated whole). */
    const wholeUnits = new Set<string>();
    /** Unit -> the routes naming it (before or after) that changed, or whose translation may have. */
    const routeChanges = new Map<string, Set<string>>();
    const routeChanged = (gateway: string, rk: string): void => {
      dirtyUnits.add(gateway);
      let set = routeChanges.get(gateway);
      if (!set) routeChanges.set(gateway, (set = new Set()));
      set.add(rk);
    };
    let classesChanged = false;
    /** The features GatewayClasses list may have changed (a kind served or not). */
    let featuresChanged = false;
    /** A ProxyConfig changed: the GatewayClasses naming one may be accepted or not now. */
    let classParametersChanged = false;
    let policiesChanged = false;
    // XTelemetryPolicy statuses read the policies, how each targeted Gateway stands and what its
    // unit made of its policy: put together again when any of these may have changed.
    let telemetryChanged = false;
    /** XBackendTrafficPolicy statuses only (a policy, or whether a Service it targets exists, changed). */
    let trafficPoliciesChanged = false;
    let xBackendInputsChanged = false;
    /** A Pier policy came, went or changed (their statuses are redone whenever any exists). */
    let pierPoliciesChanged = false;
    /** Units only a Pier policy change reaches (their policies are placed again). */
    const policyUnits = new Set<string>();

    /** How each Gateway named in this batch stood before it, for the routes naming it. */
    const priorState = new Map<string, GatewayState>();
    const dependencyChanged = (deps: readonly string[]): void => {
      for (const dep of deps) {
        for (const unit of this.unitDeps.owners(dep)) {
          // Pier policies are placed on a unit's IR as it is (withPolicies), not translated with it.
          if (isPolicyDep(dep)) {
            policyUnits.add(unit);
            continue;
          }
          dirtyUnits.add(unit);
          wholeUnits.add(unit);
        }
        for (const rk of this.routeDeps.owners(dep)) {
          dirtyRoutes.add(rk);
          const route = this.routes.get(rk);
          for (const gw of route ? gatewaysNamedBy(route, this.parentOfListenerSet) : []) routeChanged(gw, rk);
        }
        if (dep.startsWith('btls:')) policiesChanged = true;
        if (dep.startsWith('telemetry:')) telemetryChanged = true;
        if (dep.startsWith('xbtp:')) trafficPoliciesChanged = true;
      }
    };

    for (const change of changes) {
      const { table, key, value } = change;
      if (table === 'gatewayClasses') {
        if (value) this.classes.set(key, value as GatewayClass);
        else this.classes.delete(key);
        this.index.set('gatewayClasses', value as GatewayClass | undefined, { name: key });
        classesChanged = true;
      } else if (table === 'gateways') {
        if (!priorState.has(key)) priorState.set(key, this.stateOf(key));
        if (value) this.gateways.set(key, value as Gateway);
        else this.gateways.delete(key);
        dependencyChanged(this.index.set('gateways', value as Gateway | undefined, splitKey(key)));
        dirtyUnits.add(key);
        wholeUnits.add(key);
      } else if (ROUTE_TABLES.has(table)) {
        const route = value as AnyRoute | undefined;
        const rk = route ? routeKey(route) : `${kindOfRouteTable(table)}/${key}`;
        const before = this.routes.get(rk);
        for (const parent of before ? parentsNamedBy(before) : []) {
          this.markParentChanged(parent, rk, routeChanged);
          this.unlist(parent, before!);
        }
        if (route) {
          this.routes.set(rk, route);
          for (const parent of parentsNamedBy(route)) {
            this.markParentChanged(parent, rk, routeChanged);
            this.list(parent, route);
          }
          this.naming.set(rk, parentsNamedBy(route));
        } else {
          this.routes.delete(rk);
          this.naming.delete(rk);
          this.routeDeps.delete(rk);
          this.memo.forgetRoute(rk);
        }
        dirtyRoutes.add(rk);
      } else if (table === 'listenerSets') {
        // Its old and new parent Gateways re-translate (they read their ListenerSet lists), and
        // the routes naming it are answered by whichever Gateway it names now.
        const before = this.index.parentOfListenerSet(key);
        dependencyChanged(this.index.set('listenerSets', value as Parameters<ResourceIndex['set']>[1], splitKey(key)));
        const after = this.index.parentOfListenerSet(key);
        for (const gw of [before, after]) {
          if (gw === undefined) continue;
          dirtyUnits.add(gw);
          wholeUnits.add(gw);
        }
        for (const rk of this.naming.owners(listenerSetParentKeyOf(key))) dirtyRoutes.add(rk);
      } else if (INDEXED_TABLES.has(table)) {
        dependencyChanged(this.index.set(table as IndexedTable, value as Parameters<ResourceIndex['set']>[1], splitKey(key)));
        if (table === 'xBackendTrafficPolicies') trafficPoliciesChanged = true;
        if (table === 'services' && this.index.isBackendTrafficTarget(splitKey(key).namespace ?? '', splitKey(key).name)) trafficPoliciesChanged = true;
        if (XBACKEND_STATUS_TABLES.has(table)) xBackendInputsChanged = true;
        if (PIER_POLICY_TABLES.has(table)) pierPoliciesChanged = true;
        // A GatewayClass's Accepted reads the ProxyConfig it names.
        if (table === 'proxyConfigs') classParametersChanged = true;
      }
      // EndpointSlices are not the translator's: the endpoint translator follows them.
    }
    for (const { kind, served } of kindChanges) {
      const deps = this.index.setKindServed(kind, served);
      if (deps.length === 0) continue;
      dependencyChanged(deps);
      if (served) this.unservedKinds.delete(kind);
      else this.unservedKinds.add(kind);
      featuresChanged = true;
    }
    for (const { gateway, value } of infraChanges) {
      if (value) this.gatewayInfra.set(gateway, value);
      else this.gatewayInfra.delete(gateway);
      dirtyUnits.add(gateway);
      wholeUnits.add(gateway);
    }

    if (classesChanged) {
      this.ourClasses = new Set([...this.classes.values()].filter((gc) => gc.spec?.controllerName === this.options.controllerName).map((gc) => gc.metadata.name));
      for (const k of [...this.gateways.keys(), ...this.units.keys()]) {
        dirtyUnits.add(k);
        wholeUnits.add(k);
      }
    }
    if (classesChanged || featuresChanged || classParametersChanged) {
      this.syncStatuses(delta, 'GatewayClass', classStatuses([...this.classes.values()], this.options.controllerName,
        { ...this.options, unservedKinds: [...this.unservedKinds].sort() }, (gc) => classParametersProblem(gc, this.index)));
    }

    for (const gw of dirtyUnits) {
      const stateBefore = priorState.get(gw) ?? this.stateOf(gw);
      const before = this.units.get(gw);
      const changed = wholeUnits.has(gw) ? undefined : routeChanges.get(gw);
      const patched = changed && this.patchUnit(gw, changed, delta);
      if (patched) {
        // Only the changed routes' entries can differ; the Gateway stays ours.
        if (this.updateAncestors(gw, before?.policies, patched.unit.policies)) policiesChanged = true;
        for (const rk of patched.changedEntries) dirtyRoutes.add(rk);
        continue;
      }
      if (this.translateUnit(gw, delta)) policiesChanged = true;
      const after = this.units.get(gw);
      if (stateBefore !== this.stateOf(gw) || !deepEqual(before?.telemetry, after?.telemetry)) telemetryChanged = true;
      // A route's status changes with its entry for this Gateway, or with how the Gateway stands.
      const stateChanged = stateBefore !== this.stateOf(gw);
      const parents = new Set([gw, ...[...before?.listenerSetKeys ?? [], ...after?.listenerSetKeys ?? []].map(listenerSetParentKeyOf)]);
      for (const parent of parents) {
        for (const rk of this.naming.owners(parent)) {
          if (stateChanged || !deepEqual(before?.routeEntries.get(rk), after?.routeEntries.get(rk))) dirtyRoutes.add(rk);
        }
      }
    }

    for (const gw of policyUnits) if (!dirtyUnits.has(gw)) this.placePolicies(gw, delta);
    for (const rk of dirtyRoutes) this.composeRoute(rk, delta);
    if (policiesChanged) {
      this.syncStatuses(delta, 'BackendTLSPolicy', backendTLSStatuses(this.index.backendTLS, (p) => this.policyAncestors.get(p), this.options.controllerName));
    }
    if (telemetryChanged) {
      this.syncStatuses(delta, 'XTelemetryPolicy', telemetryStatuses(this.index.telemetry, this.stateOf, (gw) => this.units.get(gw)?.telemetry, this.options.controllerName));
    }
    if (policiesChanged || trafficPoliciesChanged) {
      this.syncStatuses(delta, 'XBackendTrafficPolicy', backendTrafficStatuses(this.index.backendTraffic, (p) => this.policyAncestors.get(p),
        (ns, name) => this.index.serviceExists(ns, name), this.options.controllerName));
    }
    if (pierPoliciesChanged || !this.index.pierPolicies.empty) {
      const statuses = pierPolicyStatuses(this.index.pierPolicies, policyOutcomesOf(this.units), targetExists(this.index, (k) => this.routes.has(k)), this.options.controllerName);
      for (const { kind } of PIER_POLICY_KINDS) this.syncStatuses(delta, kind, statuses.filter((s) => s.kind === kind));
    }
    if (policiesChanged || xBackendInputsChanged) {
      this.syncStatuses(delta, 'XBackend', xBackendStatuses(this.index, (p) => this.policyAncestors.get(p), this.options.controllerName));
    }
    return delta;
  }

  /** The whole current output, as translate() returns it. */
  result(): TranslationResult {
    const byGateway = ([a]: [string, unknown], [b]: [string, unknown]): number => compareObjects({ metadata: splitKey(a) }, { metadata: splitKey(b) });
    return {
      xdsIR: Object.fromEntries([...this.irs].sort(byGateway)),
      infraIR: Object.fromEntries([...this.infras].sort(byGateway)),
      statuses: [...this.statuses.values()].sort(compareStatuses),
    };
  }

  /** Objects the translator holds, for diagnostics. */
  get size(): { gateways: number; routes: number; units: number; memoizedRoutes: number } {
    return { gateways: this.gateways.size, routes: this.routes.size, units: this.units.size, memoizedRoutes: this.memo.routeCount };
  }

  private parentOfListenerSet = (listenerSet: string): string | undefined => this.index.parentOfListenerSet(listenerSet);

  /** The unit answering for a parent key (a ListenerSet's Gateway, when it exists) sees the route change. */
  private markParentChanged(parent: string, rk: string, routeChanged: (gateway: string, rk: string) => void): void {
    const gw = gatewayOfParent(parent, this.parentOfListenerSet);
    if (gw !== undefined) routeChanged(gw, rk);
  }

  /** The routes a Gateway's unit translates: those naming it or a ListenerSet naming it, in translation order. */
  private routesOfUnit(gateway: string): AnyRoute[] {
    const own = this.routesOf.get(gateway) ?? [];
    const sets = this.index.listenerSetKeysOf(gateway);
    if (sets.length === 0) return own;
    const merged = [...own];
    for (const set of sets) merged.push(...this.routesOf.get(listenerSetParentKeyOf(set)) ?? []);
    merged.sort(compareTranslationOrder);
    return merged.filter((r, i) => i === 0 || compareTranslationOrder(merged[i - 1]!, r) !== 0);
  }

  private stateOf = (gateway: string): GatewayState => {
    if (this.units.has(gateway)) return 'ours';
    return this.gateways.has(gateway) ? 'other' : 'missing';
  };

  /** Re-translates one Gateway (or drops what it produced). Returns true when its policy uses changed. */
  private translateUnit(key: string, delta: TranslationDelta): boolean {
    const gateway = this.gateways.get(key);
    const before = this.units.get(key);
    let unit: GatewayUnit | undefined;
    if (gateway && this.ourClasses.has(gateway.spec?.gatewayClassName)) {
      const routes = this.routesOfUnit(key);
      const options = { ...this.options, infra: this.gatewayInfra.get(key), routesInOrder: true };
      const { value, reads } = this.index.withReads(() => translateGatewayUnit(gateway, routes, this.index, this.memo, options, this.memo.unitMemo(key)));
      unit = value;
      this.unitDeps.set(key, readKeys(reads));
      this.units.set(key, unit);
      delta.gatewaysTranslated += 1;
    } else {
      this.unitDeps.delete(key);
      this.units.delete(key);
      this.memo.forgetGateway(key);
    }
    this.setOutput(this.irs, delta.xdsIR, key, unit?.xdsIR);
    this.setOutput(this.infras, delta.infraIR, key, unit?.infraIR);
    const { namespace, name } = splitKey(key);
    this.setStatus(delta, statusKey('Gateway', namespace, name), unit?.status);
    this.syncListenerSetStatuses(key, before, unit, delta);
    return this.updateAncestors(key, before?.policies, unit?.policies);
  }

  /**
   * A unit reports the ListenerSets naming its Gateway. One that moved to another Gateway may be
   * reported by the new unit first: the old unit then leaves it alone.
   */
  private syncListenerSetStatuses(gateway: string, before: GatewayUnit | undefined, unit: GatewayUnit | undefined, delta: TranslationDelta): void {
    const now = new Set<string>();
    for (const s of unit?.listenerSetStatuses ?? []) {
      const k = statusKeyOf(s);
      now.add(k);
      this.listenerSetReporter.set(k, gateway);
      this.setStatus(delta, k, s);
    }
    for (const s of before?.listenerSetStatuses ?? []) {
      const k = statusKeyOf(s);
      if (now.has(k) || this.listenerSetReporter.get(k) !== gateway) continue;
      this.listenerSetReporter.delete(k);
      this.setStatus(delta, k, undefined);
    }
  }

  /** Places the Pier policies again on a unit whose policies alone changed. */
  private placePolicies(key: string, delta: TranslationDelta): void {
    const unit = this.units.get(key);
    if (!unit?.policyBase) return;
    const { value, reads } = this.index.withReads(() => withPolicies(unit, unit.policyBase!, this.index));
    this.unitDeps.add(key, readKeys(reads));
    this.units.set(key, value);
    const patchable = this.memo.unitMemo(key).patchable;
    if (patchable?.unit === unit) patchable.unit = value;
    delta.gatewaysTranslated += 1;
    this.setOutput(this.irs, delta.xdsIR, key, value.xdsIR);
    // Policies can open ports (ClientPolicy http3).
    if (value.infraIR !== unit.infraIR) this.setOutput(this.infras, delta.infraIR, key, value.infraIR);
  }

  /** Patches a unit whose routes alone changed (patchGatewayUnit); undefined when it must be translated whole. */
  private patchUnit(key: string, changed: ReadonlySet<string>, delta: TranslationDelta): PatchedUnit | undefined {
    const gateway = this.gateways.get(key);
    if (!gateway || !this.units.has(key) || !this.ourClasses.has(gateway.spec?.gatewayClassName)) return undefined;
    const changes = [...changed].map((rk) => ({ key: rk, route: this.routes.get(rk) }));
    const options = { ...this.options, infra: this.gatewayInfra.get(key) };
    const { value: patched, reads } = this.index.withReads(() => patchGatewayUnit(gateway, changes, this.index, this.memo, options, this.memo.unitMemo(key)));
    if (!patched) return undefined;
    // What the new attachments read joins what the unit read; what the old ones read may stay (harmless).
    this.unitDeps.add(key, readKeys(reads));
    this.units.set(key, patched.unit);
    delta.gatewaysTranslated += 1;
    delta.gatewaysPatched += 1;
    this.setOutput(this.irs, delta.xdsIR, key, patched.unit.xdsIR);
    this.setOutput(this.infras, delta.infraIR, key, patched.unit.infraIR);
    const { namespace, name } = splitKey(key);
    this.setStatus(delta, statusKey('Gateway', namespace, name), patched.unit.status);
    return patched;
  }

  /** Where route belongs in the gateway's list: its index, and whether one with its identity is there. */
  private position(list: readonly AnyRoute[], route: AnyRoute): { at: number; found: boolean } {
    const at = insertionIndex(list, route, compareTranslationOrder);
    return { at, found: at < list.length && compareTranslationOrder(list[at]!, route) === 0 };
  }

  private list(gateway: string, route: AnyRoute): void {
    let list = this.routesOf.get(gateway);
    if (!list) this.routesOf.set(gateway, (list = []));
    const { at, found } = this.position(list, route);
    if (found) list[at] = route;
    else list.splice(at, 0, route);
  }

  private unlist(gateway: string, route: AnyRoute): void {
    const list = this.routesOf.get(gateway);
    if (!list) return;
    const { at, found } = this.position(list, route);
    if (found) list.splice(at, 1);
    if (list.length === 0) this.routesOf.delete(gateway);
  }

  private updateAncestors(gateway: string, before: ReadonlySet<string> | undefined, after: ReadonlySet<string> | undefined): boolean {
    let changed = false;
    for (const p of before ?? []) {
      if (after?.has(p)) continue;
      const set = this.policyAncestors.get(p);
      set?.delete(gateway);
      if (set?.size === 0) this.policyAncestors.delete(p);
      changed = true;
    }
    for (const p of after ?? []) {
      if (before?.has(p)) continue;
      let set = this.policyAncestors.get(p);
      if (!set) this.policyAncestors.set(p, (set = new Set()));
      set.add(gateway);
      changed = true;
    }
    return changed;
  }

  private composeRoute(rk: string, delta: TranslationDelta): void {
    const route = this.routes.get(rk);
    const slash = rk.indexOf('/');
    const { namespace, name } = splitKey(rk.slice(slash + 1));
    const key = statusKey(rk.slice(0, slash), namespace, name);
    if (!route) {
      this.setStatus(delta, key, undefined);
      return;
    }
    const translation = this.memo.translateRoute(route, this.index);
    this.routeDeps.set(rk, readKeys(this.memo.readsOf(rk) ?? []));
    const status = composeRouteStatus(route, translation, this.stateOf,
      (gateway, refIndex) => this.units.get(gateway)?.routeEntries.get(rk)?.[refIndex], this.options.controllerName, this.parentOfListenerSet);
    this.setStatus(delta, key, status);
  }

  private setOutput<V>(map: Map<string, V>, out: Map<string, V | undefined>, key: string, value: V | undefined): void {
    if (value === undefined) {
      if (map.delete(key)) out.set(key, undefined);
      return;
    }
    map.set(key, value);
    out.set(key, value);
  }

  private setStatus(delta: TranslationDelta, key: string, status: ObjectStatus | undefined): void {
    // Frozen: the bus then shares it instead of keeping a copy of every status.
    this.setOutput(this.statuses, delta.statuses, key, status && freezeValue(status));
  }

  /** Replaces every status of one kind by the given ones. */
  private syncStatuses(delta: TranslationDelta, kind: ObjectStatus['kind'], next: readonly ObjectStatus[]): void {
    const keys = new Set(next.map(statusKeyOf));
    for (const [k, s] of this.statuses) if (s.kind === kind && !keys.has(k)) this.setStatus(delta, k, undefined);
    for (const s of next) this.setStatus(delta, statusKeyOf(s), s);
  }
}

function kindOfRouteTable(table: TableName): string {
  switch (table) {
    case 'httpRoutes': return 'HTTPRoute';
    case 'grpcRoutes': return 'GRPCRoute';
    case 'tlsRoutes': return 'TLSRoute';
    case 'tcpRoutes': return 'TCPRoute';
    default: return 'UDPRoute';
  }
}
