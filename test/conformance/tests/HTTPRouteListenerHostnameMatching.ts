// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-listener-hostname-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteListenerHostnameMatching: ConformanceTest = {
  shortName: 'HTTPRouteListenerHostnameMatching',
  description: 'Multiple HTTP listeners with the same port and different hostnames, each with a different HTTPRoute',
  upstream: 'tests/httproute-listener-hostname-matching.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-listener-hostname-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    // This test creates an additional Gateway in the gateway-conformance-infra
    // namespace so we have to wait for it to be ready.
    await namespacesMustBeReady(t, s, [ns]);

    const routeNN1 = { name: 'backend-v1', namespace: ns };
    const routeNN2 = { name: 'backend-v2', namespace: ns };
    const routeNN3 = { name: 'backend-v3', namespace: ns };
    const gwNN = { name: 'httproute-listener-hostname-matching', namespace: ns };

    await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-1'), routeNN1);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN1, gwNN);
    await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-2'), routeNN2);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN2, gwNN);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-3', 'listener-4'), routeNN3);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN3, gwNN);

    await runRequestCases(t, s, gwAddr, [
      { request: { host: 'bar.com', path: '/' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'foo.bar.com', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { host: 'baz.bar.com', path: '/' }, backend: INFRA_BACKEND_V3, namespace: ns },
      { request: { host: 'boo.bar.com', path: '/' }, backend: INFRA_BACKEND_V3, namespace: ns },
      { request: { host: 'multiple.prefixes.bar.com', path: '/' }, backend: INFRA_BACKEND_V3, namespace: ns },
      { request: { host: 'multiple.prefixes.foo.com', path: '/' }, backend: INFRA_BACKEND_V3, namespace: ns },
      { request: { host: 'foo.com', path: '/' }, response: { statusCode: 404 } },
      { request: { host: 'no.matching.host', path: '/' }, response: { statusCode: 404 } },
    ]);
  },
};
