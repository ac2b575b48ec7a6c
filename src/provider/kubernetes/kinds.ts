/** The kinds Kubernetes mode watches, where each lives in the API, and the bus table it fills. */
import { X_GATEWAY_GROUP } from '../../apis/gateway';
import { PIER_GROUP, PIER_KINDS, PIER_VERSION } from '../../apis/pier';
import type { TableName } from '../../message/tables';
import type { ListOptions, ResourceKind } from '../../kubeclient/watch';

export interface WatchedKind {
  resource: ResourceKind;
  table: TableName;
  /**
   * Why the API server may not serve it (then it is reported, skipped, and looked for again):
   * 'crd', its CRD is not installed; 'feature', a built-in API that is off unless the cluster
   * enables it (a feature gate and runtime-config). Undefined: always served.
   */
  optional?: 'crd' | 'feature';
  listOptions?: ListOptions;
  /** Pier writes this kind's status (the provider then also publishes what the API server holds of it). */
  hasStatus: boolean;
}

const GATEWAY_GROUP = 'gateway.networking.k8s.io';
const gatewayKind = (kind: string, plural: string, table: TableName, namespaced = true): WatchedKind =>
  ({ resource: { group: GATEWAY_GROUP, version: 'v1', kind, plural, namespaced }, table, optional: 'crd', hasStatus: kind !== 'ReferenceGrant' });
/**
 * The experimental-only kinds (gateway.networking.x-k8s.io): CRDs of the experimental channel only,
 * absent from clusters on the standard channel, which is no problem to report (see isExperimentalOnly).
 */
const xGatewayKind = (kind: string, version: string, plural: string, table: TableName): WatchedKind =>
  ({ resource: { group: X_GATEWAY_GROUP, version, kind, plural, namespaced: true }, table, optional: 'crd', hasStatus: true });
const coreKind = (group: string, version: string, kind: string, plural: string, table: TableName, namespaced = true, listOptions?: ListOptions): WatchedKind =>
  ({ resource: { group, version, kind, plural, namespaced }, table, listOptions, hasStatus: false });
/** A built-in kind the cluster may not serve (a beta API off by default). */
const optionalKind = (group: string, version: string, kind: string, plural: string, table: TableName): WatchedKind =>
  ({ resource: { group, version, kind, plural, namespaced: false }, table, optional: 'feature', hasStatus: false });

/**
 * Secrets the translator may read: listener certificates (kubernetes.io/tls) and the credentials
 * policies name (Opaque and other user types: JWKS, htpasswd, API keys, OIDC client secrets).
 * Types that never hold such credentials stay out (a field selector the API server applies):
 * Helm release records are large and numerous, and tokens and registry credentials are none of
 * Pier's business.
 */
export const POLICY_SECRET_TYPES_EXCLUDED = [
  'helm.sh/release.v1', 'kubernetes.io/service-account-token', 'kubernetes.io/dockercfg',
  'kubernetes.io/dockerconfigjson', 'bootstrap.kubernetes.io/token',
] as const;
export const READABLE_SECRETS: ListOptions = { fieldSelector: POLICY_SECRET_TYPES_EXCLUDED.map((t) => `type!=${t}`).join(',') };

export const WATCHED_KINDS: readonly WatchedKind[] = [
  gatewayKind('GatewayClass', 'gatewayclasses', 'gatewayClasses', false),
  gatewayKind('Gateway', 'gateways', 'gateways'),
  gatewayKind('ListenerSet', 'listenersets', 'listenerSets'),
  gatewayKind('HTTPRoute', 'httproutes', 'httpRoutes'),
  gatewayKind('GRPCRoute', 'grpcroutes', 'grpcRoutes'),
  gatewayKind('TLSRoute', 'tlsroutes', 'tlsRoutes'),
  gatewayKind('TCPRoute', 'tcproutes', 'tcpRoutes'),
  gatewayKind('UDPRoute', 'udproutes', 'udpRoutes'),
  gatewayKind('ReferenceGrant', 'referencegrants', 'referenceGrants'),
  gatewayKind('BackendTLSPolicy', 'backendtlspolicies', 'backendTLSPolicies'),
  xGatewayKind('XTelemetryPolicy', 'v1alpha1', 'xtelemetrypolicies', 'xTelemetryPolicies'),
  xGatewayKind('XBackendTrafficPolicy', 'v1alpha1', 'xbackendtrafficpolicies', 'xBackendTrafficPolicies'),
  xGatewayKind('XBackend', 'v1alpha1', 'xbackends', 'xBackends'),
  // Pier's own kinds: their CRDs (deploy/pier-crds) may not be installed yet. Pier writes the status of its policies only.
  ...PIER_KINDS.map((k): WatchedKind => ({ resource: { group: PIER_GROUP, version: PIER_VERSION, kind: k.kind, plural: k.plural, namespaced: true }, table: k.table, optional: 'crd', hasStatus: k.policy })),
  coreKind('', 'v1', 'Service', 'services', 'services'),
  coreKind('discovery.k8s.io', 'v1', 'EndpointSlice', 'endpointslices', 'endpointSlices'),
  coreKind('', 'v1', 'Namespace', 'namespaces', 'namespaces', false),
  coreKind('', 'v1', 'ConfigMap', 'configmaps', 'configMaps'),
  coreKind('', 'v1', 'Secret', 'secrets', 'secrets', true, READABLE_SECRETS),
  optionalKind('certificates.k8s.io', 'v1beta1', 'ClusterTrustBundle', 'clustertrustbundles', 'clusterTrustBundles'),
];

/**
 * What one watch covers: a namespaced kind in one namespace (or all), a cluster-scoped kind
 * whole; Namespaces narrowed to the watched ones by name.
 */
export interface WatchScope {
  kind: WatchedKind;
  namespace?: string;
  listOptions?: ListOptions;
  /** For logs, errors and metrics: "httproutes" or "httproutes@team-a". */
  instance: string;
}

export function watchScopes(kinds: readonly WatchedKind[], namespaces: readonly string[]): WatchScope[] {
  const out: WatchScope[] = [];
  for (const kind of kinds) {
    const plural = kind.resource.plural;
    if (namespaces.length === 0 || (!kind.resource.namespaced && kind.resource.kind !== 'Namespace')) {
      out.push({ kind, listOptions: kind.listOptions, instance: plural });
    } else if (kind.resource.kind === 'Namespace') {
      for (const ns of namespaces) out.push({ kind, listOptions: { fieldSelector: `metadata.name=${ns}` }, instance: `${plural}@${ns}` });
    } else {
      for (const ns of namespaces) out.push({ kind, namespace: ns, listOptions: kind.listOptions, instance: `${plural}@${ns}` });
    }
  }
  return out;
}

/** Whether a kind's CRD is in the experimental channel only (absent by design on the standard channel). */
export function isExperimentalOnly(kind: WatchedKind): boolean {
  return kind.resource.group === X_GATEWAY_GROUP;
}
