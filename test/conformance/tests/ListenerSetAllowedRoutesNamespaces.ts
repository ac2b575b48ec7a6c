// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-allowed-routes-namespaces.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, gatewayRef, httpRouteMustHaveCondition, listenerSetStatusMustHaveListeners, namespacesMustBeReady, resourceRef, routesAndParentMustBeAccepted, waitForGatewayAddress } from '../kubernetes';
import type { ConformanceTest } from '../types';
import { generateAcceptedListenerConditions } from './ListenerSetAllowedNamespaceSame';
import { generateSupportedRouteKinds } from './ListenerSetHTTPRouting';

export const ListenerSetAllowedRoutesNamespaces: ConformanceTest = {
  shortName: 'ListenerSetAllowedRoutesNamespaces',
  description: 'ListenerSet listeners allow routes from the specified namespace',
  upstream: 'tests/listenerset-allowed-routes-namespaces.go',
  features: ['Gateway', 'ListenerSet', 'HTTPRoute', 'ReferenceGrant'],
  manifests: ['tests/listenerset-allowed-routes-namespaces.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-with-listener-sets-test-allowed-routes', namespace: ns };
    const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, 'gateway-listener'));
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 2);

    await t.run('Same-namespace ListenerSet', async (st) => {
      const lsNN = { name: 'listenerset-test-allowed-routes-namespaces', namespace: ns };
      const routes = [
        { name: 'route-in-same-namespace', namespace: ns },
        { name: 'route-in-selected-namespace', namespace: 'gateway-api-routes-allowed-ns' },
        { name: 'route-not-in-selected-namespace', namespace: 'gateway-api-routes-not-allowed-ns' },
      ];
      await routesAndParentMustBeAccepted(st, s, resourceRef('ListenerSet', lsNN), routes);
      await listenerSetStatusMustHaveListeners(st, s, lsNN, [
        // route-in-same-namespace, route-in-selected-namespace, route-not-in-selected-namespace
        { name: 'listener-set-listener-allowed-routes-all', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 3, conditions: generateAcceptedListenerConditions() },
        // route-in-same-namespace
        { name: 'listener-set-listener-allowed-routes-same', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 1, conditions: generateAcceptedListenerConditions() },
        // route-in-selected-namespace
        { name: 'listener-set-listener-allowed-routes-selector', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 1, conditions: generateAcceptedListenerConditions() },
      ]);

      const all = 'listener-set-listener-allowed-routes-all.com';
      const same = 'listener-set-listener-allowed-routes-same.com';
      const selector = 'listener-set-listener-allowed-routes-selector.com';
      const testCases: ExpectedResponse[] = [
        // Every route answers on listener-set-listener-allowed-routes-all.
        { request: { host: all, path: '/route-in-same-namespace' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: all, path: '/route-in-selected-namespace' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: all, path: '/route-not-in-selected-namespace' }, backend: INFRA_BACKEND_V3, namespace: ns },
        // Only the route in the same namespace on listener-set-listener-allowed-routes-same.
        { request: { host: same, path: '/route-in-same-namespace' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: same, path: '/route-in-selected-namespace' }, response: { statusCode: 404 } },
        { request: { host: same, path: '/route-not-in-selected-namespace' }, response: { statusCode: 404 } },
        // Only the route in the selected namespace on listener-set-listener-allowed-routes-selector.
        { request: { host: selector, path: '/route-in-same-namespace' }, response: { statusCode: 404 } },
        { request: { host: selector, path: '/route-in-selected-namespace' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: selector, path: '/route-not-in-selected-namespace' }, response: { statusCode: 404 } },
      ];
      await runRequestCases(st, s, gwAddr, testCases);
    });

    await t.run('Cross-namespace ListenerSet', async (st) => {
      const lsNS = 'gateway-api-ls-cross-ns';
      const lsNN = { name: 'listenerset-test-allowed-routes-cross-ns', namespace: lsNS };
      await routesAndParentMustBeAccepted(st, s, resourceRef('ListenerSet', lsNN), [{ name: 'route-in-listenerset-namespace', namespace: lsNS }]);

      const routeInGWNS = { name: 'route-in-gateway-namespace', namespace: ns };
      await httpRouteMustHaveCondition(st, s, routeInGWNS, lsNN, { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners' });

      await listenerSetStatusMustHaveListeners(st, s, lsNN, [
        // Only route-in-listenerset-namespace attaches (the ListenerSet's namespace).
        { name: 'listener-set-listener-allowed-routes-cross-ns-same', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 1, conditions: generateAcceptedListenerConditions() },
      ]);

      const host = 'listener-set-listener-allowed-routes-cross-ns-same.com';
      await runRequestCases(st, s, gwAddr, [
        { request: { host, path: '/route-in-listenerset-namespace' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host, path: '/route-in-gateway-namespace' }, response: { statusCode: 404 } },
      ]);
    });
  },
};
