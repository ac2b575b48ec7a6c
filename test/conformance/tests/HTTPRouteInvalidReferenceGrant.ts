// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-invalid-reference-grant.go
import { INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteInvalidReferenceGrant: ConformanceTest = {
  shortName: 'HTTPRouteInvalidReferenceGrant',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace, with a backendRef in another namespace without valid ReferenceGrant, should have the ResolvedRefs condition set to False and not forward HTTP requests to any backend',
  upstream: 'tests/httproute-invalid-reference-grant.go',
  features: ['Gateway', 'HTTPRoute', 'ReferenceGrant'],
  manifests: ['tests/httproute-invalid-reference-grant.yaml'],
  async test(t, s) {
    const routeNN = { name: 'reference-grant', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('HTTPRoute with BackendRef in another namespace and no ReferenceGrant covering the Service has a ResolvedRefs Condition with status False and Reason RefNotPermitted', (t) =>
      httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));

    await t.run('Simple HTTP request not should reach web-backend', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        request: { method: 'GET', path: '/' },
        response: { statusCode: 500 },
        backend: 'web-backend',
        namespace: WEB_BACKEND_NAMESPACE,
      }));
  },
};
