/**
 * The Gateway API features Pier supports, as GatewayClass status.supportedFeatures lists them
 * (names from sigs.k8s.io/gateway-api v1.7.0 pkg/features). Conservative: a feature is listed
 * only when Pier implements all of it. Experimental-channel features are listed when Pier
 * implements them and the experimental CRDs carry their fields (HTTPRoute retries; see crds/).
 * Not listed, on purpose: mesh. ListenerSet is listed: its 13 upstream tests pass.
 * GatewayInfrastructure (v1.6's GatewayInfrastructurePropagation) is listed with Kubernetes
 * infrastructure only (the objects it makes carry spec.infrastructure's labels and annotations;
 * host infrastructure makes none).
 * v1.7.0 split retries: HTTPRouteRetryCodes (rules[].retry with codes, attempts, backoff, within
 * the request and backend timeouts) and HTTPRouteRetryConnectionError; v1.6's HTTPRouteRetry and
 * HTTPRouteRetryBackendTimeout are gone. Also from v1.7.0: GatewayRouteHostnameIntersectionPrecedence
 * (precedence.ts), HTTPRouteBackendURLRewrite (one rewrite per rule: httprules.ts) and
 * GRPCRouteRequestHeaderModifier.
 * ClusterTrustBundle (GEP-5075) is listed unless the cluster does not serve the kind (Kubernetes
 * mode with the beta API off): caCertificateRefs of frontend validation and BackendTLSPolicy.
 * GatewayListenerFilters (experimental, GEP-5224) is listed: listener filters of the ExternalAuth
 * kind run before route selection (listeners/listenerfilters.ts); no ExtensionRef kind exists.
 * GatewayAddressRoutability (GEP-5093, experimental) is listed with either infrastructure:
 * spec.addresses[].routability empty or the conformance sentinel is given what default selection
 * gives, any other value Pier does not know is never satisfied, every status address carries its
 * routability, and AddressesAssigned reports the assignment (gatewayapi/listeners/addresses.ts).
 * GatewayAddressRoutabilityCluster is listed with Kubernetes infrastructure only: a Cluster
 * request is given the Gateway's Service ClusterIP (a Gateway asking only for Cluster gets a
 * ClusterIP Service); host infrastructure has no ClusterIP to give.
 * TLSRouteModeMixed is listed: TLS listeners in
 * Terminate and Passthrough mode share a port when their hostnames differ (upstream suite:
 * TLSRouteMixedTerminationSameNamespace).
 */
const SUPPORTED_FEATURES: readonly string[] = [
  // Core
  'BackendTLSPolicy',
  'BackendTLSPolicySANValidation',
  'ClusterTrustBundle',
  'Gateway',
  'HTTPRoute',
  'ReferenceGrant',
  // Gateway
  'GatewayAddressEmpty',
  'GatewayAddressRoutability',
  'GatewayBackendClientCertificate',
  'GatewayFrontendClientCertificateValidation',
  'GatewayFrontendClientCertificateValidationInsecureFallback',
  'GatewayHTTPListenerIsolation',
  'GatewayHTTPSListenerDetectMisdirectedRequests',
  'GatewayListenerFilters',
  'GatewayPort8080',
  'GatewayRouteHostnameIntersectionPrecedence',
  'GatewayStaticAddresses',
  'ListenerSet',
  // HTTPRoute
  'HTTPRoute303RedirectStatusCode',
  'HTTPRouteBackendRequestHeaderModification',
  'HTTPRoute307RedirectStatusCode',
  'HTTPRoute308RedirectStatusCode',
  'HTTPRouteBackendProtocolH2C',
  'HTTPRouteBackendProtocolWebSocket',
  'HTTPRouteBackendTimeout',
  'HTTPRouteBackendURLRewrite',
  'HTTPRouteCORS',
  'HTTPRouteDestinationPortMatching',
  'HTTPRouteHostRewrite',
  'HTTPRouteMethodMatching',
  'HTTPRouteNamedRouteRule',
  'HTTPRouteParentRefPort',
  'HTTPRoutePathRedirect',
  'HTTPRoutePathRewrite',
  'HTTPRoutePortRedirect',
  'HTTPRouteQueryParamMatching',
  'HTTPRouteRequestMirror',
  'HTTPRouteRequestMultipleMirrors',
  'HTTPRouteRequestPercentageMirror',
  'HTTPRouteRequestTimeout',
  'HTTPRouteResponseHeaderModification',
  'HTTPRouteRetryCodes',
  'HTTPRouteRetryConnectionError',
  'HTTPRouteSchemeRedirect',
  // Other route kinds
  'GRPCRoute',
  'GRPCRouteNamedRouteRule',
  'GRPCRouteRequestHeaderModifier',
  'TCPRoute',
  'TLSRoute',
  'TLSRouteModeMixed',
  'TLSRouteModeTerminate',
  'UDPRoute',
];

export interface FeatureOptions {
  /** Kubernetes infrastructure: every Gateway has a Service ClusterIP, so routability Cluster can be given (GatewayAddressRoutabilityCluster). */
  clusterRoutability?: boolean;
  /** Kubernetes infrastructure: spec.infrastructure labels and annotations reach the objects it makes (GatewayInfrastructure). */
  infrastructurePropagation?: boolean;
  /** Kinds the cluster does not serve: a feature that needs one is not advertised (GEP-5075: ClusterTrustBundle). */
  unservedKinds?: readonly string[];
}

/** Features that exist only where the cluster serves a kind. */
const FEATURE_KINDS: Readonly<Record<string, string>> = { ClusterTrustBundle: 'ClusterTrustBundle' };

/** status.supportedFeatures: sorted ascending by name (byte order), as the API requires. */
export function supportedFeatures(options: FeatureOptions = {}): { name: string }[] {
  const unserved = new Set(options.unservedKinds ?? []);
  const names = [
    ...SUPPORTED_FEATURES,
    ...(options.infrastructurePropagation ? ['GatewayInfrastructure'] : []),
    ...(options.clusterRoutability ? ['GatewayAddressRoutabilityCluster'] : []),
  ]
    .filter((name) => !(FEATURE_KINDS[name] !== undefined && unserved.has(FEATURE_KINDS[name]!)));
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((name) => ({ name }));
}
