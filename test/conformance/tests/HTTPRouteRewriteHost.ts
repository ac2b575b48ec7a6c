// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-rewrite-host.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRewriteHost: ConformanceTest = {
  shortName: 'HTTPRouteRewriteHost',
  description: 'An HTTPRoute with hostname rewrite filter',
  upstream: 'tests/httproute-rewrite-host.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteHostRewrite'],
  manifests: ['tests/httproute-rewrite-host.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'rewrite-host', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/one', host: 'rewrite.example' },
      expectedRequest: { path: '/one', host: 'one.example.org' },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/two', host: 'rewrite.example' },
      expectedRequest: { path: '/two', host: 'example.org' },
      backend: INFRA_BACKEND_V2,
      namespace: ns,
    }, {
      request: { path: '/rewrite-host-and-modify-headers', host: 'rewrite.example', headers: { 'X-Header-Remove': 'remove-val', 'X-Header-Add-Append': 'append-val-1' } },
      expectedRequest: {
        path: '/rewrite-host-and-modify-headers',
        host: 'test.example.org',
        headers: { 'X-Header-Add': 'header-val-1', 'X-Header-Add-Append': 'append-val-1,header-val-2', 'X-Header-Set': 'set-overwrites-values' },
        absentHeaders: ['X-Header-Remove'],
      },
      backend: INFRA_BACKEND_V2,
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
