// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-header-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteHeaderMatching: ConformanceTest = {
  shortName: 'HTTPRouteHeaderMatching',
  description: 'A single HTTPRoute with header matching for different backends',
  upstream: 'tests/httproute-header-matching.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-header-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'header-matching', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [
      { request: { path: '/', headers: { Version: 'one' } }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/', headers: { Version: 'two' } }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/', headers: { Version: 'two', Color: 'orange' } }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/', headers: { Version: 'two', Color: 'blue' } }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/', headers: { Color: 'orange' } }, response: { statusCode: 404 } },
      { request: { path: '/', headers: { 'Some-Other-Header': 'one' } }, response: { statusCode: 404 } },
      { request: { path: '/', headers: { Color: 'blue' } }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/', headers: { Color: 'green' } }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/', headers: { Color: 'red' } }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/', headers: { Color: 'yellow' } }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/', headers: { Color: 'purple' } }, response: { statusCode: 404 } },
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
