// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-retry-connection-error.go
import { INFRA_NAMESPACE } from '../harness';
import { attemptRequest, awaitConvergence, makeRequest, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteRetryConnectionError: ConformanceTest = {
  shortName: 'HTTPRouteRetryConnectionError',
  description: 'An HTTPRoute configured with a Retry policy should retry requests that fail due to TCP connection resets up to the configured maximum number of attempts, returning a successful response only when the backend recovers within the retry budget.',
  upstream: 'tests/httproute-retry-connection-error.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRetryConnectionError'],
  manifests: ['tests/httproute-retry-connection-error.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'retries-connection-error', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
    await namespacesMustBeReady(t, s, [ns]);

    // Upstream's dedicated timeout config: 10 consecutive successes, so that a run is very
    // unlikely to miss the unhealthy backend.
    const requiredConsecutiveSuccesses = 10;
    const expected: ExpectedResponse = {
      request: { path: '/retry-on-connection-errors' },
      response: { statusCode: 200 },
      backend: 'infra-backend-connection-error-healthy',
      namespace: ns,
    };
    const req = makeRequest(expected, gwAddr, 'HTTP', 'http');
    await awaitConvergence(t, s, requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, () => attemptRequest(s, req, expected));
  },
};
