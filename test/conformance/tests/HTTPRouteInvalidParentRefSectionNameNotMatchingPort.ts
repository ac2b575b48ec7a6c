// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-parentref-section-name-not-matching-port.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, httpRouteMustHaveCondition, httpRouteMustHaveNoAcceptedParents } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidParentRefSectionNameNotMatchingPort: ConformanceTest = {
  shortName: 'HTTPRouteInvalidParentRefSectionNameNotMatchingPort',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should set the Accepted status to False with reason NoMatchingParent when attempting to bind to a Gateway that SectionName does not match Port value.',
  upstream: 'tests/httproute-invalid-parentref-section-name-not-matching-port.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteParentRefPort'],
  manifests: ['tests/httproute-invalid-parentref-section-name-not-matching-port.yaml'],
  async test(t, s) {
    const routeNN = { name: 'httproute-listener-section-name-not-matching-port', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'gateway-with-one-not-matching-port-and-section-name-route', namespace: INFRA_NAMESPACE };

    await t.run('HTTPRoute with sectionName does not match Port in ParentRef has an Accepted Condition with status False and Reason NoMatchingParent', async (t) => {
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
