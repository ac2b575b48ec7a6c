// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-listener-port-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse, testCaseName, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteListenerPortMatching: ConformanceTest = {
  shortName: 'HTTPRouteListenerPortMatching',
  description: 'Multiple HTTP listeners with different ports, each with a different HTTPRoute',
  upstream: 'tests/httproute-listener-port-matching.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteParentRefPort'],
  manifests: ['tests/httproute-listener-port-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const routeNN1 = { name: 'backend-v1', namespace: ns };
    const routeNN2 = { name: 'backend-v2', namespace: ns };
    const routeNN3 = { name: 'backend-v3', namespace: ns };
    const gwNN = { name: 'httproute-listener-port-matching', namespace: ns };

    const gwAddr80 = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-1'), routeNN1);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN1, gwNN);
    const gwAddr8080 = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-2'), routeNN2);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN2, gwNN);
    const gwAddr8090 = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-4'), routeNN3);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN3, gwNN);

    const testCases: ExpectedResponse[] = [
      { request: { host: 'foo.com', path: '/' }, backend: INFRA_BACKEND_V1, namespace: ns },
      { request: { host: 'foo.com:8080', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { host: 'bar.com:8080', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
      { request: { host: 'foo.com:8090', path: '/' }, backend: INFRA_BACKEND_V3, namespace: ns },
      { request: { host: 'bar.com:8090', path: '/' }, response: { statusCode: 404 } },
    ];
    await t.parallel(testCases.map((tc, i) => [testCaseName(tc, i), (st) => {
      let gwAddr = gwAddr80;
      const hostport = (tc.request.host ?? '').split(':');
      if (hostport.length === 2) {
        if (hostport[1] === '8080') gwAddr = gwAddr8080;
        else if (hostport[1] === '8090') gwAddr = gwAddr8090;
      }
      return makeRequestAndExpectEventuallyConsistentResponse(st, s, gwAddr, tc);
    }] as const));
  },
};
