// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-disallowed-kind.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, httpRouteMustHaveCondition, httpRouteMustHaveNoAcceptedParents, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteDisallowedKind: ConformanceTest = {
  shortName: 'HTTPRouteDisallowedKind',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should fail to attach to a Gateway with no listeners that allow the HTTPRoute kind',
  upstream: 'tests/httproute-disallowed-kind.go',
  features: ['Gateway', 'HTTPRoute', 'TLSRoute'],
  manifests: ['tests/httproute-disallowed-kind.yaml'],
  async test(t, s) {
    await namespacesMustBeReady(t, s, [INFRA_NAMESPACE]);
    const routeNN = { name: 'disallowed-kind', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'tlsroutes-only', namespace: INFRA_NAMESPACE };
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('Route should not have been accepted with reason NotAllowedByListeners', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners' }));
    await t.run('Route should not have Parents set in status', (t) => httpRouteMustHaveNoAcceptedParents(t, s, routeNN));
    await t.run('Gateway should have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, gwNN));
  },
};
