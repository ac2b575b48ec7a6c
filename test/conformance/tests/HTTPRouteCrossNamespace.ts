// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-cross-namespace.go
import { INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteCrossNamespace: ConformanceTest = {
  shortName: 'HTTPRouteCrossNamespace',
  description: 'A single HTTPRoute in the gateway-conformance-web-backend namespace should attach to Gateway in another namespace',
  upstream: 'tests/httproute-cross-namespace.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-cross-namespace.yaml'],
  async test(t, s) {
    const routeNN = { name: 'cross-namespace', namespace: WEB_BACKEND_NAMESPACE };
    const gwNN = { name: 'backend-namespaces', namespace: INFRA_NAMESPACE };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('Simple HTTP request should reach web-backend', (t) => makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
      request: { path: '/' },
      response: { statusCode: 200 },
      backend: 'web-backend',
      namespace: WEB_BACKEND_NAMESPACE,
    }));
  },
};
