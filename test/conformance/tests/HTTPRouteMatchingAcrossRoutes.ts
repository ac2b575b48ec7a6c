// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-matching-across-routes.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteMatchingAcrossRoutes: ConformanceTest = {
  shortName: 'HTTPRouteMatchingAcrossRoutes',
  description: 'Two HTTPRoutes with path matching for different backends',
  upstream: 'tests/httproute-matching-across-routes.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-matching-across-routes.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN1 = { name: 'matching-part1', namespace: ns };
    const routeNN2 = { name: 'matching-part2', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN1, routeNN2);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN1, gwNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN2, gwNN);

    await runRequestCases(t, s, gwAddr, [
      { request: { host: 'example.com', path: '/' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'example.com', path: '/example' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'example.net', path: '/example' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'example.com', path: '/example', headers: { Version: 'one' } }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'example.com', path: '/v2' }, backend: INFRA_BACKEND_V2, namespace: ns },
      // v2 matches are limited to example.com
      { request: { host: 'example.net', path: '/v2' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'example.com', path: '/v2/example' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { host: 'example.com', path: '/', headers: { Version: 'two' } }, backend: INFRA_BACKEND_V2, namespace: ns },
    ]);
  },
};
