// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-timeout-request.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteTimeoutRequest: ConformanceTest = {
  shortName: 'HTTPRouteTimeoutRequest',
  description: 'An HTTPRoute with request timeout',
  upstream: 'tests/httproute-timeout-request.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRequestTimeout'],
  manifests: ['tests/httproute-timeout-request.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'request-timeout', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [
      { request: { path: '/request-timeout' }, response: { statusCode: 200 }, namespace: ns },
      // The echo answers after the delay: later than the route's timeout allows.
      { request: { path: '/request-timeout?delay=1s' }, response: { statusCode: 504 }, namespace: ns },
      { request: { path: '/disable-request-timeout?delay=1s' }, response: { statusCode: 200 }, namespace: ns },
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
