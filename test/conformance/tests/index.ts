/**
 * The GATEWAY-HTTP profile's core tests of sigs.k8s.io/gateway-api/conformance v1.6.1: every
 * non-provisional test whose features are within Gateway, HTTPRoute and ReferenceGrant, in the
 * order of their upstream files (tests/*.go).
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
