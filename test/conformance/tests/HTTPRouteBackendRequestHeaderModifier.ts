// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-request-header-modifier.go (HTTPRouteBackendRequestHeaderModifier)
import type { ConformanceTest } from '../types';
import { requestHeaderModifierTest } from './HTTPRouteRequestHeaderModifier';

export const HTTPRouteBackendRequestHeaderModifier: ConformanceTest = {
  shortName: 'HTTPRouteBackendRequestHeaderModifier',
  description: 'An HTTPRoute backend has request header modifier filters applied correctly',
  upstream: 'tests/httproute-request-header-modifier.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteBackendRequestHeaderModification'],
  manifests: ['tests/httproute-request-header-modifier-backend.yaml'],
  test: requestHeaderModifierTest,
};
