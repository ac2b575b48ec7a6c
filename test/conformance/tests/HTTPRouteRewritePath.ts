// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-rewrite-path.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRewritePath: ConformanceTest = {
  shortName: 'HTTPRouteRewritePath',
  description: 'An HTTPRoute with path rewrite filter',
  upstream: 'tests/httproute-rewrite-path.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRoutePathRewrite'],
  manifests: ['tests/httproute-rewrite-path.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'rewrite-path', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const rewritten = (path: string, expectedPath: string): ExpectedResponse => ({ request: { path }, expectedRequest: { path: expectedPath }, backend: INFRA_BACKEND_V1, namespace: ns });
    const modifiedHeaders = { 'X-Header-Add': 'header-val-1', 'X-Header-Add-Append': 'append-val-1,header-val-2', 'X-Header-Set': 'set-overwrites-values' };
    const sentHeaders = { 'X-Header-Remove': 'remove-val', 'X-Header-Add-Append': 'append-val-1', 'X-Header-Set': 'set-val' };
    const testCases: ExpectedResponse[] = [
      rewritten('/prefix/one/two', '/one/two'),
      rewritten('/strip-prefix/three', '/three'),
      rewritten('/strip-prefix', '/'),
      rewritten('/full/one/two', '/one'),
      {
        request: { path: '/full/rewrite-path-and-modify-headers/test', headers: { ...sentHeaders } },
        expectedRequest: { path: '/test', headers: { ...modifiedHeaders }, absentHeaders: ['X-Header-Remove'] },
        backend: INFRA_BACKEND_V1,
        namespace: ns,
      },
      {
        request: { path: '/prefix/rewrite-path-and-modify-headers/one', headers: { ...sentHeaders } },
        expectedRequest: { path: '/prefix/one', headers: { ...modifiedHeaders }, absentHeaders: ['X-Header-Remove'] },
        backend: INFRA_BACKEND_V1,
        namespace: ns,
      },
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
