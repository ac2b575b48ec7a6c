// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-cross-namespace-parent-ref.go
import { INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, httpRouteMustHaveCondition, httpRouteMustHaveNoAcceptedParents, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidCrossNamespaceParentRef: ConformanceTest = {
  shortName: 'HTTPRouteInvalidCrossNamespaceParentRef',
  description: 'A single HTTPRoute in the gateway-conformance-web-backend namespace should fail to attach to a Gateway in another namespace that it is not allowed to',
  upstream: 'tests/httproute-invalid-cross-namespace-parent-ref.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-invalid-cross-namespace-parent-ref.yaml'],
  async test(t, s) {
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    const routeNN = { name: 'invalid-cross-namespace-parent-ref', namespace: WEB_BACKEND_NAMESPACE };
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('HTTPRoute should have an Accepted: false condition with reason NotAllowedByListeners', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners' }));

    await t.run('Route should not have Parents set in status', (t) => httpRouteMustHaveNoAcceptedParents(t, s, routeNN));

    await t.run('Gateway should have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, gwNN));
  },
};
