// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-backendref-unknown-kind.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidBackendRefUnknownKind: ConformanceTest = {
  shortName: 'HTTPRouteInvalidBackendRefUnknownKind',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should set a ResolvedRefs status False with reason InvalidKind when attempting to bind to a Gateway in the same namespace if the route has a BackendRef that points to an unknown Kind.',
  upstream: 'tests/httproute-invalid-backendref-unknown-kind.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-invalid-backendref-unknown-kind.yaml'],
  async test(t, s) {
    const routeNN = { name: 'invalid-backend-ref-unknown-kind', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    // Both the Gateway and the Route are Accepted.
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    // The Route must have a ResolvedRefs Condition with a InvalidKind Reason.
    await t.run('HTTPRoute with Invalid Kind has a ResolvedRefs Condition with status False and Reason InvalidKind', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'InvalidKind' }));

    await t.run('HTTP Request to invalid backend with invalid Kind receives a 500', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { request: { method: 'GET', path: '/v2' }, response: { statusCode: 500 } }));
  },
};
