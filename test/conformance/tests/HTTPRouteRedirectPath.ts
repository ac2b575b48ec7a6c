// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-redirect-path.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRedirectPath: ConformanceTest = {
  shortName: 'HTTPRouteRedirectPath',
  description: 'An HTTPRoute with scheme redirect filter',
  upstream: 'tests/httproute-redirect-path.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoutePathRedirect'],
  manifests: ['tests/httproute-redirect-path.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'redirect-path', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/original-prefix/lemon', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { path: '/replacement-prefix/lemon' },
      namespace: ns,
    }, {
      request: { path: '/full/path/original', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { path: '/full-path-replacement' },
      namespace: ns,
    }, {
      request: { path: '/path-and-host', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { host: 'example.org', path: '/replacement-prefix' },
      namespace: ns,
    }, {
      request: { path: '/path-and-status', unfollowRedirect: true },
      response: { statusCode: 301 },
      redirectRequest: { path: '/replacement-prefix' },
      namespace: ns,
    }, {
      request: { path: '/full-path-and-host', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { host: 'example.org', path: '/replacement-full' },
      namespace: ns,
    }, {
      request: { path: '/full-path-and-status', unfollowRedirect: true },
      response: { statusCode: 301 },
      redirectRequest: { path: '/replacement-full' },
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
