// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-307-redirect.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRoute307Redirect: ConformanceTest = {
  shortName: 'HTTPRoute307Redirect',
  description: 'An HTTPRoute with a 307 path redirect filter',
  upstream: 'tests/httproute-307-redirect.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoute307RedirectStatusCode'],
  manifests: ['tests/httproute-307-redirect.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: '307-redirect', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/temporary', unfollowRedirect: true },
      response: { statusCode: 307 },
      redirectRequest: { path: '/temporary' },
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
