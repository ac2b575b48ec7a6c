// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-secret-missing-reference-grant.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewaySecretMissingReferenceGrant: ConformanceTest = {
  shortName: 'GatewaySecretMissingReferenceGrant',
  description: 'A Gateway in the gateway-conformance-infra namespace should fail to become programmed if the Gateway has a certificateRef for a Secret in the gateway-conformance-web-backend namespace and a ReferenceGrant granting permission to the Secret does not exist, regardless of whether the Secret exists',
  upstream: 'tests/gateway-secret-missing-reference-grant.go',
  features: ['Gateway', 'ReferenceGrant'],
  manifests: ['tests/gateway-secret-missing-reference-grant.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-secret-missing-reference-grant', namespace: INFRA_NAMESPACE };
    await t.run('Gateway listener should have a false ResolvedRefs condition with reason RefNotPermitted', async (t) => {
      await gatewayStatusMustHaveListeners(t, s, gwNN, ['https', 'https-nonexistent-secret'].map((name) => ({
        name,
        supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }],
        conditions: [{ type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }],
        attachedRoutes: 0,
      })));
    });
  },
};
