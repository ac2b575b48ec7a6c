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

/** Every resource of one gateway, as the xDS translator produced them, sorted by name. */
export interface XdsResources {
  gateway: string;
  listeners: Listener[];
  routes: RouteConfiguration[];
  clusters: Cluster[];
  endpoints: ClusterLoadAssignment[];
  secrets: Secret[];
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
