// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-backend-url-rewrite.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteBackendURLRewrite: ConformanceTest = {
  shortName: 'HTTPRouteBackendURLRewrite',
  description: 'An HTTPRoute with URLRewrite filter applied at the BackendRef level',
  upstream: 'tests/httproute-backend-url-rewrite.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteBackendURLRewrite'],
  provisional: true,
  manifests: ['tests/httproute-backend-url-rewrite.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backend-url-rewrite', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await runRequestCases(t, s, gwAddr, [
      { request: { path: '/full/original' }, expectedRequest: { path: '/rewritten-full' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/prefix/original' }, expectedRequest: { path: '/rewritten-prefix/original' }, backend: INFRA_BACKEND_V1, namespace: ns },
    ]);
  },
};
