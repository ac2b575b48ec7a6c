// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-multiple-gateways.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export const HTTPRouteMultipleGateways: ConformanceTest = {
  shortName: 'HTTPRouteMultipleGateways',
  description: 'An HTTPRoute that is attached to multiple Gateways receives traffic from each Gateway independently, and shared routes are accessible via all parent Gateways while dedicated routes are only accessible via their respective parent.',
  upstream: 'tests/httproute-multiple-gateways.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-multiple-gateways.yaml'],
  async test(t, s) {
    const perGateway = (gateway: string, dedicatedRoute: string, dedicatedBackend: string) => async (t: T): Promise<void> => {
      const routeNNs = [
        { name: 'multiple-gateways-shared-route', namespace: INFRA_NAMESPACE },
        { name: dedicatedRoute, namespace: INFRA_NAMESPACE },
      ];
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef({ name: gateway, namespace: INFRA_NAMESPACE }), ...routeNNs);
      await t.run('shared route is accessible and routed to infra-backend-v1', (t) => makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        request: { path: '/shared' }, response: { statusCode: 200 }, backend: INFRA_BACKEND_V1, namespace: INFRA_NAMESPACE,
      }));
      await t.run(`dedicated route is accessible and routed to ${dedicatedBackend}`, (t) => makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        request: { path: '/' }, response: { statusCode: 200 }, backend: dedicatedBackend, namespace: INFRA_NAMESPACE,
      }));
    };
    await t.parallel([
      ['Gateway same-namespace', perGateway('same-namespace', 'same-namespace-dedicated-route', INFRA_BACKEND_V2)],
      ['Gateway all-namespaces', perGateway('all-namespaces', 'all-namespaces-dedicated-route', INFRA_BACKEND_V3)],
    ]);
  },
};
