// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-with-attached-routes.go (GatewayWithAttachedRoutesWithPort8080)
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

const HTTPROUTE_KIND = [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }];

export const GatewayWithAttachedRoutesWithPort8080: ConformanceTest = {
  shortName: 'GatewayWithAttachedRoutesWithPort8080',
  description: 'A Gateway in the gateway-conformance-infra namespace should be attached to routes.',
  upstream: 'tests/gateway-with-attached-routes.go',
  features: ['Gateway', 'GatewayPort8080', 'HTTPRoute'],
  manifests: ['tests/gateway-with-attached-routes-with-port-8080.yaml'],
  async test(t, s) {
    await t.run('Gateway listener should have attached route by specifying the sectionName', async (t) => {
      const gwNN = { name: 'gateway-with-two-listeners-and-one-attached-route', namespace: INFRA_NAMESPACE };
      const conditions = [{ type: 'Accepted', status: 'True' as const }, { type: 'ResolvedRefs', status: 'True' as const }];
      await gatewayStatusMustHaveListeners(t, s, gwNN, [
        { name: 'http-unattached', supportedKinds: HTTPROUTE_KIND, conditions, attachedRoutes: 0 },
        { name: 'http', supportedKinds: HTTPROUTE_KIND, conditions, attachedRoutes: 1 },
      ]);
    });
  },
};
