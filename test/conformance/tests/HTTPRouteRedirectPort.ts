// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-redirect-port.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRedirectPort: ConformanceTest = {
  shortName: 'HTTPRouteRedirectPort',
  description: 'An HTTPRoute with a port redirect filter',
  upstream: 'tests/httproute-redirect-port.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoutePortRedirect'],
  manifests: ['tests/httproute-redirect-port.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'redirect-port', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/port', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { port: '8083' },
      namespace: ns,
    }, {
      request: { path: '/port-and-host', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { host: 'example.org', port: '8083' },
      namespace: ns,
    }, {
      request: { path: '/port-and-status', unfollowRedirect: true },
      response: { statusCode: 301 },
      redirectRequest: { port: '8083' },
      namespace: ns,
    }, {
      request: { path: '/port-and-host-and-status', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { port: '8083', host: 'example.org' },
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
