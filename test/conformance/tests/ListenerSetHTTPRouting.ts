// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-http-routing.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayMustHaveAttachedListeners, gatewayRef, listenerSetStatusMustHaveListeners, namespacesMustBeReady, resourceRef, routesAndParentMustBeAccepted, type RouteGroupKind } from '../kubernetes';
import type { ConformanceTest } from '../types';
import { generateAcceptedListenerConditions } from './ListenerSetAllowedNamespaceSame';

export const ListenerSetHTTPRouting: ConformanceTest = {
  shortName: 'ListenerSetHTTPRouting',
  description: 'HTTP Routing works as expected with ListenerSets',
  upstream: 'tests/listenerset-http-routing.go',
  features: ['Gateway', 'ListenerSet', 'HTTPRoute'],
  manifests: ['tests/listenerset-http-routing.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwRoutes = [
      { name: 'attaches-to-all-listeners', namespace: ns },
      { name: 'gateway-route', namespace: ns },
      { name: 'gateway-section-route', namespace: ns },
    ];
    const gwNN = { name: 'gateway-with-listener-sets-http-routing', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'gateway-listener'), ...gwRoutes);
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 2);

    // listener-set-http-routing-1
    let lsRoutes = [
      { name: 'attaches-to-all-listeners', namespace: ns },
      { name: 'listener-set-http-routing-1-route', namespace: ns },
      { name: 'listener-set-http-routing-1-section-route', namespace: ns },
    ];
    let lsNN = { name: 'listener-set-http-routing-1', namespace: ns };
    await routesAndParentMustBeAccepted(t, s, resourceRef('ListenerSet', lsNN), lsRoutes);
    await listenerSetStatusMustHaveListeners(t, s, lsNN, [
      // attaches-to-all-listeners, listener-set-http-routing-1-route, listener-set-http-routing-1-section-route
      { name: 'listener-set-http-routing-1-listener-1', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 3, conditions: generateAcceptedListenerConditions() },
      // attaches-to-all-listeners, listener-set-http-routing-1-route
      { name: 'listener-set-http-routing-1-listener-2', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 2, conditions: generateAcceptedListenerConditions() },
    ]);

    // listener-set-http-routing-2
    lsRoutes = [
      { name: 'attaches-to-all-listeners', namespace: ns },
      { name: 'listener-set-http-routing-2-route', namespace: ns },
    ];
    lsNN = { name: 'listener-set-http-routing-2', namespace: ns };
    await routesAndParentMustBeAccepted(t, s, resourceRef('ListenerSet', lsNN), lsRoutes);
    await listenerSetStatusMustHaveListeners(t, s, lsNN, [
      // attaches-to-all-listeners, listener-set-http-routing-2-route (both listeners)
      { name: 'listener-set-http-routing-2-listener-1', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 2, conditions: generateAcceptedListenerConditions() },
      { name: 'listener-set-http-routing-2-listener-2', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 2, conditions: generateAcceptedListenerConditions() },
    ]);

    const ok = (host: string, path: string, backend: string): ExpectedResponse => ({ request: { host, path }, backend, namespace: ns });
    const notFound = (host: string, path: string): ExpectedResponse => ({ request: { host, path }, response: { statusCode: 404 } });
    const gw1 = 'gateway-listener-1.com';
    const gw2 = 'gateway-listener-2.com';
    const ls11 = 'listener-set-http-routing-1-listener-1.com';
    const ls12 = 'listener-set-http-routing-1-listener-2.com';
    const ls21 = 'listener-set-http-routing-2-listener-1.com';
    const ls22 = 'listener-set-http-routing-2-listener-2.com';
    const testCases: ExpectedResponse[] = [
      // The route attached to all resources answers everywhere.
      ok(gw1, '/route', INFRA_BACKEND_V1),
      ok(gw2, '/route', INFRA_BACKEND_V1),
      ok(ls11, '/route', INFRA_BACKEND_V1),
      ok(ls12, '/route', INFRA_BACKEND_V1),
      ok(ls21, '/route', INFRA_BACKEND_V1),
      ok(ls22, '/route', INFRA_BACKEND_V1),
      // gateway-route only on the Gateway's listeners.
      ok(gw1, '/gateway-route', INFRA_BACKEND_V2),
      ok(gw2, '/gateway-route', INFRA_BACKEND_V2),
      notFound(ls11, '/gateway-route'),
      notFound(ls12, '/gateway-route'),
      notFound(ls21, '/gateway-route'),
      notFound(ls22, '/gateway-route'),
      // gateway-section-route only on gateway-listener-1.
      ok(gw1, '/gateway-section-route', INFRA_BACKEND_V3),
      notFound(gw2, '/gateway-section-route'),
      notFound(ls11, '/gateway-section-route'),
      notFound(ls12, '/gateway-section-route'),
      notFound(ls21, '/gateway-section-route'),
      notFound(ls22, '/gateway-section-route'),
      // listener-set-http-routing-1-route only on listener-set-http-routing-1's listeners.
      notFound(gw1, '/listener-set-http-routing-1-route'),
      notFound(gw2, '/listener-set-http-routing-1-route'),
      ok(ls11, '/listener-set-http-routing-1-route', INFRA_BACKEND_V2),
      ok(ls12, '/listener-set-http-routing-1-route', INFRA_BACKEND_V2),
      notFound(ls21, '/listener-set-http-routing-1-route'),
      notFound(ls22, '/listener-set-http-routing-1-route'),
      // listener-set-http-routing-1-section-route only on listener-set-http-routing-1-listener-1.
      notFound(gw1, '/listener-set-http-routing-1-section-route'),
      notFound(gw2, '/listener-set-http-routing-1-section-route'),
      ok(ls11, '/listener-set-http-routing-1-section-route', INFRA_BACKEND_V3),
      notFound(ls12, '/listener-set-http-routing-1-section-route'),
      notFound(ls21, '/listener-set-http-routing-1-section-route'),
      notFound(ls22, '/listener-set-http-routing-1-section-route'),
      // listener-set-http-routing-2-route only on listener-set-http-routing-2's listeners.
      notFound(gw1, '/listener-set-http-routing-2-route'),
      notFound(gw2, '/listener-set-http-routing-2-route'),
      notFound(ls11, '/listener-set-http-routing-2-route'),
      notFound(ls12, '/listener-set-http-routing-2-route'),
      ok(ls21, '/listener-set-http-routing-2-route', INFRA_BACKEND_V2),
      ok(ls22, '/listener-set-http-routing-2-route', INFRA_BACKEND_V2),
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};

/** generateSupportedRouteKinds: HTTPRoute of the Gateway API group. */
export function generateSupportedRouteKinds(): RouteGroupKind[] {
  return [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }];
}
