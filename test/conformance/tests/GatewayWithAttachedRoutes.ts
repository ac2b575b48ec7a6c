// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-with-attached-routes.go (GatewayWithAttachedRoutes)
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners, httpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

const HTTPROUTE_KIND = [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }];

export const GatewayWithAttachedRoutes: ConformanceTest = {
  shortName: 'GatewayWithAttachedRoutes',
  description: 'A Gateway in the gateway-conformance-infra namespace should be attached to routes.',
  upstream: 'tests/gateway-with-attached-routes.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/gateway-with-attached-routes.yaml'],
  async test(t, s) {
    await t.run('Gateway listener should have one valid http routes attached', async (t) => {
      const gwNN = { name: 'gateway-with-one-attached-route', namespace: INFRA_NAMESPACE };
      await gatewayStatusMustHaveListeners(t, s, gwNN, [{
        name: 'http',
        supportedKinds: HTTPROUTE_KIND,
        conditions: [{ type: 'Accepted', status: 'True' }, { type: 'ResolvedRefs', status: 'True' }],
        attachedRoutes: 1,
      }]);
    });

    await t.run('Gateway listener should have two valid http routes attached', async (t) => {
      const gwNN = { name: 'gateway-with-two-attached-routes', namespace: INFRA_NAMESPACE };
      await gatewayStatusMustHaveListeners(t, s, gwNN, [{
        name: 'http',
        supportedKinds: HTTPROUTE_KIND,
        conditions: [{ type: 'Accepted', status: 'True' }, { type: 'ResolvedRefs', status: 'True' }],
        attachedRoutes: 2,
      }]);
      const hrouteNA = { name: 'http-route-not-accepted', namespace: INFRA_NAMESPACE };
      await httpRouteMustHaveCondition(t, s, hrouteNA, gwNN, { type: 'Accepted', status: 'False', reason: 'NoMatchingListenerHostname' });
    });

    await t.run('Gateway listener should have AttachedRoutes set even when Gateway has unresolved refs', async (t) => {
      const gwNN = { name: 'unresolved-gateway-with-one-attached-unresolved-route', namespace: INFRA_NAMESPACE };
      await gatewayStatusMustHaveListeners(t, s, gwNN, [{
        name: 'tls',
        supportedKinds: HTTPROUTE_KIND,
        conditions: [{ type: 'Programmed', status: 'False' }, { type: 'ResolvedRefs', status: 'False' }],
        attachedRoutes: 1,
      }]);
      const hrouteNN = { name: 'http-route-4', namespace: INFRA_NAMESPACE };
      await httpRouteMustHaveCondition(t, s, hrouteNN, gwNN, { type: 'ResolvedRefs', status: 'False' });
    });
  },
};
