// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-invalid-route-kind.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayInvalidRouteKind: ConformanceTest = {
  shortName: 'GatewayInvalidRouteKind',
  description: 'A Gateway in the gateway-conformance-infra namespace should fail to become ready an invalid Route kind is specified.',
  upstream: 'tests/gateway-invalid-route-kind.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-invalid-route-kind.yaml'],
  async test(t, s) {
    await t.run('Gateway listener should have a false ResolvedRefs condition with reason InvalidRouteKinds and no supportedKinds', async (t) => {
      const gwNN = { name: 'gateway-only-invalid-route-kind', namespace: INFRA_NAMESPACE };
      await gatewayStatusMustHaveListeners(t, s, gwNN, [{
        name: 'http',
        supportedKinds: [],
        conditions: [{ type: 'ResolvedRefs', status: 'False', reason: 'InvalidRouteKinds' }],
        attachedRoutes: 0,
      }]);
    });
    await t.run('Gateway listener should have a false ResolvedRefs condition with reason InvalidRouteKinds and HTTPRoute must be put in the supportedKinds', async (t) => {
      const gwNN = { name: 'gateway-supported-and-invalid-route-kind', namespace: INFRA_NAMESPACE };
      await gatewayStatusMustHaveListeners(t, s, gwNN, [{
        name: 'http',
        supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }],
        conditions: [{ type: 'ResolvedRefs', status: 'False', reason: 'InvalidRouteKinds' }],
        attachedRoutes: 0,
      }]);
    });
  },
};
