// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-partially-invalid-via-invalid-reference-grant.go
import { APP_BACKEND_NAMESPACE, INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRoutePartiallyInvalidViaInvalidReferenceGrant: ConformanceTest = {
  shortName: 'HTTPRoutePartiallyInvalidViaInvalidReferenceGrant',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should attach to a Gateway in the same namespace if the route has a backendRef Service in the gateway-conformance-app-backend namespace and a ReferenceGrant exists but does not grant permission to route to that specific Service',
  upstream: 'tests/httproute-partially-invalid-via-invalid-reference-grant.go',
  features: ['Gateway', 'HTTPRoute', 'ReferenceGrant'],
  manifests: ['tests/httproute-partially-invalid-via-invalid-reference-grant.yaml'],
  async test(t, s) {
    const routeNN = { name: 'invalid-reference-grant', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    // Route and Gateway must be Attached.
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('HTTPRoute with BackendRef in another namespace and no ReferenceGrant covering the Service has a ResolvedRefs Condition with status False and Reason RefNotPermitted', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));

    await t.run('HTTP Request to invalid backend with missing referenceGrant should receive a 500', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { request: { method: 'GET', path: '/v2' }, response: { statusCode: 500 } }));

    await t.run('HTTP Request to valid sibling backend should succeed', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        request: { method: 'GET', path: '/' },
        response: { statusCode: 200 },
        backend: 'app-backend-v1',
        namespace: APP_BACKEND_NAMESPACE,
      }));
  },
};
