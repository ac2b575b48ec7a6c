// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-dual-parentref-independence.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { runRequestCases } from '../http';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, gatewayRef, httpRouteMustHaveCondition, listenerSetStatusMustHaveListeners, namespacesMustBeReady, resourceRef, routesAndParentMustBeAccepted, waitForGatewayAddress } from '../kubernetes';
import type { ConformanceTest } from '../types';
import { generateAcceptedListenerConditions } from './ListenerSetAllowedNamespaceSame';
import { generateSupportedRouteKinds } from './ListenerSetHTTPRouting';

export const ListenerSetDualParentRefIndependence: ConformanceTest = {
  shortName: 'ListenerSetDualParentRefIndependence',
  description: 'A Route with both Gateway and ListenerSet parentRefs has independently evaluated Accepted conditions for each parentRef',
  upstream: 'tests/listenerset-dual-parentref-independence.go',
  features: ['Gateway', 'ListenerSet', 'HTTPRoute'],
  manifests: ['tests/listenerset-dual-parentref-independence.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-dual-parentref', namespace: ns };
    const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, 'gw-dual-parentref-listener'));
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 1);

    const lsNN = { name: 'ls-dual-parentref', namespace: ns };
    await listenerSetStatusMustHaveListeners(t, s, lsNN, [
      { name: 'ls-dual-parentref-listener', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 2, conditions: generateAcceptedListenerConditions() },
    ]);

    await t.run('Both parentRefs are Accepted', async (st) => {
      const dualRouteNN = { name: 'route-dual-parentref-both', namespace: ns };
      await httpRouteMustHaveCondition(st, s, dualRouteNN, gwNN, { type: 'Accepted', status: 'True' });
      await httpRouteMustHaveCondition(st, s, dualRouteNN, lsNN, { type: 'Accepted', status: 'True' });
      await runRequestCases(st, s, gwAddr, [
        { request: { host: 'gw-dual.com', path: '/dualboth' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: 'ls-dual.com', path: '/dualboth' }, backend: INFRA_BACKEND_V1, namespace: ns },
      ]);
    });

    await t.run('One of two parentRefs is Accepted', async (st) => {
      const badGWRouteNN = { name: 'route-dual-parentref-one', namespace: ns };
      await httpRouteMustHaveCondition(st, s, badGWRouteNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NoMatchingParent' });
      await httpRouteMustHaveCondition(st, s, badGWRouteNN, lsNN, { type: 'Accepted', status: 'True' });
      await routesAndParentMustBeAccepted(st, s, resourceRef('ListenerSet', lsNN), [{ name: 'route-dual-parentref-one', namespace: ns }]);
      await runRequestCases(st, s, gwAddr, [
        { request: { host: 'ls-dual.com', path: '/dualone' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'gw-dual.com', path: '/dualone' }, response: { statusCode: 404 } },
      ]);
    });
  },
};
