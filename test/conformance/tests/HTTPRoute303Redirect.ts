// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-303-redirect.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRoute303Redirect: ConformanceTest = {
  shortName: 'HTTPRoute303Redirect',
  description: 'An HTTPRoute with a 303 redirect filter',
  upstream: 'tests/httproute-303-redirect.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoute303RedirectStatusCode'],
  manifests: ['tests/httproute-303-redirect.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: '303-redirect', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/see-other', unfollowRedirect: true, method: 'POST' },
      response: { statusCode: 303 },
      redirectRequest: { path: '/see-other' },
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
