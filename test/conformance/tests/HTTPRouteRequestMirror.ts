// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-request-mirror.go
import { randomUUID } from 'node:crypto';
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE, type Harness } from '../harness';
import { addRequestIDQueryParam, expectMirroredRequest, makeRequestAndExpectEventuallyConsistentResponse, testCaseName, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export const HTTPRouteRequestMirror: ConformanceTest = {
  shortName: 'HTTPRouteRequestMirror',
  description: 'An HTTPRoute with request mirror filter',
  upstream: 'tests/httproute-request-mirror.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRequestMirror'],
  manifests: ['tests/httproute-request-mirror.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'request-mirror', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/mirror' },
      expectedRequest: { path: '/mirror' },
      backend: INFRA_BACKEND_V1,
      mirroredTo: [{ name: INFRA_BACKEND_V2, namespace: ns }],
      namespace: ns,
    }, {
      request: { path: '/mirror-and-modify-headers', headers: { 'X-Header-Remove': 'remove-val', 'X-Header-Add-Append': 'append-val-1' } },
      expectedRequest: {
        path: '/mirror-and-modify-headers',
        headers: { 'X-Header-Add': 'header-val-1', 'X-Header-Add-Append': 'append-val-1,header-val-2', 'X-Header-Set': 'set-overwrites-values' },
        absentHeaders: ['X-Header-Remove'],
      },
      namespace: ns,
      backend: INFRA_BACKEND_V1,
      mirroredTo: [{ name: INFRA_BACKEND_V2, namespace: ns }],
    }];
    await runMirrorCases(t, s, gwAddr, testCases);
  },
};

/** The loop HTTPRouteRequestMirror and HTTPRouteRequestMultipleMirrors share: each case a parallel subtest with its own request id. */
export async function runMirrorCases(t: T, s: Harness, gwAddr: string, testCases: readonly ExpectedResponse[]): Promise<void> {
  await t.parallel(testCases.map((original, i) => [testCaseName(original, i), async (st: T) => {
    const tc = structuredClone(original);
    addRequestIDQueryParam(tc, randomUUID());
    const waitForMirroredRequests = expectMirroredRequest(st, s, tc.mirroredTo ?? [], tc.request.path);
    try {
      await makeRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr, tc);
    } finally {
      await waitForMirroredRequests();
    }
  }] as const));
}
