// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-308-redirect.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRoute308Redirect: ConformanceTest = {
  shortName: 'HTTPRoute308Redirect',
  description: 'An HTTPRoute with a 308 path redirect filter',
  upstream: 'tests/httproute-308-redirect.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoute308RedirectStatusCode'],
  manifests: ['tests/httproute-308-redirect.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: '308-redirect', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/permanent', unfollowRedirect: true },
      response: { statusCode: 308 },
      redirectRequest: { path: '/permanent' },
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
