// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteMatching: ConformanceTest = {
  shortName: 'HTTPRouteMatching',
  description: 'A single HTTPRoute with path and header matching for different backends',
  upstream: 'tests/httproute-matching.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'matching', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await runRequestCases(t, s, gwAddr, [
      { request: { path: '/' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/example' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/', headers: { Version: 'one' } }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/v2' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/v2/example' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/', headers: { Version: 'two' } }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/v2/' }, backend: INFRA_BACKEND_V2, namespace: ns },
      // Not a path segment prefix so should not match /v2.
      { request: { path: '/v2example' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/foo/v2/example' }, backend: INFRA_BACKEND_V1, namespace: ns },
    ]);
  },
};
