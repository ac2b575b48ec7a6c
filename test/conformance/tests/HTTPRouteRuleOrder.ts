// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-rule-order.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveCondition, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRuleOrder: ConformanceTest = {
  shortName: 'HTTPRouteRuleOrder',
  description: 'HTTPRoutes with identical matches grant precedence to the first matching rule',
  upstream: 'tests/httproute-rule-order.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-rule-order.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'rule-order', namespace: ns };
    const invalidBackendRouteNN = { name: 'rule-order-invalid-backend', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN, invalidBackendRouteNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
    // HTTPRouteMustHaveResolvedRefsMustHaveBackendsNotFound
    await httpRouteMustHaveCondition(t, s, invalidBackendRouteNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound' });

    await runRequestCases(t, s, gwAddr, [
      {
        testCaseName: 'first matching rule routes to its backend',
        request: { path: '/rule-order', headers: { 'x-color': 'blue', 'x-version': 'one' } },
        backend: INFRA_BACKEND_V1,
        namespace: ns,
      },
      {
        testCaseName: 'invalid first matching rule returns 500',
        request: { path: '/rule-order-invalid-backend' },
        response: { statusCode: 500 },
      },
    ]);
  },
};
