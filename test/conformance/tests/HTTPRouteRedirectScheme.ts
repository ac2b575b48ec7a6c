// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-redirect-scheme.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRedirectScheme: ConformanceTest = {
  shortName: 'HTTPRouteRedirectScheme',
  description: 'An HTTPRoute with a scheme redirect filter',
  upstream: 'tests/httproute-redirect-scheme.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteSchemeRedirect'],
  manifests: ['tests/httproute-redirect-scheme.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'redirect-scheme', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/scheme', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { scheme: 'https' },
      namespace: ns,
    }, {
      request: { path: '/scheme-and-host', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { host: 'example.org', scheme: 'https' },
      namespace: ns,
    }, {
      request: { path: '/scheme-and-status', unfollowRedirect: true },
      response: { statusCode: 301 },
      redirectRequest: { scheme: 'https' },
      namespace: ns,
    }, {
      request: { path: '/scheme-and-host-and-status', unfollowRedirect: true },
      response: { statusCode: 302 },
      redirectRequest: { scheme: 'https', host: 'example.org' },
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
