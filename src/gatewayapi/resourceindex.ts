/**
 * Lookups the translator makes while translating (Services, Secrets, ConfigMaps, ClusterTrustBundles,
 * ReferenceGrants, Namespace labels, BackendTLSPolicies, XBackendTrafficPolicies, XTelemetryPolicies, Gateways), kept up to date object by
 * object. A full translation fills one from a ProviderResources; the incremental runner keeps
 * one for its whole life and updates it as the tables change.
 *
 * Every lookup is a read of a dependency key ("svc:<ns>/<name>", "grants:<ns>", ...), and every
 * change bumps the version of the keys it affects. Translation can record the reads it made
 * (withReads), so the runner knows what each cached result depends on, and whether it is still
 * current (readsCurrent), without knowing the translator's internals.
 */
import type { ClusterTrustBundle, ConfigMap, Namespace, Secret, Service } from '../apis/core';
import type { BackendTLSPolicy, Gateway, GatewayClass, ListenerSet, ReferenceGrant, XBackendTrafficPolicy } from '../apis/gateway';
import type { XTelemetryPolicy } from '../apis/xtelemetry';
import type { XBackend } from '../apis/xbackend';
import { listenerSetParentKey } from './listeners/listenersetparent';
import type { ProviderResources } from '../message/resources';
import { BackendTLSPolicies, type BackendTLSResolution } from './backends/backendtls';
import { BackendTrafficPolicies, serviceTargets, type BackendTraffic } from './backends/backendtraffic';
import { TelemetryPolicies, telemetryTargets, type TelemetryPolicyState } from './telemetry/telemetrypolicy';
import { isPierPolicyTable, PIER_POLICY_KINDS, type PierPolicy, type PierPolicyKind, type PierPolicyTable, type ProxyConfig } from '../apis/pier';
import { policyTargets } from './policies/attachment';
import { PierPolicies } from './policies/policies';
import { POLICY_TRANSLATIONS } from './policies/kinds';
import type { PolicyCheckContext } from './policies/ratelimit';

/** The label the API server puts on every Namespace; assumed even where no Namespace object was given. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/**
 * What a result read: dependency keys and their versions when read, alternating
 * ([key, version, key, version, ...]). A flat array, not a Map: every route and attachment
 * keeps one, and a few keys in a Map cost several times more memory.
 */
export type ReadSet = readonly (string | number)[];

/** The dependency keys of reads. */
export function readKeys(reads: ReadSet): string[] {
  const out: string[] = [];
  for (let i = 0; i < reads.length; i += 2) out.push(reads[i] as string);
  return out;
}

/** The kinds the index holds (ProviderResources list names). */
export type IndexedTable = 'gateways' | 'listenerSets' | 'services' | 'secrets' | 'configMaps' | 'clusterTrustBundles' | 'referenceGrants' | 'namespaces'
  | 'backendTLSPolicies' | 'xBackendTrafficPolicies' | 'xTelemetryPolicies' | 'xBackends' | PierPolicyTable | 'gatewayClasses' | 'proxyConfigs';

type IndexedObject = Gateway | ListenerSet | Service | Secret | ConfigMap | ClusterTrustBundle | ReferenceGrant | Namespace | BackendTLSPolicy
  | XBackendTrafficPolicy | XTelemetryPolicy | XBackend | PierPolicy | GatewayClass | ProxyConfig;

export const Dep = {
  gateway: (namespace: string, name: string): string => `gw:${namespace}/${name}`,
  listenerSet: (namespace: string, name: string): string => `lset:${namespace}/${name}`,
  /** The ListenerSets whose parentRef names a Gateway ("<namespace>/<name>"). */
  listenerSetsOf: (gateway: string): string => `lsets:${gateway}`,
  service: (namespace: string, name: string): string => `svc:${namespace}/${name}`,
  secret: (namespace: string, name: string): string => `secret:${namespace}/${name}`,
  configMap: (namespace: string, name: string): string => `cm:${namespace}/${name}`,
  clusterTrustBundle: (name: string): string => `ctb:${name}`,
  /** Whether the cluster serves a kind (present, with a version, while it does not). */
  unserved: (kind: string): string => `unserved:${kind}`,
  grants: (namespace: string): string => `grants:${namespace}`,
  namespace: (name: string): string => `ns:${name}`,
  /** The BackendTLSPolicy resolution for a Service's ports. */
  backendTLS: (namespace: string, service: string): string => `btls:${namespace}/${service}`,
  /** The XTelemetryPolicy applying to a Gateway ("<namespace>/<name>"). */
  telemetry: (gateway: string): string => `telemetry:${gateway}`,
  /** The XBackendTrafficPolicy that applies to a Service. */
  backendTraffic: (namespace: string, service: string): string => `xbtp:${namespace}/${service}`,
  xBackend: (namespace: string, name: string): string => `xb:${namespace}/${name}`,
  /** The Pier policies targeting a Gateway, its listeners or its ListenerSets. */
  gatewayPolicies: (gateway: string): string => `pol:gw:${gateway}`,
  /** The Pier policies targeting routes (and their rules) of a namespace. */
  routePolicies: (namespace: string): string => `pol:routes:${namespace}`,
  /** The Pier policies targeting Services (any Gateway's routes may reach one). */
  servicePolicies: 'pol:services',
  gatewayClass: (name: string): string => `gc:${name}`,
  proxyConfig: (namespace: string, name: string): string => `pc:${namespace}/${name}`,
} as const;

/** Whether a dependency key is one of the Pier policies' (Dep.gatewayPolicies, Dep.routePolicies). */
export function isPolicyDep(dep: string): boolean {
  return dep.startsWith('pol:');
}

function key(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

/** Tables whose dependency key is the object's own: it is absent exactly when the object is. */
const OBJECT_KEYED: ReadonlySet<IndexedTable> = new Set(['gateways', 'listenerSets', 'services', 'secrets', 'namespaces', 'clusterTrustBundles', 'xBackends', 'gatewayClasses', 'proxyConfigs']);

export class ResourceIndex {
  private readonly gateways = new Map<string, Gateway>();
  private readonly listenerSets = new Map<string, ListenerSet>();
  /** Parent Gateway key -> ListenerSet key -> ListenerSet. */
  private readonly listenerSetsByParent = new Map<string, Map<string, ListenerSet>>();
  private readonly services = new Map<string, Service>();
  private readonly namespaces = new Map<string, Namespace>();
  /** Namespace -> name -> grant. */
  private readonly grants = new Map<string, Map<string, ReferenceGrant>>();
  private readonly grantLists = new Map<string, ReferenceGrant[]>();
  private readonly secrets = new Map<string, Secret>();
  private readonly configMaps = new Map<string, ConfigMap>();
  /** Cluster-scoped: keyed by name. */
  private readonly clusterTrustBundles = new Map<string, ClusterTrustBundle>();
  private readonly policies = new Map<string, BackendTLSPolicy>();
  /** Kinds the cluster does not serve (Bus.unservedKinds). */
  private readonly unserved = new Set<string>();
  private resolvedPolicies: BackendTLSPolicies | undefined;
  private readonly telemetryPolicies = new Map<string, XTelemetryPolicy>();
  private resolvedTelemetry: TelemetryPolicies | undefined;
  private readonly trafficPolicies = new Map<string, XBackendTrafficPolicy>();
  private resolvedTrafficPolicies: BackendTrafficPolicies | undefined;
  private readonly xBackends = new Map<string, XBackend>();
  /** Pier policies by kind, then "<namespace>/<name>". */
  private readonly pierPolicyObjects = new Map<PierPolicyKind, Map<string, PierPolicy>>();
  private resolvedPierPolicies: PierPolicies | undefined;
  /** What the policies' checks know of Pier's configuration (set once, before any policy). */
  private policyContext: PolicyCheckContext = { rateLimitService: false };
  /** Cluster-scoped: keyed by name. */
  private readonly gatewayClasses = new Map<string, GatewayClass>();
  private readonly proxyConfigs = new Map<string, ProxyConfig>();

  private readonly versions = new Map<string, number>();
  private changes = 0;
  /** Where reads are recorded, when someone records them. */
  private recorder: Map<string, number> | undefined;

  /** An index over a whole resource set (a full translation), with the kinds the cluster does not serve. */
  static fromResources(resources: ProviderResources, unservedKinds: readonly string[] = [], policyContext?: PolicyCheckContext): ResourceIndex {
    const index = new ResourceIndex();
    if (policyContext) index.setPolicyContext(policyContext);
    for (const kind of unservedKinds) index.setKindServed(kind, false);
    const fill = (table: IndexedTable, objects: readonly IndexedObject[] | undefined): void => {
      for (const o of objects ?? []) index.set(table, o);
    };
    fill('gateways', resources.gateways);
    fill('listenerSets', resources.listenerSets);
    fill('services', resources.services);
    fill('secrets', resources.secrets);
    // Older snapshots (and hand-built ones) may lack the lists added with BackendTLSPolicy.
    fill('configMaps', resources.configMaps);
    fill('clusterTrustBundles', resources.clusterTrustBundles);
    fill('referenceGrants', resources.referenceGrants);
    fill('namespaces', resources.namespaces);
    fill('backendTLSPolicies', resources.backendTLSPolicies);
    fill('xTelemetryPolicies', resources.xTelemetryPolicies);
    fill('xBackendTrafficPolicies', resources.xBackendTrafficPolicies);
    fill('xBackends', resources.xBackends);
    for (const k of PIER_POLICY_KINDS) fill(k.table, resources[k.table]);
    fill('gatewayClasses', resources.gatewayClasses);
    fill('proxyConfigs', resources.proxyConfigs);
    return index;
  }

  /**
   * Stores (object) or removes (undefined, with the key's namespace and name) one object.
   * Returns the dependency keys whose readers may now see something different.
   */
  set(table: IndexedTable, object: IndexedObject | undefined, at?: { namespace?: string; name: string }): string[] {
    const namespace = object?.metadata.namespace ?? at?.namespace ?? '';
    const name = object?.metadata.name ?? at?.name ?? '';
    const k = key(namespace, name);
    const changed: string[] = [];
    const put = <T>(map: Map<string, T>, value: T | undefined): void => {
      if (value === undefined) map.delete(k);
      else map.set(k, value);
    };
    if (isPierPolicyTable(table)) changed.push(...this.setPierPolicy(k, object as PierPolicy | undefined, table));
    switch (table) {
      case 'gateways':
        put(this.gateways, object as Gateway | undefined);
        changed.push(Dep.gateway(namespace, name));
        break;
      case 'listenerSets':
        changed.push(...this.setListenerSet(k, object as ListenerSet | undefined));
        break;
      case 'services':
        put(this.services, object as Service | undefined);
        changed.push(Dep.service(namespace, name));
        break;
      case 'secrets':
        put(this.secrets, object as Secret | undefined);
        changed.push(Dep.secret(namespace, name));
        changed.push(...this.invalidatePierPoliciesReading('Secret', namespace, name));
        break;
      case 'namespaces':
        // Cluster-scoped: keyed by name alone.
        if (object) this.namespaces.set(name, object as Namespace);
        else this.namespaces.delete(name);
        changed.push(Dep.namespace(name));
        break;
      case 'referenceGrants': {
        let inNamespace = this.grants.get(namespace);
        if (!inNamespace) this.grants.set(namespace, (inNamespace = new Map()));
        if (object) inNamespace.set(name, object as ReferenceGrant);
        else inNamespace.delete(name);
        if (inNamespace.size === 0) this.grants.delete(namespace);
        this.grantLists.delete(namespace);
        changed.push(Dep.grants(namespace));
        break;
      }
      case 'configMaps': {
        put(this.configMaps, object as ConfigMap | undefined);
        // ConfigMaps matter as CA bundles: of Gateways' client certificate validation (read by
        // key), and of BackendTLSPolicies in their namespace (through the policies' targets).
        changed.push(Dep.configMap(namespace, name));
        changed.push(...this.invalidatePierPoliciesReading('ConfigMap', namespace, name));
        const users = [...this.policies.values()].filter((p) => (p.metadata.namespace ?? '') === namespace
          && (p.spec.validation.caCertificateRefs ?? []).some((ref) => ref.name === name));
        if (users.length > 0) changed.push(...this.invalidatePolicies(users));
        break;
      }
      case 'clusterTrustBundles': {
        // Cluster-scoped, keyed by name. CA bundles of Gateways (read by key) and of every
        // BackendTLSPolicy naming it, whatever their namespace.
        if (object) this.clusterTrustBundles.set(name, object as ClusterTrustBundle);
        else this.clusterTrustBundles.delete(name);
        changed.push(Dep.clusterTrustBundle(name));
        const users = [...this.policies.values()].filter((p) => (p.spec.validation.caCertificateRefs ?? [])
          .some((ref) => ref.kind === 'ClusterTrustBundle' && ref.name === name));
        if (users.length > 0) changed.push(...this.invalidatePolicies(users));
        break;
      }
      case 'xBackends':
        put(this.xBackends, object as XBackend | undefined);
        changed.push(Dep.xBackend(namespace, name));
        break;
      case 'gatewayClasses':
        if (object) this.gatewayClasses.set(name, object as GatewayClass);
        else this.gatewayClasses.delete(name);
        changed.push(Dep.gatewayClass(name));
        break;
      case 'proxyConfigs':
        put(this.proxyConfigs, object as ProxyConfig | undefined);
        changed.push(Dep.proxyConfig(namespace, name));
        break;
      case 'backendTLSPolicies': {
        const before = this.policies.get(k);
        put(this.policies, object as BackendTLSPolicy | undefined);
        changed.push(...this.invalidatePolicies([before, object as BackendTLSPolicy | undefined]));
        break;
      }
      case 'xTelemetryPolicies': {
        // The Gateways it targeted and targets read a different winner now (maybe the same one).
        const before = this.telemetryPolicies.get(k);
        put(this.telemetryPolicies, object as XTelemetryPolicy | undefined);
        this.resolvedTelemetry = undefined;
        const gateways = new Set([...(before ? telemetryTargets(before) : []), ...(object ? telemetryTargets(object as XTelemetryPolicy) : [])]);
        for (const gateway of gateways) changed.push(Dep.telemetry(gateway));
        break;
      }
      case 'xBackendTrafficPolicies': {
        const before = this.trafficPolicies.get(k);
        put(this.trafficPolicies, object as XBackendTrafficPolicy | undefined);
        this.resolvedTrafficPolicies = undefined;
        const targets = new Set([before, object as XBackendTrafficPolicy | undefined].flatMap((p) => (p ? serviceTargets(p) : [])));
        for (const service of targets) changed.push(Dep.backendTraffic(namespace, service));
        break;
      }
    }
    // Version 0 stands for "absent": a key whose object is gone (or, for grants, a namespace left
    // with none) is dropped rather than bumped, so objects that come and go leave nothing behind.
    // A result read while the object existed holds a non-zero version and is still seen as stale.
    // (Policy targets keep their versions: a policy's removal says nothing of other policies.)
    const absent = object === undefined && (table === 'referenceGrants' ? !this.grants.has(namespace) : OBJECT_KEYED.has(table));
    for (const dep of changed) {
      this.changes += 1;
      // A Gateway's ListenerSet list is absent once no ListenerSet names it.
      if (dep.startsWith('lsets:')) {
        if (this.listenerSetsByParent.has(dep.slice('lsets:'.length))) this.versions.set(dep, this.changes);
        else this.versions.delete(dep);
        continue;
      }
      if (absent || (object === undefined && dep === Dep.configMap(namespace, name))) this.versions.delete(dep);
      else this.versions.set(dep, this.changes);
    }
    return changed;
  }

  /**
   * Records whether the cluster serves a kind. Returns the dependency keys whose readers may now
   * see something different (empty when nothing changed).
   */
  setKindServed(kind: string, served: boolean): string[] {
    if (served === !this.unserved.has(kind)) return [];
    const dep = Dep.unserved(kind);
    this.changes += 1;
    if (served) {
      this.unserved.delete(kind);
      this.versions.delete(dep);
    } else {
      this.unserved.add(kind);
      this.versions.set(dep, this.changes);
    }
    const users = [...this.policies.values()].filter((p) => (p.spec.validation.caCertificateRefs ?? []).some((ref) => ref.kind === kind));
    const changed = [dep, ...this.invalidatePolicies(users)];
    for (const d of changed.slice(1)) this.versions.set(d, this.changes);
    return changed;
  }

  /** Whether the cluster serves a kind (every kind, unless told otherwise). */
  kindServed(kind: string): boolean {
    this.read(Dep.unserved(kind));
    return !this.unserved.has(kind);
  }

  /** Stores or removes a ListenerSet under its parent Gateway; both the old and the new parent's lists change. */
  private setListenerSet(k: string, set: ListenerSet | undefined): string[] {
    const before = this.listenerSets.get(k);
    const changed = [`lset:${k}`];
    if (before) {
      const parent = listenerSetParentKey(before);
      const siblings = this.listenerSetsByParent.get(parent);
      siblings?.delete(k);
      if (siblings?.size === 0) this.listenerSetsByParent.delete(parent);
      changed.push(Dep.listenerSetsOf(parent));
    }
    if (set) {
      this.listenerSets.set(k, set);
      const parent = listenerSetParentKey(set);
      let siblings = this.listenerSetsByParent.get(parent);
      if (!siblings) this.listenerSetsByParent.set(parent, (siblings = new Map()));
      siblings.set(k, set);
      if (!changed.includes(Dep.listenerSetsOf(parent))) changed.push(Dep.listenerSetsOf(parent));
    } else {
      this.listenerSets.delete(k);
    }
    return changed;
  }

  /** Drops the resolved policies; the Services they target (before and after) read differently now. */
  private invalidatePolicies(policies: readonly (BackendTLSPolicy | undefined)[]): string[] {
    this.resolvedPolicies = undefined;
    const out = new Set<string>();
    for (const p of policies) {
      if (!p) continue;
      for (const ref of p.spec.targetRefs ?? []) out.add(Dep.backendTLS(p.metadata.namespace ?? '', ref.name));
    }
    return [...out];
  }

  // ------------------------------------------------------------------ reads

  private read(dep: string): void {
    this.recorder?.set(dep, this.versions.get(dep) ?? 0);
  }

  /**
   * Runs fn and returns, with its value, every dependency it read. Reads are recorded by the
   * innermost call only: a route translated while a Gateway is translated counts for the
   * route, not for the Gateway (whoever caches both tracks them apart).
   */
  withReads<T>(fn: () => T): { value: T; reads: ReadSet } {
    const recorded = new Map<string, number>();
    const outer = this.recorder;
    this.recorder = recorded;
    try {
      const value = fn();
      // Exactly sized: grown by push, a few reads kept a 17-slot backing store (~150 bytes)
      // in each of the 20,000 read sets at 10,000 routes.
      const reads = new Array<string | number>(recorded.size * 2);
      let i = 0;
      for (const [dep, version] of recorded) {
        reads[i++] = dep;
        reads[i++] = version;
      }
      return { value, reads };
    } finally {
      this.recorder = outer;
    }
  }

  /** Adds reads made earlier (a cached result reused now) to what the current caller records. */
  recordReads(reads: ReadSet): void {
    if (!this.recorder) return;
    for (let i = 0; i < reads.length; i += 2) this.recorder.set(reads[i] as string, reads[i + 1] as number);
  }

  /** How many dependency keys carry a version: those of objects that exist (and of policy targets). */
  versionedKeys(): number {
    return this.versions.size;
  }

  /** Grows with every change: a result checked at this clock is still current while it stands. */
  get clock(): number {
    return this.changes;
  }

  /** Whether every dependency in reads still has the version it was read at. */
  readsCurrent(reads: ReadSet): boolean {
    for (let i = 0; i < reads.length; i += 2) if ((this.versions.get(reads[i] as string) ?? 0) !== reads[i + 1]) return false;
    return true;
  }

  gatewayClass(name: string): GatewayClass | undefined {
    this.read(Dep.gatewayClass(name));
    return this.gatewayClasses.get(name);
  }

  proxyConfig(namespace: string, name: string): ProxyConfig | undefined {
    this.read(Dep.proxyConfig(namespace, name));
    return this.proxyConfigs.get(key(namespace, name));
  }

  configMap(namespace: string, name: string): ConfigMap | undefined {
    this.read(Dep.configMap(namespace, name));
    return this.configMaps.get(key(namespace, name));
  }

  clusterTrustBundle(name: string): ClusterTrustBundle | undefined {
    this.read(Dep.clusterTrustBundle(name));
    return this.clusterTrustBundles.get(name);
  }

  secret(namespace: string, name: string): Secret | undefined {
    this.read(Dep.secret(namespace, name));
    return this.secrets.get(key(namespace, name));
  }

  /** Whether a Gateway exists. Not recorded as a read (for policy statuses). */
  gatewayExists(namespace: string, name: string): boolean {
    return this.gateways.has(key(namespace, name));
  }

  gateway(namespace: string, name: string): Gateway | undefined {
    this.read(Dep.gateway(namespace, name));
    return this.gateways.get(key(namespace, name));
  }

  /** The ListenerSets whose parentRef names the Gateway "<namespace>/<name>", in no particular order. */
  listenerSetsOf(gateway: string): ListenerSet[] {
    this.read(Dep.listenerSetsOf(gateway));
    return [...(this.listenerSetsByParent.get(gateway)?.values() ?? [])];
  }

  /** After a Secret or ConfigMap changed: the Pier policies that read it are checked again, and what they target reads something new. */
  private invalidatePierPoliciesReading(kind: 'Secret' | 'ConfigMap', namespace: string, name: string): string[] {
    const changed: string[] = [];
    for (const [policyKind, objects] of this.pierPolicyObjects) {
      const references = POLICY_TRANSLATIONS[policyKind].references;
      if (!references) continue;
      for (const policy of objects.values()) {
        if ((policy.metadata.namespace ?? '') !== namespace || !references(policy).some((r) => r.kind === kind && r.name === name)) continue;
        this.resolvedPierPolicies = undefined;
        changed.push(...this.policyTargetDeps(policy));
      }
    }
    return changed;
  }

  /** What a Pier policy's targets read: their Gateway's policies, or their namespace's route policies. */
  private policyTargetDeps(policy: PierPolicy): string[] {
    const changed = new Set<string>();
    for (const target of policyTargets(policy)) {
      if (target.kind === 'Gateway') changed.add(Dep.gatewayPolicies(`${target.namespace}/${target.name}`));
      else if (target.kind === 'ListenerSet') {
        const parent = this.parentOfListenerSet(`${target.namespace}/${target.name}`);
        if (parent !== undefined) changed.add(Dep.gatewayPolicies(parent));
      } else if (target.kind === 'Service') changed.add(Dep.servicePolicies);
      else changed.add(Dep.routePolicies(target.namespace));
    }
    return [...changed];
  }

  /** Stores or removes a Pier policy; the Gateways and route namespaces it targeted and targets read something new. */
  private setPierPolicy(k: string, object: PierPolicy | undefined, table: PierPolicyTable): string[] {
    const kind = PIER_POLICY_KINDS.find((info) => info.table === table)!.kind;
    let objects = this.pierPolicyObjects.get(kind);
    if (!objects) this.pierPolicyObjects.set(kind, (objects = new Map()));
    const before = objects.get(k);
    if (object) objects.set(k, object);
    else objects.delete(k);
    this.resolvedPierPolicies = undefined;
    return [...new Set([before, object].flatMap((p) => (p ? this.policyTargetDeps(p) : [])))];
  }

  setPolicyContext(context: PolicyCheckContext): void {
    this.policyContext = context;
    this.resolvedPierPolicies = undefined;
  }

  /** Every Pier policy, conflicts settled; rebuilt only after a policy changed. Not a read: see readPolicies. */
  get pierPolicies(): PierPolicies {
    this.resolvedPierPolicies ??= new PierPolicies(new Map([...this.pierPolicyObjects].map(([kind, m]) => [kind, [...m.values()]])), {
      ...this.policyContext,
      // Not recorded as reads: a change of what a policy reads invalidates its targets (invalidatePierPoliciesReading).
      secret: (namespace, name) => this.secrets.get(key(namespace, name)),
      configMap: (namespace, name) => this.configMaps.get(key(namespace, name)),
    });
    return this.resolvedPierPolicies;
  }

  /** The Pier policies, as read by a Gateway's unit: those on the Gateway (and its listeners, ListenerSets), and on routes of the namespaces given. */
  readPolicies(gateway: string, routeNamespaces: Iterable<string>): PierPolicies {
    this.read(Dep.gatewayPolicies(gateway));
    this.read(Dep.servicePolicies);
    for (const ns of routeNamespaces) this.read(Dep.routePolicies(ns));
    return this.pierPolicies;
  }

  /** Keys of the ListenerSets naming a Gateway. Not recorded as a read (for the runner). */
  listenerSetKeysOf(gateway: string): string[] {
    return [...(this.listenerSetsByParent.get(gateway)?.keys() ?? [])];
  }

  /**
   * The Gateway key a ListenerSet ("<namespace>/<name>") names as its parent; undefined when it
   * does not exist. Not recorded as a read: for the runner, which routes a change to Gateways.
   */
  parentOfListenerSet(key: string): string | undefined {
    const set = this.listenerSets.get(key);
    return set ? listenerSetParentKey(set) : undefined;
  }

  xBackend(namespace: string, name: string): XBackend | undefined {
    this.read(Dep.xBackend(namespace, name));
    return this.xBackends.get(key(namespace, name));
  }

  /** Every XBackend, in no particular order. Not recorded as a read: for statuses, which the runner redoes on XBackend changes. */
  allXBackends(): XBackend[] {
    return [...this.xBackends.values()];
  }

  service(namespace: string, name: string): Service | undefined {
    this.read(Dep.service(namespace, name));
    return this.services.get(key(namespace, name));
  }

  /** A namespace's labels, including the name label the API server always sets. */
  namespaceLabelsOf(namespace: string): Record<string, string> {
    this.read(Dep.namespace(namespace));
    return { [NAMESPACE_NAME_LABEL]: namespace, ...this.namespaces.get(namespace)?.metadata.labels };
  }

  referenceGrantsIn(namespace: string): readonly ReferenceGrant[] {
    this.read(Dep.grants(namespace));
    let list = this.grantLists.get(namespace);
    if (!list) {
      list = [...(this.grants.get(namespace)?.values() ?? [])];
      this.grantLists.set(namespace, list);
    }
    return list;
  }

  /** Every BackendTLSPolicy, resolved (CA bundles, conflicts); rebuilt only after a policy or its ConfigMap changed. */
  get backendTLS(): BackendTLSPolicies {
    this.resolvedPolicies ??= new BackendTLSPolicies([...this.policies.values()], {
      configMap: (namespace, name) => this.configMaps.get(key(namespace, name)),
      clusterTrustBundle: (name) => this.clusterTrustBundles.get(name),
      kindServed: (kind) => !this.unserved.has(kind),
    });
    return this.resolvedPolicies;
  }

  /** Every XTelemetryPolicy, with content checked and conflicts settled; rebuilt only after a policy changed. */
  get telemetry(): TelemetryPolicies {
    this.resolvedTelemetry ??= new TelemetryPolicies([...this.telemetryPolicies.values()]);
    return this.resolvedTelemetry;
  }

  /** The XTelemetryPolicy applying to a Gateway ("<namespace>/<name>"). */
  telemetryFor(gateway: string): TelemetryPolicyState | undefined {
    this.read(Dep.telemetry(gateway));
    return this.telemetry.forGateway(gateway);
  }

  /** The policies naming a Service port (see BackendTLSPolicies.claimantsOf). */
  backendTLSClaimants(namespace: string, service: string, portName: string | undefined): ReturnType<BackendTLSPolicies['claimantsOf']> {
    this.read(Dep.backendTLS(namespace, service));
    return this.backendTLS.claimantsOf(namespace, service, portName);
  }

  /** Every XBackendTrafficPolicy, resolved (settings, conflicts); rebuilt only after a policy changed. */
  get backendTraffic(): BackendTrafficPolicies {
    this.resolvedTrafficPolicies ??= new BackendTrafficPolicies([...this.trafficPolicies.values()]);
    return this.resolvedTrafficPolicies;
  }

  /** The XBackendTrafficPolicies naming a Service. */
  backendTrafficClaimants(namespace: string, service: string): ReturnType<BackendTrafficPolicies['claimantsOf']> {
    this.read(Dep.backendTraffic(namespace, service));
    return this.backendTraffic.claimantsOf(namespace, service);
  }

  /** What the XBackendTrafficPolicy of a Service asks for; undefined when none applies. */
  backendTrafficFor(namespace: string, service: string): BackendTraffic | undefined {
    this.read(Dep.backendTraffic(namespace, service));
    return this.backendTraffic.forService(namespace, service);
  }

  /**
   * Whether a Service exists, for policy statuses (TargetNotFound). Not recorded as a read: the
   * runner redoes those statuses when a targeted Service changes (isBackendTrafficTarget).
   */
  serviceExists(namespace: string, name: string): boolean {
    return this.services.has(key(namespace, name));
  }

  /** Whether some XBackendTrafficPolicy targets the Service. Not recorded as a read (see serviceExists). */
  isBackendTrafficTarget(namespace: string, name: string): boolean {
    return this.backendTraffic.targets(namespace, name);
  }

  /** TLS (or failure) for a backend on a Service port; undefined when no policy targets it. */
  backendTLSFor(namespace: string, service: string, portName: string | undefined): BackendTLSResolution | undefined {
    this.read(Dep.backendTLS(namespace, service));
    return this.backendTLS.forPort(namespace, service, portName);
  }
}
