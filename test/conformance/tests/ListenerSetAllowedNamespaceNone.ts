// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-allowed-namespace-none.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, listenerSetMustHaveCondition, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const ListenerSetAllowedNamespaceNone: ConformanceTest = {
  shortName: 'ListenerSetAllowedNamespaceNone',
  description: 'Listener Sets are not allowed on the Gateway when `allowedListeners` is set to `None`',
  upstream: 'tests/listenerset-allowed-namespace-none.go',
  features: ['Gateway', 'ListenerSet'],
  manifests: ['tests/listenerset-allowed-namespace-none.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-does-not-allow-listenerset', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    // Rejected: gateway-conformance-infra/listenerset-not-allowed (the Gateway allows no ListenerSets).
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 0);

    const disallowedLsNN = { name: 'listenerset-not-allowed', namespace: ns };
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Accepted', status: 'False', reason: 'NotAllowed' });
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Programmed', status: 'False', reason: 'NotAllowed' });
  },
};
