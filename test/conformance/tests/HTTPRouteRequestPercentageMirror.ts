// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-request-percentage-mirror.go
import { randomUUID } from 'node:crypto';
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE, type Harness } from '../harness';
import {
  addRequestIDQueryParam, awaitConvergence, captureRoundTrip, compareRoundTrip, makeRequest, makeRequestAndExpectEventuallyConsistentResponse,
  mirrorLogRegexp, testCaseName, type ExpectedResponse,
} from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import { sleep, type T } from '../t';
import type { ConformanceTest } from '../types';

const CONCURRENT_REQUESTS = 10;
/** The acceptance band's half-width in binomial standard deviations. */
const TOLERANCE_STD_DEVS = 3.0;
const TOTAL_REQUESTS = 500.0;
const NUM_DISTRIBUTION_CHECKS = 5;

export const HTTPRouteRequestPercentageMirror: ConformanceTest = {
  shortName: 'HTTPRouteRequestPercentageMirror',
  description: 'An HTTPRoute with percentage based request mirroring',
  upstream: 'tests/httproute-request-percentage-mirror.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRequestPercentageMirror'],
  manifests: ['tests/httproute-request-percentage-mirror.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'request-percentage-mirror', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/percent-mirror' },
      namespace: ns,
      expectedRequest: { path: '/percent-mirror' },
      backend: INFRA_BACKEND_V1,
      mirroredTo: [{ name: INFRA_BACKEND_V2, namespace: ns, percent: 20 }],
    }, {
      request: { path: '/percent-mirror-fraction' },
      namespace: ns,
      expectedRequest: { path: '/percent-mirror-fraction' },
      backend: INFRA_BACKEND_V1,
      mirroredTo: [{ name: INFRA_BACKEND_V2, namespace: ns, percent: 50 }],
    }, {
      request: { path: '/percent-mirror-and-modify-headers', headers: { 'X-Header-Remove': 'remove-val', 'X-Header-Add-Append': 'append-val-1' } },
      expectedRequest: {
        path: '/percent-mirror-and-modify-headers',
        headers: { 'X-Header-Add': 'header-val-1', 'X-Header-Add-Append': 'append-val-1,header-val-2', 'X-Header-Set': 'set-overwrites-values' },
        absentHeaders: ['X-Header-Remove'],
      },
      namespace: ns,
      backend: INFRA_BACKEND_V1,
      mirroredTo: [{ name: INFRA_BACKEND_V2, namespace: ns, percent: 35 }],
    }];

    for (const [i, original] of testCases.entries()) {
      await t.run(testCaseName(original, i), async (t) => {
        const expected = structuredClone(original);
        await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, expected);
        for (let k = 0; k < NUM_DISTRIBUTION_CHECKS; k++) {
          addRequestIDQueryParam(expected, randomUUID());
          const timeNow = Date.now();
          await sendConcurrently(t, s, gwAddr, expected);
          const problem = await testMirroredRequestsDistribution(t, s, expected, timeNow);
          if (problem === null) return;
          t.log(`Traffic distribution test failed (${k + 1}/${NUM_DISTRIBUTION_CHECKS}): ${problem}`);
          await sleep(2000, t.signal);
        }
        t.fatal('Percentage based mirror distribution tests failed');
      });
    }
  },
};

/** TOTAL_REQUESTS requests, CONCURRENT_REQUESTS at a time, each "eventually consistent" with one success required. */
async function sendConcurrently(t: T, s: Harness, gwAddr: string, expected: ExpectedResponse): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, async () => {
    while (next < TOTAL_REQUESTS) {
      next++;
      const tc = structuredClone(expected);
      const req = makeRequest(tc, gwAddr, 'HTTP', 'http');
      await awaitConvergence(t, s, 1, s.timeouts.maxTimeToConsistency, async () => {
        try {
          const { cReq, cRes } = await captureRoundTrip(req, s.timeouts.requestTimeout);
          return compareRoundTrip(req, cReq, cRes, tc);
        } catch (err) {
          return `request failed: ${(err as Error).message}`;
        }
      });
    }
  }));
}

/** testMirroredRequestsDistribution: each mirror's pods logged the request a share within the band. */
async function testMirroredRequestsDistribution(t: T, s: Harness, expected: ExpectedResponse, since: number): Promise<string | null> {
  const mirrorPods = expected.mirroredTo ?? [];
  for (const [i, pod] of mirrorPods.entries()) {
    if (!pod.name) t.fatal(`Mirrored BackendRef[${i}].Name wasn't provided in the testcase, this test should only check http request mirror.`);
  }
  // Upstream reads the logs in require.Eventually, whose first tick comes after 100ms.
  await sleep(100, t.signal);
  const pattern = mirrorLogRegexp(expected.request.path);
  const errs: string[] = [];
  for (const pod of mirrorPods) {
    const actual = s.echoLogs(pod.namespace, pod.name, since).filter((l) => pattern.test(l)).length;
    const p = (pod.percent ?? 0) / 100;
    const want = TOTAL_REQUESTS * p;
    const margin = TOLERANCE_STD_DEVS * Math.sqrt(TOTAL_REQUESTS * p * (1 - p));
    t.log(`Pod: ${pod.name}, Expected: ${want} (min: ${want - margin}, max: ${want + margin}), Actual: ${actual}`);
    if (actual < want - margin || actual > want + margin) errs.push(`pod ${pod.name} did not meet the mirroring percentage within tolerance. Expected between ${want - margin} and ${want + margin}, but got ${actual}`);
  }
  return errs.length > 0 ? errs.join('; ') : null;
}
