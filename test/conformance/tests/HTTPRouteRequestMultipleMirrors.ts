// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-request-multiple-mirrors.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import type { ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';
import { runMirrorCases } from './HTTPRouteRequestMirror';

export const HTTPRouteRequestMultipleMirrors: ConformanceTest = {
  shortName: 'HTTPRouteRequestMultipleMirrors',
  description: 'An HTTPRoute with multiple request mirror filters',
  upstream: 'tests/httproute-request-multiple-mirrors.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteRequestMirror', 'HTTPRouteRequestMultipleMirrors'],
  manifests: ['tests/httproute-request-multiple-mirrors.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'request-multiple-mirrors', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    const mirroredTo = [{ name: INFRA_BACKEND_V2, namespace: ns }, { name: INFRA_BACKEND_V3, namespace: ns }];
    const testCases: ExpectedResponse[] = [{
      request: { path: '/multi-mirror' },
      expectedRequest: { path: '/multi-mirror' },
      backend: INFRA_BACKEND_V1,
      mirroredTo,
      namespace: ns,
    }, {
      request: { path: '/multi-mirror-and-modify-request-headers', headers: { 'X-Header-Remove': 'remove-val', 'X-Header-Add-Append': 'append-val-1' } },
      expectedRequest: {
        path: '/multi-mirror-and-modify-request-headers',
        headers: { 'X-Header-Add': 'header-val-1', 'X-Header-Add-Append': 'append-val-1,header-val-2', 'X-Header-Set': 'set-overwrites-values' },
        absentHeaders: ['X-Header-Remove'],
      },
      namespace: ns,
      backend: INFRA_BACKEND_V1,
      mirroredTo,
    }];
    await runMirrorCases(t, s, gwAddr, testCases);
  },
};
