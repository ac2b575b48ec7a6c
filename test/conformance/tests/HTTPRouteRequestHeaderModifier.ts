// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-request-header-modifier.go (HTTPRouteRequestHeaderModifier)
import { INFRA_BACKEND_V1, INFRA_NAMESPACE, type Harness } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export const HTTPRouteRequestHeaderModifier: ConformanceTest = {
  shortName: 'HTTPRouteRequestHeaderModifier',
  description: 'An HTTPRoute has request header modifier filters applied correctly',
  upstream: 'tests/httproute-request-header-modifier.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-request-header-modifier.yaml'],
  test: requestHeaderModifierTest,
};

/** The body HTTPRouteBackendRequestHeaderModifier shares (upstream: Test: HTTPRouteRequestHeaderModifier.Test). */
export async function requestHeaderModifierTest(t: T, s: Harness): Promise<void> {
  const ns = INFRA_NAMESPACE;
  const routeNN = { name: 'request-header-modifier', namespace: ns };
  const gwNN = { name: 'same-namespace', namespace: ns };
  const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
  await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

  const testCases: ExpectedResponse[] = [{
    request: { path: '/set', headers: { 'Some-Other-Header': 'val' } },
    expectedRequest: { path: '/set', headers: { 'Some-Other-Header': 'val', 'X-Header-Set': 'set-overwrites-values' } },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }, {
    request: { path: '/set', headers: { 'Some-Other-Header': 'val', 'X-Header-Set': 'some-other-value' } },
    expectedRequest: { path: '/set', headers: { 'Some-Other-Header': 'val', 'X-Header-Set': 'set-overwrites-values' } },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }, {
    request: { path: '/add', headers: { 'Some-Other-Header': 'val' } },
    expectedRequest: { path: '/add', headers: { 'Some-Other-Header': 'val', 'X-Header-Add': 'add-appends-values' } },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }, {
    request: { path: '/add', headers: { 'Some-Other-Header': 'val', 'X-Header-Add': 'some-other-value' } },
    expectedRequest: { path: '/add', headers: { 'Some-Other-Header': 'val', 'X-Header-Add': 'some-other-value,add-appends-values' } },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }, {
    request: { path: '/remove', headers: { 'X-Header-Remove': 'val' } },
    expectedRequest: { path: '/remove', absentHeaders: ['X-Header-Remove'] },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }, {
    request: {
      path: '/multiple',
      headers: { 'X-Header-Set-2': 'set-val-2', 'X-Header-Add-2': 'add-val-2', 'X-Header-Remove-2': 'remove-val-2', 'Another-Header': 'another-header-val' },
    },
    expectedRequest: {
      path: '/multiple',
      headers: {
        'X-Header-Set-1': 'header-set-1',
        'X-Header-Set-2': 'header-set-2',
        'X-Header-Add-1': 'header-add-1',
        'X-Header-Add-2': 'add-val-2,header-add-2',
        'X-Header-Add-3': 'header-add-3',
        'Another-Header': 'another-header-val',
      },
      absentHeaders: ['X-Header-Remove-1', 'X-Header-Remove-2'],
    },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }, {
    // The filter uses canonicalized header names, the request uses lowercase names.
    request: {
      path: '/case-insensitivity',
      headers: { 'x-header-set': 'original-val-set', 'x-header-add': 'original-val-add', 'x-header-remove': 'original-val-remove', 'Another-Header': 'another-header-val' },
    },
    expectedRequest: {
      path: '/case-insensitivity',
      headers: { 'X-Header-Set': 'header-set', 'X-Header-Add': 'original-val-add,header-add', 'Another-Header': 'another-header-val' },
      absentHeaders: ['x-header-remove', 'X-Header-Remove'],
    },
    backend: INFRA_BACKEND_V1,
    namespace: ns,
  }];
  await runRequestCases(t, s, gwAddr, testCases);
}
