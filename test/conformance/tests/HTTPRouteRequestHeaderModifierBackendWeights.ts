// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-request-header-modifier-backend-weights.go
import { INFRA_NAMESPACE } from '../harness';
import { captureRoundTrip, makeRequest, makeRequestAndExpectEventuallyConsistentResponse, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRequestHeaderModifierBackendWeights: ConformanceTest = {
  shortName: 'HTTPRouteRequestHeaderModifierBackendWeights',
  description: 'An HTTPRoute with backend request header modifier filter sends traffic to the correct backends',
  upstream: 'tests/httproute-request-header-modifier-backend-weights.go',
  features: ['Gateway', 'HTTPRouteBackendRequestHeaderModification', 'HTTPRoute'],
  manifests: ['tests/httproute-request-header-modifier-backend-weights.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'request-header-modifier-backend-weights', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const expected: ExpectedResponse = { request: { path: '/' }, response: { statusCode: 200 }, namespace: INFRA_NAMESPACE };
    const req = makeRequest(expected, gwAddr, 'HTTP', 'http');
    // Assert request succeeds before checking traffic.
    await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, expected);

    for (let i = 0; i < 100; i++) {
      t.checkDeadline();
      const { cReq } = await captureRoundTrip(req, s.timeouts.requestTimeout).catch((err: Error) => t.fatal(`failed to roundtrip request: ${err.message}`));
      // Go's cReq.Headers["Backend"]: echo-basic reports canonical names.
      const expectedBackends = Object.entries(cReq.headers).filter(([n]) => n.toLowerCase() === 'backend').flatMap(([, v]) => v);
      if (expectedBackends.length !== 1) t.fatal(`expected a single 'Backend' header to have been set, got ${expectedBackends.length}`);
      if (!cReq.pod.startsWith(expectedBackends[0])) {
        t.fatal(`expected the backendRef to have set the correct headers and sent the request to the correct pod, got ${JSON.stringify(cReq.pod)}, want ${JSON.stringify(expectedBackends[0])}`);
      }
    }
  },
};
