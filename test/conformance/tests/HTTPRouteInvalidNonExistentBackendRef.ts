// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-nonexistent-backendref.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidNonExistentBackendRef: ConformanceTest = {
  shortName: 'HTTPRouteInvalidNonExistentBackendRef',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should set a ResolvedRefs status False with reason BackendNotFound and return 500 when binding to a Gateway in the same namespace if the route has a BackendRef Service that does not exist',
  upstream: 'tests/httproute-invalid-nonexistent-backendref.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-invalid-nonexistent-backendref.yaml'],
  async test(t, s) {
    const routeNN = { name: 'invalid-nonexistent-backend-ref', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    // Gateway and Route must be Accepted.
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('HTTPRoute with only a nonexistent BackendRef has a ResolvedRefs Condition with status False and Reason BackendNotFound', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound' }));

    await t.run('HTTP Request to invalid nonexistent backend receive a 500', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { request: { method: 'GET', path: '/' }, response: { statusCode: 500 } }));
  },
};
