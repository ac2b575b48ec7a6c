// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-path-match-order.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRoutePathMatchOrder: ConformanceTest = {
  shortName: 'HTTPRoutePathMatchOrder',
  description: 'An HTTPRoute where there are multiple matches routing to any given backend follows match order precedence',
  upstream: 'tests/httproute-path-match-order.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-path-match-order.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { namespace: ns, name: 'path-matching-order' };
    const gwNN = { namespace: ns, name: 'same-namespace' };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await runRequestCases(t, s, gwAddr, [
      { request: { path: '/match/exact/one' }, backend: INFRA_BACKEND_V3, namespace: ns },
      { request: { path: '/match/exact' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/match' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/match/prefix/one/any' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { path: '/match/prefix/any' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { path: '/match/any' }, backend: INFRA_BACKEND_V3, namespace: ns },
    ]);
  },
};
