// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-timeout-backend-request.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteTimeoutBackendRequest: ConformanceTest = {
  shortName: 'HTTPRouteTimeoutBackendRequest',
  description: 'An HTTPRoute with backend request timeout',
  upstream: 'tests/httproute-timeout-backend-request.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteBackendTimeout'],
  manifests: ['tests/httproute-timeout-backend-request.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backend-request-timeout', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [
      { request: { path: '/backend-timeout' }, response: { statusCode: 200 }, namespace: ns },
      // The echo answers after the delay: later than the route's timeout allows.
      { request: { path: '/backend-timeout?delay=1s' }, response: { statusCode: 504 }, namespace: ns },
      { request: { path: '/disable-backend-timeout?delay=1s' }, response: { statusCode: 200 }, namespace: ns },
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
