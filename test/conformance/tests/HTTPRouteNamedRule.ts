// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-named-rule.go
import { INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteNamedRule: ConformanceTest = {
  shortName: 'HTTPRouteNamedRule',
  description: 'An HTTPRoute with a named HTTPRouteRule',
  upstream: 'tests/httproute-named-rule.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteNamedRouteRule'],
  manifests: ['tests/httproute-named-rule.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'http-named-rules', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const testCases: ExpectedResponse[] = [
      { request: { path: '/named' }, response: { statusCode: 200 }, namespace: ns },
      { request: { path: '/unnamed' }, response: { statusCode: 200 }, namespace: ns },
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
