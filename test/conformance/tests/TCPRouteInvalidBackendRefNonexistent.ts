// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-invalid-backendref-nonexistent.go
import { INFRA_NAMESPACE } from '../harness';
import { namespacesMustBeReady, tcpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TCPRouteInvalidBackendRefNonexistent: ConformanceTest = {
  shortName: 'TCPRouteInvalidBackendRefNonexistent',
  description: 'A TCPRoute should set ResolvedRefs=False with reason BackendNotFound when its backendRef points to a Service that does not exist.',
  upstream: 'tests/tcproute-invalid-backendref-nonexistent.go',
  features: ['Gateway', 'TCPRoute'],
  manifests: ['tests/tcproute-invalid-backendref-nonexistent.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'tcp-route-invalid-backend-ref-nonexistent', namespace: ns };
    const gwNN = { name: 'tcp-gateway-invalid-backend', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    await t.run('TCPRoute with a nonexistent backend has ResolvedRefs=False and reason BackendNotFound', (t) =>
      tcpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound' }));
  },
};
