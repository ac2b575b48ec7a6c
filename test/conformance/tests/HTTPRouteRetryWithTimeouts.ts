// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-retry-with-timeouts.go
import { INFRA_NAMESPACE, type Harness } from '../harness';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';
import { assertConsistentRetryBehaviour, type RetryCase } from './HTTPRouteRetry';

const REQUEST_TIMEOUT_PATH = '/retry/request-timeout-500ms';
const BACKEND_TIMEOUT_PATH = '/retry/backend-timeout-500ms';

/** Both tests of the file: the same manifests and route, their own cases, run one after the other. */
async function runRetryCases(t: T, s: Harness, testCases: readonly RetryCase[]): Promise<void> {
  const ns = INFRA_NAMESPACE;
  const routeNN = { name: 'retries-with-timeouts', namespace: ns };
  const gwNN = { name: 'same-namespace', namespace: ns };
  const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
  await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
  for (const [i, tc] of testCases.entries()) {
    await t.run(`${i} request to '${tc.path}' ${tc.name}`, (st) => assertConsistentRetryBehaviour(st, s, gwAddr, ns, tc));
  }
}

export const HTTPRouteRetryWithRequestTimeout: ConformanceTest = {
  shortName: 'HTTPRouteRetryWithRequestTimeout',
  description: 'An HTTPRoute that has both Retry and Timeout policies configured should retry failed requests only while the configured timeouts permit, returning a successful response when the backend recovers within the timeout budget.',
  upstream: 'tests/httproute-retry-with-timeouts.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRetryCodes', 'HTTPRouteRequestTimeout'],
  provisional: true,
  manifests: ['tests/httproute-retry-with-timeouts.yaml'],
  test: (t, s) => runRetryCases(t, s, [
    { name: 'succeeds when retries complete within the request timeout', path: REQUEST_TIMEOUT_PATH, retrySimulationConfig: { responseCode: '500', succeedAfter: '1' }, want: { statusCode: 200 } },
    { name: 'fails with 504 when the sum of retry delays exceed the request timeout', path: REQUEST_TIMEOUT_PATH, retrySimulationConfig: { responseCode: '500', succeedAfter: '2', delayRetry: '300ms' }, want: { statusCode: 504 } },
  ]),
};

export const HTTPRouteRetryWithBackendTimeout: ConformanceTest = {
  shortName: 'HTTPRouteRetryWithBackendTimeout',
  description: 'An HTTPRoute with both Retry and Timeout policies should succeed when retry attempts complete within the configured timeouts, and fail with a 504 when retry delays exceed them.',
  upstream: 'tests/httproute-retry-with-timeouts.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRetryCodes', 'HTTPRouteRequestTimeout', 'HTTPRouteBackendTimeout'],
  provisional: true,
  manifests: ['tests/httproute-retry-with-timeouts.yaml'],
  test: (t, s) => runRetryCases(t, s, [
    { name: 'succeeds when retry attempt complete within the backend timeout', path: BACKEND_TIMEOUT_PATH, retrySimulationConfig: { responseCode: '500', succeedAfter: '2', delayRetry: '100ms', delay: '100ms' }, want: { statusCode: 200 } },
    // Upstream sends this case to the request-timeout rule's path too.
    { name: 'fails with 504 when retry delay exceed the backend timeout', path: REQUEST_TIMEOUT_PATH, retrySimulationConfig: { responseCode: '500', succeedAfter: '2', delayRetry: '1s', delay: '1s' }, want: { statusCode: 504 } },
  ]),
};
