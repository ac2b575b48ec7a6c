// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-reference-grant.go
import { INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteReferenceGrant: ConformanceTest = {
  shortName: 'HTTPRouteReferenceGrant',
  description: 'A single HTTPRoute in the gateway-conformance-infra namespace, with a backendRef in the gateway-conformance-web-backend namespace, should attach to Gateway in the gateway-conformance-infra namespace',
  upstream: 'tests/httproute-reference-grant.go',
  features: ['Gateway', 'HTTPRoute', 'ReferenceGrant'],
  manifests: ['tests/httproute-reference-grant.yaml'],
  async test(t, s) {
    const routeNN = { name: 'reference-grant', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('Simple HTTP request should reach web-backend', (t) => makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
      request: { method: 'GET', path: '/' },
      response: { statusCode: 200 },
      backend: 'web-backend',
      namespace: WEB_BACKEND_NAMESPACE,
    }));

    s.delete('ReferenceGrant', WEB_BACKEND_NAMESPACE, 'reference-grant');

    await t.run('Simple HTTP request should return 500 after deleting the relevant reference grant', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { request: { method: 'GET', path: '/' }, response: { statusCode: 500 } }));
  },
};
