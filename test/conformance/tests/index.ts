/**
 * The transcribed tests of sigs.k8s.io/gateway-api/conformance v1.6.1. CORE_TESTS: the
 * GATEWAY-HTTP profile's core (every non-provisional test whose features are within Gateway,
 * HTTPRoute and ReferenceGrant). EXTENDED_TESTS: GATEWAY-HTTP tests that need an extended
 * feature. ALL_TESTS: both, in the order the suite runs them (its tests/*.go files' order).
 */
import type { ConformanceTest } from '../types';
import { GatewayListenerUnsupportedProtocol } from './GatewayListenerUnsupportedProtocol';
import { GatewayInvalidParametersRef } from './GatewayInvalidParametersRef';
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
import { BackendTLSPolicy } from './BackendTLSPolicy';
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
  GatewayInvalidParametersRef,
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

/** Every transcribed test, ordered as the suite runs them: by upstream file, core before extended within one. */
export const ALL_TESTS: readonly ConformanceTest[] = [...CORE_TESTS, ...EXTENDED_TESTS]
  .map((test, index) => ({ test, index }))
  .sort((a, b) => (a.test.upstream < b.test.upstream ? -1 : a.test.upstream > b.test.upstream ? 1 : a.index - b.index))
  .map(({ test }) => test);
