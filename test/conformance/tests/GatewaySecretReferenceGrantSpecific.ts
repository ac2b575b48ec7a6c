// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-secret-reference-grant-specific.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewaySecretReferenceGrantSpecific: ConformanceTest = {
  shortName: 'GatewaySecretReferenceGrantSpecific',
  description: 'A Gateway in the gateway-conformance-infra namespace should become programmed if the Gateway has a certificateRef for a Secret in the gateway-conformance-web-backend namespace and a ReferenceGrant granting permission to the specific Secret exists',
  upstream: 'tests/gateway-secret-reference-grant-specific.go',
  features: ['Gateway', 'ReferenceGrant'],
  manifests: ['tests/gateway-secret-reference-grant-specific.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-secret-reference-grant-specific', namespace: INFRA_NAMESPACE };
    await t.run('Gateway listener should have a true ResolvedRefs condition and a true Programmed condition', async (t) => {
      await gatewayStatusMustHaveListeners(t, s, gwNN, [{
        name: 'https',
        supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }],
        conditions: [
          { type: 'Programmed', status: 'True', reason: 'Programmed' },
          { type: 'ResolvedRefs', status: 'True' },
        ],
        attachedRoutes: 0,
      }]);
    });
  },
};
