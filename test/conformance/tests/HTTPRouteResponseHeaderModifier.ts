// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-response-header-modifier.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteResponseHeaderModifier: ConformanceTest = {
  shortName: 'HTTPRouteResponseHeaderModifier',
  description: 'An HTTPRoute has response header modifier filters applied correctly',
  upstream: 'tests/httproute-response-header-modifier.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteResponseHeaderModification'],
  manifests: ['tests/httproute-response-header-modifier.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'response-header-modifier', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [{
      request: { path: '/set' },
      backendSetResponseHeaders: { 'Some-Other-Header': 'val' },
      response: { headers: { 'Some-Other-Header': 'val', 'X-Header-Set': 'set-overwrites-values' } },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/set' },
      backendSetResponseHeaders: { 'Some-Other-Header': 'val', 'X-Header-Set': 'some-other-value' },
      response: { headers: { 'Some-Other-Header': 'val', 'X-Header-Set': 'set-overwrites-values' } },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/add' },
      backendSetResponseHeaders: { 'Some-Other-Header': 'val' },
      response: { headers: { 'Some-Other-Header': 'val', 'X-Header-Add': 'add-appends-values' } },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/add' },
      backendSetResponseHeaders: { 'Some-Other-Header': 'val', 'X-Header-Add': 'some-other-value' },
      response: { headers: { 'Some-Other-Header': 'val', 'X-Header-Add': 'some-other-value,add-appends-values' } },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/remove' },
      backendSetResponseHeaders: { 'X-Header-Remove': 'val' },
      response: { absentHeaders: ['X-Header-Remove'] },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/multiple' },
      backendSetResponseHeaders: {
        'X-Header-Set-2': 'set-val-2', 'X-Header-Add-2': 'add-val-2', 'X-Header-Remove-2': 'remove-val-2', 'Another-Header': 'another-header-val', 'X-Header-Remove-1': 'val',
      },
      response: {
        headers: {
          'X-Header-Set-1': 'header-set-1', 'X-Header-Set-2': 'header-set-2', 'X-Header-Add-1': 'header-add-1',
          'X-Header-Add-2': 'add-val-2,header-add-2', 'X-Header-Add-3': 'header-add-3', 'Another-Header': 'another-header-val',
        },
        absentHeaders: ['X-Header-Remove-1', 'X-Header-Remove-2'],
      },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: { path: '/case-insensitivity' },
      // The filter uses canonicalized header names, the backend sets lowercase names.
      backendSetResponseHeaders: {
        'x-header-set': 'original-val-set', 'x-header-add': 'original-val-add', 'x-header-remove': 'original-val-remove', 'Another-Header': 'another-header-val',
      },
      response: {
        headers: {
          'X-Header-Set': 'header-set', 'X-Header-Add': 'original-val-add,header-add', 'X-Lowercase-Add': 'lowercase-add',
          'X-Mixedcase-Add-1': 'mixedcase-add-1', 'X-Mixedcase-Add-2': 'mixedcase-add-2', 'X-Uppercase-Add': 'uppercase-add', 'Another-Header': 'another-header-val',
        },
        absentHeaders: ['x-header-remove', 'X-Header-Remove'],
      },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }, {
      request: {
        path: '/response-and-request-header-modifiers',
        headers: { 'X-Header-Remove': 'remove-val', 'X-Header-Add-Append': 'append-val-1', 'X-Header-Echo': 'echo' },
      },
      backendSetResponseHeaders: {
        'X-Header-Set-2': 'set-val-2', 'X-Header-Add-2': 'add-val-2', 'X-Header-Remove-2': 'remove-val-2', 'Another-Header': 'another-header-val',
        'X-Header-Remove-1': 'remove-val-1', 'X-Header-Echo': 'echo',
      },
      expectedRequest: {
        path: '/response-and-request-header-modifiers',
        headers: { 'X-Header-Add': 'header-val-1', 'X-Header-Set': 'set-overwrites-values', 'X-Header-Add-Append': 'append-val-1,header-val-2', 'X-Header-Echo': 'echo' },
        absentHeaders: ['X-Header-Remove'],
      },
      response: {
        headers: {
          'X-Header-Set-1': 'header-set-1', 'X-Header-Set-2': 'header-set-2', 'X-Header-Add-1': 'header-add-1',
          'X-Header-Add-2': 'add-val-2,header-add-2', 'Another-Header': 'another-header-val', 'X-Header-Echo': 'echo',
        },
        absentHeaders: ['X-Header-Remove-1', 'X-Header-Remove-2'],
      },
      backend: INFRA_BACKEND_V1,
      namespace: ns,
    }];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
