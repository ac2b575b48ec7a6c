// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-redirect-host-and-status.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRedirectHostAndStatus: ConformanceTest = {
  shortName: 'HTTPRouteRedirectHostAndStatus',
  description: 'An HTTPRoute with hostname and statusCode redirect filters',
  upstream: 'tests/httproute-redirect-host-and-status.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-redirect-host-and-status.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'redirect-host-and-status', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await runRequestCases(t, s, gwAddr, [
      {
        request: { path: '/hostname-redirect', unfollowRedirect: true },
        response: { statusCode: 302 },
        redirectRequest: { host: 'example.org' },
        namespace: ns,
      },
      {
        request: { path: '/host-and-status', unfollowRedirect: true },
        response: { statusCode: 301 },
        redirectRequest: { host: 'example.org' },
        namespace: ns,
      },
    ]);
  },
};
