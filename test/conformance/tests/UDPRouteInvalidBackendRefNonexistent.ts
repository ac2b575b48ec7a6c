// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-invalid-backendref-nonexistent.go
import { INFRA_NAMESPACE } from '../harness';
import { namespacesMustBeReady, udpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const UDPRouteInvalidBackendRefNonexistent: ConformanceTest = {
  shortName: 'UDPRouteInvalidBackendRefNonexistent',
  description: 'A UDPRoute should set ResolvedRefs=False with reason BackendNotFound when its backendRef points to a Service that does not exist.',
  upstream: 'tests/udproute-invalid-backendref-nonexistent.go',
  features: ['Gateway', 'UDPRoute'],
  manifests: ['tests/udproute-invalid-backendref-nonexistent.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'udp-route-invalid-backend-ref-nonexistent', namespace: ns };
    const gwNN = { name: 'udp-gateway-invalid-backend', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    await t.run('UDPRoute with a nonexistent backend has ResolvedRefs=False and reason BackendNotFound', (t) =>
      udpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound' }));
  },
};
