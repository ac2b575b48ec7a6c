// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-simple-same-namespace.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE, INFRASTRUCTURE_GATEWAY_NAME } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteSimpleSameNamespace: ConformanceTest = {
  shortName: 'HTTPRouteSimpleSameNamespace',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace attaches to a Gateway in the same namespace',
  upstream: 'tests/httproute-simple-same-namespace.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-simple-same-namespace.yaml'],
  async test(t, s) {
    const routeNN = { name: INFRASTRUCTURE_GATEWAY_NAME, namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('Simple HTTP request should reach infra-backend', (t) => makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
      request: { path: '/' },
      response: { statusCode: 200 },
      backend: INFRA_BACKEND_V1,
      namespace: INFRA_NAMESPACE,
    }));
  },
};
