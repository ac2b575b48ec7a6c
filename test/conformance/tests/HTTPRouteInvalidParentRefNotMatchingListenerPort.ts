// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-parentref-not-matching-listener-port.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, httpRouteMustHaveCondition, httpRouteMustHaveNoAcceptedParents, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidParentRefNotMatchingListenerPort: ConformanceTest = {
  shortName: 'HTTPRouteInvalidParentRefNotMatchingListenerPort',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should set the Accepted status to False with reason NoMatchingParent when attempting to bind to a Gateway that does not have a matching ListenerPort.',
  upstream: 'tests/httproute-invalid-parentref-not-matching-listener-port.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteDestinationPortMatching'],
  manifests: ['tests/httproute-invalid-parentref-not-matching-listener-port.yaml'],
  async test(t, s) {
    const routeNN = { name: 'httproute-listener-not-matching-route-port', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('HTTPRoute with no matching port in ParentRef has an Accepted Condition with status False and Reason NoMatchingParent', async (t) => {
      await httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NoMatchingParent' });
    });
    await t.run('Route should not have Parents accepted in status', async (t) => {
      await httpRouteMustHaveNoAcceptedParents(t, s, routeNN);
    });
    await t.run('Gateway should have 0 Routes attached', async (t) => {
      await gatewayMustHaveZeroRoutes(t, s, gwNN);
    });
  },
};
