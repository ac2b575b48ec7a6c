// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-cross-namespace-backend-ref.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidCrossNamespaceBackendRef: ConformanceTest = {
  shortName: 'HTTPRouteInvalidCrossNamespaceBackendRef',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace should set a ResolvedRefs status False with reason RefNotPermitted when attempting to bind to a Gateway in the same namespace if the route has a BackendRef Service in the gateway-conformance-web-backend namespace and a ReferenceGrant granting permission to route to that Service does not exist',
  upstream: 'tests/httproute-invalid-cross-namespace-backend-ref.go',
  features: ['Gateway', 'HTTPRoute', 'ReferenceGrant'],
  manifests: ['tests/httproute-invalid-cross-namespace-backend-ref.yaml'],
  async test(t, s) {
    const routeNN = { name: 'invalid-cross-namespace-backend-ref', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    // The Route must be Attached.
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('HTTPRoute with a cross-namespace BackendRef and no ReferenceGrant has a ResolvedRefs Condition with status False and Reason RefNotPermitted', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));

    await t.run('HTTP Request to invalid cross-namespace backend must receive a 500', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { request: { method: 'GET', path: '/' }, response: { statusCode: 500 } }));
  },
};
