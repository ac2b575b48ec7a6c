// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-invalid-cross-namespace-backend-ref.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndUDPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, udpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const UDPRouteInvalidCrossNamespaceBackendRef: ConformanceTest = {
  shortName: 'UDPRouteInvalidCrossNamespaceBackendRef',
  description: 'A UDPRoute in the gateway-conformance-infra namespace should set ResolvedRefs=False with reason RefNotPermitted when its backendRef points to a Service in the gateway-conformance-app-backend namespace and no ReferenceGrant grants permission to that Service.',
  upstream: 'tests/udproute-invalid-cross-namespace-backend-ref.go',
  features: ['Gateway', 'UDPRoute', 'ReferenceGrant'],
  manifests: ['tests/udproute-invalid-cross-namespace-backend-ref.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'udp-route-invalid-cross-namespace-backend-ref', namespace: ns };
    const gwNN = { name: 'udp-gateway-invalid-cross-namespace-backend-ref', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    // Accepted by the Gateway although the backend reference is not permitted.
    await gatewayAndUDPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('UDPRoute with a cross-namespace BackendRef and no ReferenceGrant has a ResolvedRefs Condition with status False and Reason RefNotPermitted', (t) =>
      udpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));
  },
};
