/**
 * The transcribed tests of sigs.k8s.io/gateway-api/conformance v1.7.0. CORE_TESTS: the
 * GATEWAY-HTTP profile's core (every non-provisional test whose features are within Gateway,
 * HTTPRoute and ReferenceGrant). EXTENDED_TESTS: GATEWAY-HTTP tests that need an extended
 * feature. GRPC_CORE_TESTS and GRPC_EXTENDED_TESTS: the GATEWAY-GRPC profile's GRPCRoute tests
 * (its Gateway tests are among the above). TLS_CORE_TESTS and TLS_EXTENDED_TESTS: the GATEWAY-TLS
 * profile's TLSRoute tests (and HTTPRouteDisallowedKind, which needs TLSRoute). TCP_TESTS,
 * UDP_TESTS: the GATEWAY-TCP and GATEWAY-UDP profiles' route tests. ALL_TESTS: all, in the order
 * the suite runs them (its tests/*.go files' order).
 */
import type { ConformanceTest } from '../types';
import { GatewayListenerUnsupportedProtocol } from './GatewayListenerUnsupportedProtocol';
import { GatewayInvalidRouteKind } from './GatewayInvalidRouteKind';
import { GatewayInvalidTLSConfiguration } from './GatewayInvalidTLSConfiguration';
import { GatewayModifyListeners } from './GatewayModifyListeners';
import { GatewayObservedGenerationBump } from './GatewayObservedGenerationBump';
import { GatewaySecretInvalidReferenceGrant } from './GatewaySecretInvalidReferenceGrant';
import { GatewaySecretMissingReferenceGrant } from './GatewaySecretMissingReferenceGrant';
import { GatewaySecretReferenceGrantAllInNamespace } from './GatewaySecretReferenceGrantAllInNamespace';
import { GatewaySecretReferenceGrantSpecific } from './GatewaySecretReferenceGrantSpecific';
import { GatewayWithAttachedRoutes } from './GatewayWithAttachedRoutes';
import { GatewayClassObservedGenerationBump } from './GatewayClassObservedGenerationBump';
import { HTTPRouteCrossNamespace } from './HTTPRouteCrossNamespace';
import { HTTPRouteExactPathMatching } from './HTTPRouteExactPathMatching';
import { HTTPRouteHeaderMatching } from './HTTPRouteHeaderMatching';
import { HTTPRouteHostnameIntersection } from './HTTPRouteHostnameIntersection';
import { HTTPRouteHTTPSListener } from './HTTPRouteHTTPSListener';
import { HTTPRouteInvalidBackendRefUnknownKind } from './HTTPRouteInvalidBackendRefUnknownKind';
import { HTTPRouteInvalidCrossNamespaceBackendRef } from './HTTPRouteInvalidCrossNamespaceBackendRef';
import { HTTPRouteInvalidCrossNamespaceParentRef } from './HTTPRouteInvalidCrossNamespaceParentRef';
import { HTTPRouteInvalidNonExistentBackendRef } from './HTTPRouteInvalidNonExistentBackendRef';
import { HTTPRouteInvalidParentRefNotMatchingSectionName } from './HTTPRouteInvalidParentRefNotMatchingSectionName';
import { HTTPRouteInvalidReferenceGrant } from './HTTPRouteInvalidReferenceGrant';
import { HTTPRouteListenerHostnameMatching } from './HTTPRouteListenerHostnameMatching';
import { HTTPRouteMatchingAcrossRoutes } from './HTTPRouteMatchingAcrossRoutes';
import { HTTPRouteMatching } from './HTTPRouteMatching';
import { HTTPRouteMultipleGateways } from './HTTPRouteMultipleGateways';
import { HTTPRouteObservedGenerationBump } from './HTTPRouteObservedGenerationBump';
import { HTTPRouteNoBackendRefs } from './HTTPRouteNoBackendRefs';
import { HTTPRoutePartiallyInvalidViaInvalidReferenceGrant } from './HTTPRoutePartiallyInvalidViaInvalidReferenceGrant';
import { HTTPRoutePathMatchOrder } from './HTTPRoutePathMatchOrder';
import { HTTPRouteRedirectHostAndStatus } from './HTTPRouteRedirectHostAndStatus';
import { HTTPRouteReferenceGrant } from './HTTPRouteReferenceGrant';
import { HTTPRouteRequestHeaderModifier } from './HTTPRouteRequestHeaderModifier';
import { HTTPRouteServiceTypes } from './HTTPRouteServiceTypes';
import { HTTPRouteSimpleSameNamespace } from './HTTPRouteSimpleSameNamespace';
import { HTTPRouteWeight } from './HTTPRouteWeight';
import { HTTPRouteRuleOrder } from './HTTPRouteRuleOrder';
import { GatewayNameMaximumLength } from './GatewayNameMaximumLength';
import { HTTPRouteMultipleRoutesAttachmentSameHostnameIntersection } from './HTTPRouteMultipleRoutesAttachmentSameHostnameIntersection';
import { GatewayHTTPListenerIsolation } from './GatewayHTTPListenerIsolation';
import { GatewayWithAttachedRoutesWithPort8080 } from './GatewayWithAttachedRoutesWithPort8080';
import { HTTPRoute303Redirect } from './HTTPRoute303Redirect';
import { HTTPRoute307Redirect } from './HTTPRoute307Redirect';
import { HTTPRoute308Redirect } from './HTTPRoute308Redirect';
import { HTTPRouteBackendRequestHeaderModifier } from './HTTPRouteBackendRequestHeaderModifier';
import { HTTPRouteInvalidParentRefNotMatchingListenerPort } from './HTTPRouteInvalidParentRefNotMatchingListenerPort';
import { HTTPRouteInvalidParentRefSectionNameNotMatchingPort } from './HTTPRouteInvalidParentRefSectionNameNotMatchingPort';
import { HTTPRouteListenerPortMatching } from './HTTPRouteListenerPortMatching';
import { HTTPRouteMethodMatching } from './HTTPRouteMethodMatching';
import { HTTPRouteNamedRule } from './HTTPRouteNamedRule';
import { HTTPRouteQueryParamMatching } from './HTTPRouteQueryParamMatching';
import { HTTPRouteRedirectPath } from './HTTPRouteRedirectPath';
import { HTTPRouteRedirectPort } from './HTTPRouteRedirectPort';
import { HTTPRouteRedirectPortAndScheme } from './HTTPRouteRedirectPortAndScheme';
import { HTTPRouteRedirectScheme } from './HTTPRouteRedirectScheme';
import { HTTPRouteRequestHeaderModifierBackendWeights } from './HTTPRouteRequestHeaderModifierBackendWeights';
import { HTTPRouteResponseHeaderModifier } from './HTTPRouteResponseHeaderModifier';
import { HTTPRouteRewriteHost } from './HTTPRouteRewriteHost';
import { HTTPRouteRewritePath } from './HTTPRouteRewritePath';
import { HTTPRouteCORS } from './HTTPRouteCORS';
import { HTTPRouteBackendProtocolWebSocket } from './HTTPRouteBackendProtocolWebSocket';
import { HTTPRouteRequestPercentageMirror } from './HTTPRouteRequestPercentageMirror';
import { HTTPRouteRequestMirror } from './HTTPRouteRequestMirror';
import { HTTPRouteRequestMultipleMirrors } from './HTTPRouteRequestMultipleMirrors';
import { HTTPRouteTimeoutRequest } from './HTTPRouteTimeoutRequest';
import { HTTPRouteTimeoutBackendRequest } from './HTTPRouteTimeoutBackendRequest';
import { HTTPRouteBackendProtocolH2C } from './HTTPRouteBackendProtocolH2C';
import { HTTPRouteHTTPSListenerDetectMisdirectedRequests } from './HTTPRouteHTTPSListenerDetectMisdirectedRequests';
import { HTTPRouteRetry } from './HTTPRouteRetry';
import { HTTPRouteRetryConnectionError } from './HTTPRouteRetryConnectionError';
import { HTTPRouteRetryWithBackendTimeout, HTTPRouteRetryWithRequestTimeout } from './HTTPRouteRetryWithTimeouts';
import { HTTPRouteBackendURLRewrite } from './HTTPRouteBackendURLRewrite';
import { GRPCRouteRequestHeaderModifier } from './GRPCRouteRequestHeaderModifier';
import { GRPCRouteMultipleGateways } from './GRPCRouteMultipleGateways';
import { GRPCRouteMultipleRoutesAttachmentSameHostnameIntersection } from './GRPCRouteMultipleRoutesAttachmentSameHostnameIntersection';
import { TLSRouteMultipleRoutesAttachmentSameHostnameIntersection } from './TLSRouteMultipleRoutesAttachmentSameHostnameIntersection';
import { ListenerSetAllowedNamespaceNone } from './ListenerSetAllowedNamespaceNone';
import { ListenerSetAllowedNamespaceSame } from './ListenerSetAllowedNamespaceSame';
import { ListenerSetAllowedNamespaceSelector } from './ListenerSetAllowedNamespaceSelector';
import { ListenerSetDefaultNotAllowed } from './ListenerSetDefaultNotAllowed';
import { ListenerSetHostnameConflict } from './ListenerSetHostnameConflict';
import { ListenerSetProtocolConflict } from './ListenerSetProtocolConflict';
import { ListenerSetHTTPRouting } from './ListenerSetHTTPRouting';
import { ListenerSetDualParentRefIndependence } from './ListenerSetDualParentRefIndependence';
import { ListenerSetRouteStatusScopedToParentRef } from './ListenerSetRouteStatusScopedToParentRef';
import { ListenerSetGatewayParentSectionNameNotFound } from './ListenerSetGatewayParentSectionNameNotFound';
import { ListenerSetReferenceGrant } from './ListenerSetReferenceGrant';
import { ListenerSetAllowedRoutesSupportedKinds } from './ListenerSetAllowedRoutesSupportedKinds';
import { ListenerSetAllowedRoutesNamespaces } from './ListenerSetAllowedRoutesNamespaces';
import { GatewayOptionalAddressValue } from './GatewayOptionalAddressValue';
import { GRPCExactMethodMatching } from './GRPCExactMethodMatching';
import { GRPCRouteHeaderMatching } from './GRPCRouteHeaderMatching';
import { GRPCRouteListenerHostnameMatching } from './GRPCRouteListenerHostnameMatching';
import { GRPCRouteNamedRule } from './GRPCRouteNamedRule';
import { GRPCRouteWeight } from './GRPCRouteWeight';
import { TLSRouteHostnameIntersection } from './TLSRouteHostnameIntersection';
import { TLSRouteInvalidBackendRefNonexistent } from './TLSRouteInvalidBackendRefNonexistent';
import { TLSRouteInvalidBackendRefUnknownKind } from './TLSRouteInvalidBackendRefUnknownKind';
import { TLSRouteInvalidNoMatchingListenerHostname } from './TLSRouteInvalidNoMatchingListenerHostname';
import { TLSRouteInvalidNoMatchingListener } from './TLSRouteInvalidNoMatchingListener';
import { TLSRouteInvalidReferenceGrant } from './TLSRouteInvalidReferenceGrant';
import { TLSRouteListenerPassthroughSupportedKinds } from './TLSRouteListenerPassthroughSupportedKinds';
import { TLSRouteListenerTerminateNotSupported } from './TLSRouteListenerTerminateNotSupported';
import { TLSRouteSimpleSameNamespace } from './TLSRouteSimpleSameNamespace';
import { HTTPRouteDisallowedKind } from './HTTPRouteDisallowedKind';
import { TLSRouteListenerMixedTerminationNotSupported } from './TLSRouteListenerMixedTerminationNotSupported';
import { TLSRouteListenerTerminateSupportedKinds } from './TLSRouteListenerTerminateSupportedKinds';
import { TLSRouteMixedTerminationSameNamespace } from './TLSRouteMixedTerminationSameNamespace';
import { TLSRouteTerminateSimpleSameNamespace } from './TLSRouteTerminateSimpleSameNamespace';
import { TCPRouteInvalidBackendRefNonexistent } from './TCPRouteInvalidBackendRefNonexistent';
import { TCPRouteInvalidCrossNamespaceBackendRef } from './TCPRouteInvalidCrossNamespaceBackendRef';
import { TCPRouteInvalidNonTCPListener } from './TCPRouteInvalidNonTCPListener';
import { TCPRouteMultipleRoutesAttachment } from './TCPRouteMultipleRoutesAttachment';
import { TCPRouteParentRefAttachAll } from './TCPRouteParentRefAttachAll';
import { TCPRouteParentRefPortAndSectionName } from './TCPRouteParentRefPortAndSectionName';
import { TCPRouteReferenceGrant } from './TCPRouteReferenceGrant';
import { TCPRouteWeightedRouting } from './TCPRouteWeightedRouting';
import { UDPRoute } from './UDPRoute';
import { UDPRouteInvalidBackendRefNonexistent } from './UDPRouteInvalidBackendRefNonexistent';
import { UDPRouteInvalidCrossNamespaceBackendRef } from './UDPRouteInvalidCrossNamespaceBackendRef';
import { UDPRouteMultipleRoutesAttachment } from './UDPRouteMultipleRoutesAttachment';
import { UDPRouteNotAllowedByListeners } from './UDPRouteNotAllowedByListeners';
import { UDPRouteParentRefAttachAllListeners } from './UDPRouteParentRefAttachAllListeners';
import { UDPRouteParentRefPortAndSectionName } from './UDPRouteParentRefPortAndSectionName';
import { UDPRouteReferenceGrant } from './UDPRouteReferenceGrant';
import { UDPRouteWeightedRouting } from './UDPRouteWeightedRouting';
import { BackendTLSPolicy } from './BackendTLSPolicy';
import { BackendTLSPolicyGRPCRoute } from './BackendTLSPolicyGRPCRoute';
import { BackendTLSPolicyTLSRouteTerminate } from './BackendTLSPolicyTLSRouteTerminate';
import { BackendTLSPolicyConflictResolution } from './BackendTLSPolicyConflictResolution';
import { BackendTLSPolicyInvalidCACertificateRef } from './BackendTLSPolicyInvalidCACertificateRef';
import { BackendTLSPolicyInvalidKind } from './BackendTLSPolicyInvalidKind';
import { BackendTLSPolicyObservedGenerationBump } from './BackendTLSPolicyObservedGenerationBump';
import { BackendTLSPolicySANValidation } from './BackendTLSPolicySANValidation';
import { GatewayFrontendInvalidDefaultClientCertificateValidation } from './GatewayFrontendInvalidDefaultClientCertificateValidation';
import { GatewayInvalidTLSBackendConfiguration } from './GatewayInvalidTLSBackendConfiguration';
import { GatewayStaticAddresses } from './GatewayStaticAddresses';
import { GatewayTLSBackendClientCertificate } from './GatewayTLSBackendClientCertificate';
import { GatewayFrontendClientCertificateValidation } from './GatewayFrontendClientCertificateValidation';
import { GatewayFrontendClientCertificateValidationInsecureFallback } from './GatewayFrontendClientCertificateValidationInsecureFallback';
import { GatewayInvalidFrontendClientCertificateValidation } from './GatewayInvalidFrontendClientCertificateValidation';

export const CORE_TESTS: readonly ConformanceTest[] = [
  GatewayListenerUnsupportedProtocol,
  GatewayInvalidRouteKind,
  GatewayInvalidTLSConfiguration,
  GatewayModifyListeners,
  GatewayObservedGenerationBump,
  GatewaySecretInvalidReferenceGrant,
  GatewaySecretMissingReferenceGrant,
  GatewaySecretReferenceGrantAllInNamespace,
  GatewaySecretReferenceGrantSpecific,
  GatewayWithAttachedRoutes,
  GatewayClassObservedGenerationBump,
  HTTPRouteCrossNamespace,
  HTTPRouteExactPathMatching,
  HTTPRouteHeaderMatching,
  HTTPRouteHostnameIntersection,
  HTTPRouteHTTPSListener,
  HTTPRouteInvalidBackendRefUnknownKind,
  HTTPRouteInvalidCrossNamespaceBackendRef,
  HTTPRouteInvalidCrossNamespaceParentRef,
  HTTPRouteInvalidNonExistentBackendRef,
  HTTPRouteInvalidParentRefNotMatchingSectionName,
  HTTPRouteInvalidReferenceGrant,
  HTTPRouteListenerHostnameMatching,
  HTTPRouteMatchingAcrossRoutes,
  HTTPRouteMatching,
  HTTPRouteMultipleGateways,
  HTTPRouteObservedGenerationBump,
  HTTPRouteNoBackendRefs,
  HTTPRoutePartiallyInvalidViaInvalidReferenceGrant,
  HTTPRoutePathMatchOrder,
  HTTPRouteRedirectHostAndStatus,
  HTTPRouteReferenceGrant,
  HTTPRouteRequestHeaderModifier,
  HTTPRouteServiceTypes,
  HTTPRouteSimpleSameNamespace,
  HTTPRouteWeight,
  HTTPRouteRuleOrder,
  GatewayNameMaximumLength,
];

/** GATEWAY-HTTP tests that need an extended feature (the suite runs them when Pier supports all their features). */
export const EXTENDED_TESTS: readonly ConformanceTest[] = [
  GatewayHTTPListenerIsolation,
  GatewayWithAttachedRoutesWithPort8080,
  HTTPRoute303Redirect,
  HTTPRoute307Redirect,
  HTTPRoute308Redirect,
  HTTPRouteInvalidParentRefNotMatchingListenerPort,
  HTTPRouteInvalidParentRefSectionNameNotMatchingPort,
  HTTPRouteListenerPortMatching,
  HTTPRouteMethodMatching,
  HTTPRouteNamedRule,
  HTTPRouteQueryParamMatching,
  HTTPRouteRedirectPath,
  HTTPRouteRedirectPortAndScheme,
  HTTPRouteRedirectPort,
  HTTPRouteRedirectScheme,
  HTTPRouteRequestHeaderModifierBackendWeights,
  HTTPRouteBackendRequestHeaderModifier,
  HTTPRouteResponseHeaderModifier,
  HTTPRouteRewriteHost,
  HTTPRouteRewritePath,
  HTTPRouteCORS,
  HTTPRouteBackendProtocolWebSocket,
  HTTPRouteRequestPercentageMirror,
  HTTPRouteRequestMirror,
  HTTPRouteRequestMultipleMirrors,
  HTTPRouteTimeoutRequest,
  HTTPRouteTimeoutBackendRequest,
  HTTPRouteBackendProtocolH2C,
  HTTPRouteHTTPSListenerDetectMisdirectedRequests,
  HTTPRouteRetry,
  HTTPRouteRetryConnectionError,
  HTTPRouteRetryWithRequestTimeout,
  HTTPRouteRetryWithBackendTimeout,
  HTTPRouteBackendURLRewrite,
  HTTPRouteMultipleRoutesAttachmentSameHostnameIntersection,
  ListenerSetAllowedNamespaceNone,
  ListenerSetAllowedNamespaceSame,
  ListenerSetAllowedNamespaceSelector,
  ListenerSetDefaultNotAllowed,
  ListenerSetHostnameConflict,
  ListenerSetProtocolConflict,
  ListenerSetHTTPRouting,
  ListenerSetDualParentRefIndependence,
  ListenerSetRouteStatusScopedToParentRef,
  ListenerSetGatewayParentSectionNameNotFound,
  ListenerSetReferenceGrant,
  ListenerSetAllowedRoutesSupportedKinds,
  ListenerSetAllowedRoutesNamespaces,
  GatewayOptionalAddressValue,
  BackendTLSPolicy,
  BackendTLSPolicyConflictResolution,
  BackendTLSPolicyInvalidCACertificateRef,
  BackendTLSPolicyInvalidKind,
  BackendTLSPolicyObservedGenerationBump,
  BackendTLSPolicySANValidation,
  GatewayFrontendInvalidDefaultClientCertificateValidation,
  GatewayInvalidTLSBackendConfiguration,
  GatewayStaticAddresses,
  GatewayTLSBackendClientCertificate,
  GatewayFrontendClientCertificateValidation,
  GatewayFrontendClientCertificateValidationInsecureFallback,
  GatewayInvalidFrontendClientCertificateValidation,
];

/** GATEWAY-GRPC core: every GRPCRoute test whose features are within Gateway and GRPCRoute. */
export const GRPC_CORE_TESTS: readonly ConformanceTest[] = [
  GRPCExactMethodMatching,
  GRPCRouteHeaderMatching,
  GRPCRouteListenerHostnameMatching,
  GRPCRouteMultipleGateways,
  GRPCRouteWeight,
];

/** GATEWAY-GRPC tests that need an extended feature. */
export const GRPC_EXTENDED_TESTS: readonly ConformanceTest[] = [
  GRPCRouteNamedRule,
  GRPCRouteRequestHeaderModifier,
  GRPCRouteMultipleRoutesAttachmentSameHostnameIntersection,
  BackendTLSPolicyGRPCRoute,
];

/** GATEWAY-TLS core: every non-provisional TLSRoute test whose features are within Gateway, TLSRoute and ReferenceGrant. */
export const TLS_CORE_TESTS: readonly ConformanceTest[] = [
  TLSRouteHostnameIntersection,
  TLSRouteInvalidBackendRefNonexistent,
  TLSRouteInvalidBackendRefUnknownKind,
  TLSRouteInvalidNoMatchingListenerHostname,
  TLSRouteInvalidNoMatchingListener,
  TLSRouteInvalidReferenceGrant,
  TLSRouteListenerPassthroughSupportedKinds,
  TLSRouteListenerTerminateNotSupported,
  TLSRouteSimpleSameNamespace,
];

/** GATEWAY-TLS tests that need more (TLSRouteModeTerminate, TLSRouteModeMixed, HTTPRoute), the provisional ones included. */
export const TLS_EXTENDED_TESTS: readonly ConformanceTest[] = [
  HTTPRouteDisallowedKind,
  TLSRouteListenerMixedTerminationNotSupported,
  TLSRouteListenerTerminateSupportedKinds,
  TLSRouteMixedTerminationSameNamespace,
  TLSRouteTerminateSimpleSameNamespace,
  TLSRouteMultipleRoutesAttachmentSameHostnameIntersection,
  BackendTLSPolicyTLSRouteTerminate,
];

/** The GATEWAY-TCP profile's TCPRoute tests (features within its core: Gateway, TCPRoute, ReferenceGrant). */
export const TCP_TESTS: readonly ConformanceTest[] = [
  TCPRouteInvalidBackendRefNonexistent,
  TCPRouteInvalidCrossNamespaceBackendRef,
  TCPRouteInvalidNonTCPListener,
  TCPRouteMultipleRoutesAttachment,
  TCPRouteParentRefAttachAll,
  TCPRouteParentRefPortAndSectionName,
  TCPRouteReferenceGrant,
  TCPRouteWeightedRouting,
];

/** The GATEWAY-UDP profile's UDPRoute tests (features within its core: Gateway, UDPRoute, ReferenceGrant). */
export const UDP_TESTS: readonly ConformanceTest[] = [
  UDPRoute,
  UDPRouteInvalidBackendRefNonexistent,
  UDPRouteInvalidCrossNamespaceBackendRef,
  UDPRouteMultipleRoutesAttachment,
  UDPRouteNotAllowedByListeners,
  UDPRouteParentRefAttachAllListeners,
  UDPRouteParentRefPortAndSectionName,
  UDPRouteReferenceGrant,
  UDPRouteWeightedRouting,
];

/** The core tests of every replayed profile (the rest are extended). */
const ALL_CORE_TESTS: readonly ConformanceTest[] = [...CORE_TESTS, ...GRPC_CORE_TESTS, ...TLS_CORE_TESTS, ...TCP_TESTS, ...UDP_TESTS];
const ALL_EXTENDED_TESTS: readonly ConformanceTest[] = [...EXTENDED_TESTS, ...GRPC_EXTENDED_TESTS, ...TLS_EXTENDED_TESTS];

/** Whether a test is core in its profile. */
export function isCoreTest(test: ConformanceTest): boolean {
  return ALL_CORE_TESTS.includes(test);
}

/** Every transcribed test, ordered as the suite runs them: by upstream file, core before extended within one. */
export const ALL_TESTS: readonly ConformanceTest[] = [...ALL_CORE_TESTS, ...ALL_EXTENDED_TESTS]
  .map((test, index) => ({ test, index }))
  .sort((a, b) => (a.test.upstream < b.test.upstream ? -1 : a.test.upstream > b.test.upstream ? 1 : a.index - b.index))
  .map(({ test }) => test);
