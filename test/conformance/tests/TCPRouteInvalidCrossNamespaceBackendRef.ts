// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-invalid-cross-namespace-backend-ref.go
import { INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from '../harness';
import { gatewayAndTCPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, tcpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TCPRouteInvalidCrossNamespaceBackendRef: ConformanceTest = {
  shortName: 'TCPRouteInvalidCrossNamespaceBackendRef',
  description: 'A TCPRoute in the gateway-conformance-infra namespace with a backendRef in the gateway-conformance-web-backend namespace and no matching ReferenceGrant should set ResolvedRefs=False with reason RefNotPermitted.',
  upstream: 'tests/tcproute-invalid-cross-namespace-backend-ref.go',
  features: ['Gateway', 'TCPRoute', 'ReferenceGrant'],
  manifests: ['tests/tcproute-invalid-cross-namespace-backend-ref.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'tcp-invalid-cross-namespace-backend-ref', namespace: ns };
    const gwNN = { name: 'tcp-invalid-cross-namespace-backend-ref-gateway', namespace: ns };
    await namespacesMustBeReady(t, s, [ns, WEB_BACKEND_NAMESPACE]);
    // Still Accepted on its parent: only the backend is refused.
    await gatewayAndTCPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'tcp'), routeNN);

    await t.run('TCPRoute with a cross-namespace backendRef and no ReferenceGrant has ResolvedRefs=False with reason RefNotPermitted', (t) =>
      tcpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));
  },
};
