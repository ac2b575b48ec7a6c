// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-omitted-backendrefs.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteNoBackendRefs: ConformanceTest = {
  shortName: 'HTTPRouteNoBackendRefs',
  description: 'HTTPRoute rules with omitted or empty backendRefs explicitly respond with 500',
  upstream: 'tests/httproute-omitted-backendrefs.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-omitted-backendrefs.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'omitted-backendrefs', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await runRequestCases(t, s, gwAddr, [
      { request: { path: '/forward' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/omitted-no-forward' }, response: { statusCode: 500 } },
      { request: { path: '/empty-no-forward' }, response: { statusCode: 500 } },
    ]);
  },
};
