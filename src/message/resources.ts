/**
 * The shapes that travel on the bus between stages, and the bus itself. Providers publish
 * ProviderResources; the Gateway API translator publishes XdsIR, InfraIR and statuses; the
 * xDS translator publishes XdsResources; the snapshot cache and ADS server read those.
 */
import type { ConfigMap, EndpointSlice, Namespace, Secret, Service } from '../apis/core';
import type {
  BackendTLSPolicy, GatewayClass, Gateway, GRPCRoute, HTTPRoute, ReferenceGrant, TCPRoute, TLSRoute, UDPRoute,
  GatewayClassStatus, GatewayStatus, PolicyStatus, RouteStatus,
} from '../apis/gateway';
import type { InfraIR, XdsIR } from '../ir/types';
import type { XdsResources } from '../xds/types';
import { WatchableMap } from './watchable';

/** Everything a provider read, sorted by namespace then name within each kind. */
export interface ProviderResources {
  gatewayClasses: GatewayClass[];
  gateways: Gateway[];
  httpRoutes: HTTPRoute[];
  grpcRoutes: GRPCRoute[];
  tlsRoutes: TLSRoute[];
  tcpRoutes: TCPRoute[];
  udpRoutes: UDPRoute[];
  referenceGrants: ReferenceGrant[];
  backendTLSPolicies: BackendTLSPolicy[];
  services: Service[];
  endpointSlices: EndpointSlice[];
  namespaces: Namespace[];
  secrets: Secret[];
  configMaps: ConfigMap[];
}

export function emptyProviderResources(): ProviderResources {
  return {
    gatewayClasses: [], gateways: [], httpRoutes: [], grpcRoutes: [], tlsRoutes: [], tcpRoutes: [],
    udpRoutes: [], referenceGrants: [], backendTLSPolicies: [], services: [], endpointSlices: [], namespaces: [], secrets: [],
    configMaps: [],
  };
}

/** The status of one object, keyed on the bus by statusKey(kind, namespace, name). */
export type ObjectStatus =
  | { kind: 'GatewayClass'; name: string; namespace?: undefined; status: GatewayClassStatus }
  | { kind: 'Gateway'; name: string; namespace: string; status: GatewayStatus }
  | { kind: 'HTTPRoute' | 'GRPCRoute' | 'TLSRoute' | 'TCPRoute' | 'UDPRoute'; name: string; namespace: string; status: RouteStatus }
  | { kind: 'BackendTLSPolicy'; name: string; namespace: string; status: PolicyStatus };

export function statusKey(kind: string, namespace: string | undefined, name: string): string {
  return namespace ? `${kind}/${namespace}/${name}` : `${kind}/${name}`;
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

/** All maps of the bus. The entry point creates one and hands each stage what it uses. */
export class Bus {
  /** Key: the controller name the resources were read for. */
  readonly providerResources = new WatchableMap<string, ProviderResources>();
  /** Key: the provider source (a file path, ...). Empty when the input is clean. */
  readonly providerErrors = new WatchableMap<string, ProviderError[]>();
  /** Key: "<namespace>/<gateway>". */
  readonly xdsIR = new WatchableMap<string, XdsIR>();
  /** Key: "<namespace>/<gateway>". */
  readonly infraIR = new WatchableMap<string, InfraIR>();
  /** Key: statusKey(kind, namespace, name). */
  readonly statuses = new WatchableMap<string, ObjectStatus>();
  /** Key: "<namespace>/<gateway>". */
  readonly xdsResources = new WatchableMap<string, XdsResources>();

  close(): void {
    for (const m of [this.providerResources, this.providerErrors, this.xdsIR, this.infraIR, this.statuses, this.xdsResources]) m.close();
  }
}
