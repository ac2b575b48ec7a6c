// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-route-status-scoped-to-parentref.go
import { INFRA_NAMESPACE } from '../harness';
import { GATEWAY_GROUP, gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, httpRouteMustHaveCondition, httpRouteMustHaveParents, listenerSetStatusMustHaveListeners, namespacesMustBeReady, resourceRef, routesAndParentMustBeAccepted } from '../kubernetes';
import type { ConformanceTest } from '../types';
import { generateAcceptedListenerConditions } from './ListenerSetAllowedNamespaceSame';
import { generateSupportedRouteKinds } from './ListenerSetHTTPRouting';

export const ListenerSetRouteStatusScopedToParentRef: ConformanceTest = {
  shortName: 'ListenerSetRouteStatusScopedToParentRef',
  description: "A Route's status.parents must contain entries only for its explicitly declared parentRefs",
  upstream: 'tests/listenerset-route-status-scoped-to-parentref.go',
  features: ['Gateway', 'ListenerSet', 'HTTPRoute'],
  manifests: ['tests/listenerset-route-status-scoped-to-parentref.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-parentref', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 1);

    const lsNN = { name: 'listenerset-parentref', namespace: ns };
    const lsRef = resourceRef('ListenerSet', lsNN);
    await listenerSetStatusMustHaveListeners(t, s, lsNN, [
      { name: 'listenerset-parentref-listener', supportedKinds: generateSupportedRouteKinds(), attachedRoutes: 1, conditions: generateAcceptedListenerConditions() },
    ]);

    await t.run('Gateway-only parentRef', async (st) => {
      const gwOnlyRouteNN = { name: 'route-parentref-gwonly', namespace: ns };
      await httpRouteMustHaveCondition(st, s, gwOnlyRouteNN, gwNN, { type: 'Accepted', status: 'True' });
      await httpRouteMustHaveParents(st, s, gwOnlyRouteNN, [{
        parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', name: 'gateway-parentref', namespace: ns },
        controllerName: s.controllerName,
        conditions: [{ type: 'Accepted', status: 'True' }],
      }], true);
    });

    await t.run('ListenerSet-only parentRef', async (st) => {
      const lsOnlyRouteNN = { name: 'route-parentref-lsonly', namespace: ns };
      await routesAndParentMustBeAccepted(st, s, lsRef, [lsOnlyRouteNN]);
      await httpRouteMustHaveParents(st, s, lsOnlyRouteNN, [{
        parentRef: { group: GATEWAY_GROUP, kind: 'ListenerSet', name: 'listenerset-parentref', namespace: ns },
        controllerName: s.controllerName,
        conditions: [{ type: 'Accepted', status: 'True' }],
      }], true);
    });
  },
};
