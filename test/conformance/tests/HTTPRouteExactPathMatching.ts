// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-exact-path-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteExactPathMatching: ConformanceTest = {
  shortName: 'HTTPRouteExactPathMatching',
  description: 'A single HTTPRoute with exact path matching for different backends',
  upstream: 'tests/httproute-exact-path-matching.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-exact-path-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'exact-matching', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [
      { request: { path: '/one' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/two' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/' }, response: { statusCode: 404 } },
      { request: { path: '/one/example' }, response: { statusCode: 404 } },
      { request: { path: '/two/' }, response: { statusCode: 404 } },
      { request: { path: '/Two' }, response: { statusCode: 404 } },
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
