/**
 * The contract between the xDS translator (which builds these) and the snapshot cache / ADS
 * server (which version, encode and serve them). Resources are plain objects in the shape of
 * the generated proto types (snake_case fields); nested Any values use the `@type` form, so
 * the output of the translator is pure data, JSON-printable and comparable for golden tests.
 */
import type { Listener } from '../generated/envoy/config/listener/v3/Listener';
import type { RouteConfiguration } from '../generated/envoy/config/route/v3/RouteConfiguration';
import type { Cluster } from '../generated/envoy/config/cluster/v3/Cluster';
import type { ClusterLoadAssignment } from '../generated/envoy/config/endpoint/v3/ClusterLoadAssignment';
import type { Secret } from '../generated/envoy/extensions/transport_sockets/tls/v3/Secret';
import type { LbEndpoint } from '../generated/envoy/config/endpoint/v3/LbEndpoint';
import type { ServicePortRef } from '../ir/types';

export type { Listener, RouteConfiguration, Cluster, ClusterLoadAssignment, Secret };

export const TYPE_PREFIX = 'type.googleapis.com/';

export const TypeUrl = {
  Listener: 'type.googleapis.com/envoy.config.listener.v3.Listener',
  RouteConfiguration: 'type.googleapis.com/envoy.config.route.v3.RouteConfiguration',
  Cluster: 'type.googleapis.com/envoy.config.cluster.v3.Cluster',
  ClusterLoadAssignment: 'type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment',
  Secret: 'type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret',
} as const;

export type ResourceTypeUrl = (typeof TypeUrl)[keyof typeof TypeUrl];

/**
 * Make-before-break order: clusters, then their endpoints, then listeners, then routes
 * (secrets first, since listeners and clusters may refer to them).
 */
export const TYPE_ORDER: readonly ResourceTypeUrl[] = [
  TypeUrl.Secret,
  TypeUrl.Cluster,
  TypeUrl.ClusterLoadAssignment,
  TypeUrl.Listener,
  TypeUrl.RouteConfiguration,
];

/**
 * Every resource of one gateway, sorted by name. The xDS translator leaves `endpoints` empty:
 * ClusterLoadAssignments come from the endpoint translator (GatewayEndpoints), which follows
 * EndpointSlices without re-running the translators; the cache serves both together.
 */
export interface XdsResources {
  gateway: string;
  listeners: Listener[];
  routes: RouteConfiguration[];
  clusters: Cluster[];
  endpoints: ClusterLoadAssignment[];
  secrets: Secret[];
}

/** One locality of a cluster's endpoints: a Service port's endpoints, or fixed ones. */
export interface BindingLocality {
  /** Endpoints of this Service port (its EndpointSlices). */
  endpointsOf?: ServicePortRef;
  /** Endpoints known without EndpointSlices (DNS names of ExternalName members). */
  fixed?: LbEndpoint[];
  /** Locality weight, when the cluster balances between weighted localities. */
  weight?: number;
  /** Locality sub_zone (names the member backend of a weighted cluster). */
  subZone?: string;
}

/**
 * Where the endpoints of one cluster come from. Most clusters are EDS clusters with one
 * locality: the endpoint translator builds their ClusterLoadAssignment. A cluster that must
 * carry its endpoints inline (STRICT_DNS mixing DNS names and endpoints) is given as
 * inlineCluster, and the endpoint translator completes its load_assignment.
 */
export interface EndpointBinding {
  cluster: string;
  localities: BindingLocality[];
  /** The cluster to complete with the endpoints; absent for EDS clusters. */
  inlineCluster?: Cluster;
}

/** The endpoint translator's output for one gateway, sorted by name. */
export interface GatewayEndpoints {
  gateway: string;
  /** One per EDS cluster. */
  endpoints: ClusterLoadAssignment[];
  /** Clusters that carry their endpoints inline (see EndpointBinding.inlineCluster). */
  clusters: Cluster[];
}

/** The name of a resource, whatever its type. */
export function resourceName(typeUrl: ResourceTypeUrl, resource: object): string {
  const r = resource as { name?: string; cluster_name?: string };
  return (typeUrl === TypeUrl.ClusterLoadAssignment ? r.cluster_name : r.name) ?? '';
}

/** Resources of one type, keyed by name. */
export function resourcesOfType(set: XdsResources, typeUrl: ResourceTypeUrl): object[] {
  switch (typeUrl) {
    case TypeUrl.Listener: return set.listeners;
    case TypeUrl.RouteConfiguration: return set.routes;
    case TypeUrl.Cluster: return set.clusters;
    case TypeUrl.ClusterLoadAssignment: return set.endpoints;
    case TypeUrl.Secret: return set.secrets;
  }
}

/** Wraps a message as Any in `@type` form; the encoder packs it. */
export function typedConfig<T extends object>(typeName: string, message: T): { '@type': string } & T {
  return { '@type': TYPE_PREFIX + typeName, ...message };
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A gateway's complete resources: the xDS translator's, with the endpoint translator's added. */
export function withEndpoints(resources: XdsResources, endpoints: GatewayEndpoints | undefined): XdsResources {
  if (!endpoints || (endpoints.endpoints.length === 0 && endpoints.clusters.length === 0)) return resources;
  const clusters = endpoints.clusters.length === 0 ? resources.clusters
    : [...resources.clusters, ...endpoints.clusters].sort((a, b) => compareNames(a.name ?? '', b.name ?? ''));
  const assignments = resources.endpoints.length === 0 ? endpoints.endpoints
    : [...resources.endpoints, ...endpoints.endpoints].sort((a, b) => compareNames(a.cluster_name ?? '', b.cluster_name ?? ''));
  return { ...resources, clusters, endpoints: assignments };
}
