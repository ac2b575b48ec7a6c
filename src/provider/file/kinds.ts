/**
 * The kinds the file provider reads: which apiVersions each accepts, whether it is namespaced,
 * and which ProviderResources list it lands in.
 */
import { GATEWAY_GROUP, X_GATEWAY_GROUP } from '../../apis/gateway';
import { PIER_API_VERSION, PIER_KINDS } from '../../apis/pier';
import type { ProviderResources } from '../../message/resources';
import type { ProviderObject } from '../defaults';

export type ProviderKind = ProviderObject['kind'];

export interface KindInfo {
  kind: ProviderKind;
  apiVersions: readonly string[];
  namespaced: boolean;
  list: keyof ProviderResources;
}

const gw = (...versions: string[]): string[] => versions.map((v) => `${GATEWAY_GROUP}/${v}`);
const xgw = (...versions: string[]): string[] => versions.map((v) => `${X_GATEWAY_GROUP}/${v}`);

/**
 * In list order of ProviderResources. Gateway API kinds: the versions the vendored CRDs serve
 * (the API server refuses the others; a unit test keeps the two in step).
 */
export const KINDS: readonly KindInfo[] = [
  { kind: 'GatewayClass', apiVersions: gw('v1', 'v1beta1'), namespaced: false, list: 'gatewayClasses' },
  { kind: 'Gateway', apiVersions: gw('v1', 'v1beta1'), namespaced: true, list: 'gateways' },
  { kind: 'ListenerSet', apiVersions: gw('v1'), namespaced: true, list: 'listenerSets' },
  { kind: 'HTTPRoute', apiVersions: gw('v1', 'v1beta1'), namespaced: true, list: 'httpRoutes' },
  { kind: 'GRPCRoute', apiVersions: gw('v1'), namespaced: true, list: 'grpcRoutes' },
  { kind: 'TLSRoute', apiVersions: gw('v1'), namespaced: true, list: 'tlsRoutes' },
  { kind: 'TCPRoute', apiVersions: gw('v1'), namespaced: true, list: 'tcpRoutes' },
  { kind: 'UDPRoute', apiVersions: gw('v1'), namespaced: true, list: 'udpRoutes' },
  { kind: 'ReferenceGrant', apiVersions: gw('v1', 'v1beta1'), namespaced: true, list: 'referenceGrants' },
  { kind: 'BackendTLSPolicy', apiVersions: gw('v1'), namespaced: true, list: 'backendTLSPolicies' },
  { kind: 'XTelemetryPolicy', apiVersions: xgw('v1alpha1'), namespaced: true, list: 'xTelemetryPolicies' },
  { kind: 'XBackendTrafficPolicy', apiVersions: xgw('v1alpha1'), namespaced: true, list: 'xBackendTrafficPolicies' },
  { kind: 'XBackend', apiVersions: xgw('v1alpha1'), namespaced: true, list: 'xBackends' },
  ...PIER_KINDS.map((k): KindInfo => ({ kind: k.kind, apiVersions: [PIER_API_VERSION], namespaced: true, list: k.table })),
  { kind: 'Service', apiVersions: ['v1'], namespaced: true, list: 'services' },
  { kind: 'EndpointSlice', apiVersions: ['discovery.k8s.io/v1'], namespaced: true, list: 'endpointSlices' },
  { kind: 'Namespace', apiVersions: ['v1'], namespaced: false, list: 'namespaces' },
  { kind: 'Secret', apiVersions: ['v1'], namespaced: true, list: 'secrets' },
  { kind: 'ConfigMap', apiVersions: ['v1'], namespaced: true, list: 'configMaps' },
  // Any version Kubernetes has served it as: the object is the same in each.
  {
    kind: 'ClusterTrustBundle', apiVersions: ['certificates.k8s.io/v1', 'certificates.k8s.io/v1beta1', 'certificates.k8s.io/v1alpha1'],
    namespaced: false, list: 'clusterTrustBundles',
  },
];

const BY_KIND = new Map<string, KindInfo>(KINDS.map((k) => [k.kind, k]));

export function kindInfo(kind: string): KindInfo | undefined {
  return BY_KIND.get(kind);
}

/** Identity of an object within a provider: kind, namespace (empty when cluster-scoped), name. */
export interface ObjectIdentity {
  kind: string;
  namespace?: string;
  name: string;
}

/** "HTTPRoute default/foo", or "GatewayClass foo" for cluster-scoped objects. */
export function describeObject(id: ObjectIdentity): string {
  return id.namespace ? `${id.kind} ${id.namespace}/${id.name}` : `${id.kind} ${id.name}`;
}

/** A map key that is unique per object: "<kind>/<namespace>/<name>". */
export function identityKey(id: ObjectIdentity): string {
  return `${id.kind}/${id.namespace ?? ''}/${id.name}`;
}

export function identityOf(obj: ProviderObject): ObjectIdentity {
  return { kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name };
}

/**
 * Points an accepted object's kind and apiVersion at the strings of its KindInfo, so that all
 * objects of a kind share them rather than each holding copies.
 */
export function shareKindStrings(object: Record<string, unknown>, info: KindInfo | undefined = kindInfo(String(object.kind))): void {
  if (!info) return;
  object.kind = info.kind;
  object.apiVersion = info.apiVersions.find((version) => version === object.apiVersion) ?? object.apiVersion;
}
