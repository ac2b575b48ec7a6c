/**
 * The resource tables: what providers publish, one watchable map per kind, keyed by
 * objectKey ("<namespace>/<name>", or "<name>" for cluster-scoped kinds). A provider stores and
 * deletes objects one by one, so a change costs that object's compare and copy, not the world's;
 * subscribers read only what changed. The file and Kubernetes providers publish into the same
 * tables, and nothing downstream knows which one ran.
 */
import type { ClusterTrustBundle, ConfigMap, EndpointSlice, Namespace, Secret, Service } from '../apis/core';
import type {
  BackendTLSPolicy, GatewayClass, Gateway, GRPCRoute, HTTPRoute, ListenerSet, ReferenceGrant, TCPRoute, TLSRoute, UDPRoute,
  XBackendTrafficPolicy,
} from '../apis/gateway';
import type { XTelemetryPolicy } from '../apis/xtelemetry';
import type { XBackend } from '../apis/xbackend';
import { PIER_KINDS, type PierKind, type PierTables } from '../apis/pier';
import { objectKey, type KubeObject } from '../apis/meta';
import { WatchableMap } from './watchable';

/** The value type of each table, by table name (also the ProviderResources list names). */
export interface TableValues extends PierTables {
  gatewayClasses: GatewayClass;
  gateways: Gateway;
  listenerSets: ListenerSet;
  httpRoutes: HTTPRoute;
  grpcRoutes: GRPCRoute;
  tlsRoutes: TLSRoute;
  tcpRoutes: TCPRoute;
  udpRoutes: UDPRoute;
  referenceGrants: ReferenceGrant;
  backendTLSPolicies: BackendTLSPolicy;
  xTelemetryPolicies: XTelemetryPolicy;
  xBackendTrafficPolicies: XBackendTrafficPolicy;
  xBackends: XBackend;
  services: Service;
  endpointSlices: EndpointSlice;
  namespaces: Namespace;
  secrets: Secret;
  configMaps: ConfigMap;
  clusterTrustBundles: ClusterTrustBundle;
}

export type TableName = keyof TableValues;

export type ResourceTables = { readonly [T in TableName]: WatchableMap<string, TableValues[T]> };

/** Every table, in a fixed order (the order of ProviderResources' lists). */
export const TABLE_NAMES: readonly TableName[] = [
  'gatewayClasses', 'gateways', 'listenerSets', 'httpRoutes', 'grpcRoutes', 'tlsRoutes', 'tcpRoutes', 'udpRoutes',
  'referenceGrants', 'backendTLSPolicies',
  'xTelemetryPolicies', 'xBackendTrafficPolicies',
  'xBackends',
  ...PIER_KINDS.map((k) => k.table),
  'services', 'endpointSlices', 'namespaces', 'secrets', 'configMaps',
  'clusterTrustBundles',
];

/** The table each kind lands in. */
export const TABLE_OF_KIND: Readonly<Record<TableValues[TableName]['kind'], TableName>> = {
  GatewayClass: 'gatewayClasses',
  Gateway: 'gateways',
  ListenerSet: 'listenerSets',
  HTTPRoute: 'httpRoutes',
  GRPCRoute: 'grpcRoutes',
  TLSRoute: 'tlsRoutes',
  TCPRoute: 'tcpRoutes',
  UDPRoute: 'udpRoutes',
  ReferenceGrant: 'referenceGrants',
  BackendTLSPolicy: 'backendTLSPolicies',
  XTelemetryPolicy: 'xTelemetryPolicies',
  XBackendTrafficPolicy: 'xBackendTrafficPolicies',
  XBackend: 'xBackends',
  ...Object.fromEntries(PIER_KINDS.map((k) => [k.kind, k.table])) as Record<PierKind, TableName>,
  Service: 'services',
  EndpointSlice: 'endpointSlices',
  Namespace: 'namespaces',
  Secret: 'secrets',
  ConfigMap: 'configMaps',
  ClusterTrustBundle: 'clusterTrustBundles',
};

export function createResourceTables(): ResourceTables {
  const tables = {} as Record<TableName, WatchableMap<string, KubeObject>>;
  for (const name of TABLE_NAMES) tables[name] = new WatchableMap<string, KubeObject>();
  return tables as unknown as ResourceTables;
}

/** The key of an object in its table. */
export function tableKey(object: KubeObject): string {
  return objectKey(object.metadata);
}

/** One table as a loosely typed map, for code that handles every kind alike. */
export function anyTable(tables: ResourceTables, name: TableName): WatchableMap<string, KubeObject> {
  return tables[name] as unknown as WatchableMap<string, KubeObject>;
}
