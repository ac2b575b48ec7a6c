/** The gRPC discovery services Pier serves and the resource type each per-type service carries. */
import { TypeUrl, type ResourceTypeUrl } from '../types';
import type { StreamService } from './registry';

export const ADS_SERVICE = 'envoy.service.discovery.v3.AggregatedDiscoveryService';

export interface PerTypeService {
  /** Fully-qualified gRPC service name. */
  name: string;
  service: Exclude<StreamService, 'ads'>;
  typeUrl: ResourceTypeUrl;
  /** Method names: Stream<X>, Delta<X>, Fetch<X>. */
  stream: string;
  delta: string;
  fetch: string;
}

function perType(name: string, service: PerTypeService['service'], typeUrl: ResourceTypeUrl, noun: string): PerTypeService {
  return { name, service, typeUrl, stream: `Stream${noun}`, delta: `Delta${noun}`, fetch: `Fetch${noun}` };
}

export const PER_TYPE_SERVICES: readonly PerTypeService[] = [
  perType('envoy.service.listener.v3.ListenerDiscoveryService', 'lds', TypeUrl.Listener, 'Listeners'),
  perType('envoy.service.route.v3.RouteDiscoveryService', 'rds', TypeUrl.RouteConfiguration, 'Routes'),
  perType('envoy.service.cluster.v3.ClusterDiscoveryService', 'cds', TypeUrl.Cluster, 'Clusters'),
  perType('envoy.service.endpoint.v3.EndpointDiscoveryService', 'eds', TypeUrl.ClusterLoadAssignment, 'Endpoints'),
  perType('envoy.service.secret.v3.SecretDiscoveryService', 'sds', TypeUrl.Secret, 'Secrets'),
];

export const HEALTH_SERVICE = 'grpc.health.v1.Health';
