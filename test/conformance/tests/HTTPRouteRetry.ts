// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-retry.go
import { randomUUID } from 'node:crypto';
import { INFRA_BACKEND_V3, INFRA_NAMESPACE, type Harness } from '../harness';
import { awaitConvergence, captureRoundTrip, compareRoundTrip, makeRequest, type ExpectedResponse, type Response } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export interface RetryCase {
  name: string;
  path: string;
  /** echo-basic's retry simulation parameters (responseCode, succeedAfter); uuid is added per probe. */
  retrySimulationConfig: Record<string, string>;
  want: Response;
}

export const HTTPRouteRetry: ConformanceTest = {
  shortName: 'HTTPRouteRetry',
  description: 'An HTTPRoute that has a Retry policy configured should retry failed requests according to the specified codes and attempt limits, returning a successful response when the backend recovers within the retry budget and surfacing the original error when it does not.',
  upstream: 'tests/httproute-retry.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRetryCodes'],
  manifests: ['tests/httproute-retry.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'retries', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const attempts3 = '/retry/code-500-attempts-3';
    const attempts2 = '/retry/code-all-attempts-2';
    const attempts0 = '/retry/code-all-attempts-0';
    const testCases: RetryCase[] = [
      { name: 'succeeds after 2 retries when retry is configured for status code 500 and max attempts is 3', path: attempts3, retrySimulationConfig: { responseCode: '500', succeedAfter: '2' }, want: { statusCode: 200 } },
      { name: 'fails when required retries on 500 exceed max attempts', path: attempts3, retrySimulationConfig: { responseCode: '500', succeedAfter: '4' }, want: { statusCode: 500 } },
      { name: 'does not retry on 503 when retry is only configured for status code 500', path: attempts3, retrySimulationConfig: { responseCode: '503', succeedAfter: '2' }, want: { statusCode: 503 } },
      { name: 'succeeds after 1 retry on 500 when retry is configured for all status code and max attempts is 2', path: attempts2, retrySimulationConfig: { responseCode: '500', succeedAfter: '1' }, want: { statusCode: 200 } },
      { name: 'fails when required retries on 500 exceed max attempts', path: attempts2, retrySimulationConfig: { responseCode: '500', succeedAfter: '3' }, want: { statusCode: 500 } },
      { name: 'succeeds after 1 retry on 502 when retry is configured for all status code and max attempts is 2', path: attempts2, retrySimulationConfig: { responseCode: '502', succeedAfter: '1' }, want: { statusCode: 200 } },
      { name: 'fails when required retries on 502 exceed max attempts', path: attempts2, retrySimulationConfig: { responseCode: '502', succeedAfter: '3' }, want: { statusCode: 502 } },
      { name: 'succeeds after 1 retry on 503 when retry is configured for all status code and max attempts is 2', path: attempts2, retrySimulationConfig: { responseCode: '503', succeedAfter: '1' }, want: { statusCode: 200 } },
      { name: 'fails when required retries on 503 exceed max attempts', path: attempts2, retrySimulationConfig: { responseCode: '503', succeedAfter: '3' }, want: { statusCode: 503 } },
      { name: 'succeeds after 1 retry on 504 when retry is configured for all status code and max attempts is 2', path: attempts2, retrySimulationConfig: { responseCode: '504', succeedAfter: '1' }, want: { statusCode: 200 } },
      { name: 'fails when required retries on 504 exceed max attempts', path: attempts2, retrySimulationConfig: { responseCode: '504', succeedAfter: '3' }, want: { statusCode: 504 } },
      ...['500', '502', '503', '504'].map((code) => ({ name: `does not retry on ${code} when attempts are set to 0`, path: attempts0, retrySimulationConfig: { responseCode: code, succeedAfter: '1' }, want: { statusCode: Number(code) } })),
    ];
    await t.parallel(testCases.map((tc, i) => [`${i} request to '${tc.path}' ${tc.name}`, (st: T) => assertConsistentRetryBehaviour(st, s, gwAddr, ns, tc)] as const));
  },
};

/** Go's url.Values.Encode: keys sorted, form-encoded. */
function encodeValues(values: Record<string, string>): string {
  return Object.keys(values).sort().map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(values[k])}`).join('&');
}

/** assertConsistentRetryBehaviour (shared with tests/httproute-retry-with-timeouts.go upstream). */
export async function assertConsistentRetryBehaviour(t: T, s: Harness, gwAddr: string, ns: string, tc: RetryCase): Promise<void> {
  await awaitConvergence(t, s, s.timeouts.requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, async () => {
    // A new uuid per probe, so the backend's retry simulation counts each probe's attempts apart.
    const values = { ...tc.retrySimulationConfig, uuid: randomUUID() };
    const expected: ExpectedResponse = {
      request: { path: `${tc.path}?${encodeValues(values)}` },
      response: tc.want,
      backend: INFRA_BACKEND_V3,
      namespace: ns,
    };
    const req = makeRequest(expected, gwAddr, 'HTTP', 'http');
    try {
      const { cReq, cRes } = await captureRoundTrip(req, s.timeouts.requestTimeout);
      const problem = compareRoundTrip(req, cReq, cRes, expected);
      return problem === null ? null : `response expectation failed: ${problem} (${req.path})`;
    } catch (err) {
      return `request failed, not ready yet: ${(err as Error).message}`;
    }
  });
  t.log('Request passed');
}
