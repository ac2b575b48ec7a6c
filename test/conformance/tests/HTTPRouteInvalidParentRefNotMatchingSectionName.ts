// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-parentref-not-matching-section-name.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, httpRouteMustHaveCondition, httpRouteMustHaveNoAcceptedParents } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidParentRefNotMatchingSectionName: ConformanceTest = {
  shortName: 'HTTPRouteInvalidParentRefNotMatchingSectionName',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should set the Accepted status to False with reason NoMatchingParent when attempting to bind to a Gateway that does not have a matching SectionName.',
  upstream: 'tests/httproute-invalid-parentref-not-matching-section-name.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-invalid-parentref-not-matching-section-name.yaml'],
  async test(t, s) {
    const routeNN = { name: 'httproute-listener-not-matching-section-name', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };

    // The Route must have an Accepted Condition with a NoMatchingParent Reason.
    await t.run('HTTPRoute with no matching sectionName in ParentRef has an Accepted Condition with status False and Reason NoMatchingParent', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NoMatchingParent' }));

    await t.run('Route should not have Parents accepted in status', (t) => httpRouteMustHaveNoAcceptedParents(t, s, routeNN));

    await t.run('Gateway should have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, gwNN));
  },
};
