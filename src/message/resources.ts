/**
 * The shapes that travel on the bus between stages, and the bus itself. Providers publish
 * objects into the resource tables (tables.ts); the Gateway API translator publishes XdsIR,
 * InfraIR and statuses; the xDS translator publishes XdsResources and the endpoint bindings of
 * their clusters; the endpoint translator publishes ClusterLoadAssignments from EndpointSlices;
 * the snapshot cache and ADS server read those.
 */
import type { ClusterTrustBundle, ConfigMap, EndpointSlice, Namespace, Secret, Service } from '../apis/core';
import type {
  BackendTLSPolicy, GatewayClass, Gateway, GRPCRoute, HTTPRoute, ListenerSet, ReferenceGrant, TCPRoute, TLSRoute, UDPRoute,
  XBackendTrafficPolicy,
  GatewayClassStatus, GatewayStatus, ListenerSetStatus, PolicyStatus, RouteStatus,
} from '../apis/gateway';
import type { XTelemetryPolicy } from '../apis/xtelemetry';
import type { XBackend } from '../apis/xbackend';
import { emptyPierLists, PIER_POLICY_KINDS, type PierLists, type PierPolicyKind } from '../apis/pier';
import type { GatewayInfraState, InfraIR, XdsIR } from '../ir/types';
import type { EndpointBinding, GatewayEndpoints, XdsResources } from '../xds/types';
import { createResourceTables, TABLE_NAMES, type ResourceTables } from './tables';
import { WatchableMap } from './watchable';

/**
 * Everything a provider read, sorted by namespace then name within each kind: the input of a
 * full translation (`pier translate`, tests). Running providers publish tables instead.
 */
export interface ProviderResources extends PierLists {
  gatewayClasses: GatewayClass[];
  gateways: Gateway[];
  listenerSets: ListenerSet[];
  httpRoutes: HTTPRoute[];
  grpcRoutes: GRPCRoute[];
  tlsRoutes: TLSRoute[];
  tcpRoutes: TCPRoute[];
  udpRoutes: UDPRoute[];
  referenceGrants: ReferenceGrant[];
  backendTLSPolicies: BackendTLSPolicy[];
  xTelemetryPolicies: XTelemetryPolicy[];
  xBackendTrafficPolicies: XBackendTrafficPolicy[];
  xBackends: XBackend[];
  services: Service[];
  endpointSlices: EndpointSlice[];
  namespaces: Namespace[];
  secrets: Secret[];
  configMaps: ConfigMap[];
  clusterTrustBundles: ClusterTrustBundle[];
}

export function emptyProviderResources(): ProviderResources {
  return {
    gatewayClasses: [], gateways: [], listenerSets: [], httpRoutes: [], grpcRoutes: [], tlsRoutes: [], tcpRoutes: [],
    udpRoutes: [], referenceGrants: [], backendTLSPolicies: [],
    xTelemetryPolicies: [], xBackendTrafficPolicies: [], xBackends: [],
    ...emptyPierLists(),
    services: [], endpointSlices: [], namespaces: [], secrets: [],
    configMaps: [], clusterTrustBundles: [],
  };
}

/** The status of one object, keyed on the bus by statusKey(kind, namespace, name). */
export type ObjectStatus =
  | { kind: 'GatewayClass'; name: string; namespace?: undefined; status: GatewayClassStatus }
  | { kind: 'Gateway'; name: string; namespace: string; status: GatewayStatus }
  | { kind: 'ListenerSet'; name: string; namespace: string; status: ListenerSetStatus }
  | { kind: 'HTTPRoute' | 'GRPCRoute' | 'TLSRoute' | 'TCPRoute' | 'UDPRoute'; name: string; namespace: string; status: RouteStatus }
  | { kind: 'BackendTLSPolicy'; name: string; namespace: string; status: PolicyStatus }
  | { kind: 'XTelemetryPolicy'; name: string; namespace: string; status: PolicyStatus }
  | { kind: 'XBackendTrafficPolicy'; name: string; namespace: string; status: PolicyStatus }
  | { kind: 'XBackend'; name: string; namespace: string; status: PolicyStatus }
  | { kind: PierPolicyKind; name: string; namespace: string; status: PolicyStatus };

/** The kinds whose status is per ancestor (policies, and XBackend): their ObjectStatus. */
export type AncestorStatus = Extract<ObjectStatus, { status: PolicyStatus }>;
const ANCESTOR_STATUS_KINDS: ReadonlySet<string> = new Set(['BackendTLSPolicy', 'XTelemetryPolicy', 'XBackendTrafficPolicy', 'XBackend', ...PIER_POLICY_KINDS.map((k) => k.kind)]);

export function hasAncestors(s: ObjectStatus): s is AncestorStatus {
  return ANCESTOR_STATUS_KINDS.has(s.kind);
}

export function statusKey(kind: string, namespace: string | undefined, name: string): string {
  return namespace ? `${kind}/${namespace}/${name}` : `${kind}/${name}`;
}

/**
 * An object's status as the API server last reported it (Kubernetes provider only), with the
 * resourceVersion it was read at: what the status writer merges into and writes against, so a
 * write needs no read of its own.
 */
export interface ObservedStatus {
  resourceVersion: string;
  status?: Readonly<Record<string, unknown>>;
}

/** Problems a provider found in its input (unparseable files, invalid objects). */
export interface ProviderError {
  /** File path (file provider) or object reference (kubernetes). */
  source: string;
  line?: number;
  column?: number;
  /** Object reference such as "HTTPRoute default/foo", when the problem is within one object. */
  object?: string;
  /** Field path such as "spec.rules[0].matches[0].path.type". */
  field?: string;
  message: string;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The tables' current content as one ProviderResources (each list sorted by namespace, then name). */
export function loadProviderResources(tables: ResourceTables): ProviderResources {
  const out = emptyProviderResources() as unknown as Record<string, unknown[]>;
  for (const name of TABLE_NAMES) {
    out[name] = [...tables[name].loadAll().values()].sort((a, b) =>
      compareStrings(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || compareStrings(a.metadata.name, b.metadata.name));
  }
  return out as unknown as ProviderResources;
}

/** All maps of the bus. The entry point creates one and hands each stage what it uses. */
export class Bus {
  /** What providers read: one table per kind, keyed "<namespace>/<name>" ("<name>" when cluster-scoped). */
  readonly tables: ResourceTables = createResourceTables();
  /**
   * Key: the provider ("file", "kubernetes"). Present once that provider has published its
   * complete initial state; translators wait for it so they never publish a half-read world.
   */
  readonly providerSynced = new WatchableMap<string, true>();
  /**
   * Key: a kind the cluster does not serve now (a beta API such as ClusterTrustBundle, off unless
   * the cluster enables it). Set by the Kubernetes provider; references to such a kind are
   * InvalidKind and its feature is not advertised. The file provider reads every kind.
   */
  readonly unservedKinds = new WatchableMap<string, true>();
  /** Key: the provider source (a file path, ...). Empty when the input is clean. */
  readonly providerErrors = new WatchableMap<string, ProviderError[]>();
  /** Key: "<namespace>/<gateway>". */
  readonly xdsIR = new WatchableMap<string, XdsIR>();
  /** Key: "<namespace>/<gateway>". */
  readonly infraIR = new WatchableMap<string, InfraIR>();
  /** Key: "<namespace>/<gateway>". What the infrastructure running the Gateway's proxies reports back (addresses, readiness). */
  readonly gatewayInfra = new WatchableMap<string, GatewayInfraState>();
  /** Key: statusKey(kind, namespace, name). */
  readonly statuses = new WatchableMap<string, ObjectStatus>();
  /** Key: statusKey(kind, namespace, name), for the status-bearing kinds the Kubernetes provider watches. */
  readonly observedStatuses = new WatchableMap<string, ObservedStatus>();
  /** Key: "<namespace>/<gateway>". Listeners, routes, clusters and secrets (no endpoints). */
  readonly xdsResources = new WatchableMap<string, XdsResources>();
  /** Key: "<namespace>/<gateway>". Where the endpoints of each of the gateway's clusters come from. */
  readonly endpointBindings = new WatchableMap<string, EndpointBinding[]>();
  /** Key: "<namespace>/<gateway>". The endpoint fast path's output: assignments (and clusters that inline their endpoints). */
  readonly xdsEndpoints = new WatchableMap<string, GatewayEndpoints>();

  close(): void {
    for (const name of TABLE_NAMES) this.tables[name].close();
    for (const m of [this.providerSynced, this.unservedKinds, this.providerErrors, this.xdsIR, this.infraIR, this.gatewayInfra, this.statuses, this.observedStatuses, this.xdsResources, this.endpointBindings, this.xdsEndpoints]) m.close();
  }
}
