// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-default-not-allowed.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, listenerSetMustHaveCondition, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const ListenerSetDefaultNotAllowed: ConformanceTest = {
  shortName: 'ListenerSetDefaultNotAllowed',
  description: 'Listener Sets are not allowed on the Gateway by default (i.e. when `allowedListeners` is not set)',
  upstream: 'tests/listenerset-default-not-allowed.go',
  features: ['Gateway', 'ListenerSet'],
  manifests: ['tests/listenerset-default-not-allowed.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-default-does-not-allow-listenerset', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    // Rejected: gateway-conformance-infra/listenerset-not-allowed (the Gateway allows no ListenerSets).
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 0);

    const disallowedLsNN = { name: 'listenerset-default-not-allowed', namespace: ns };
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Accepted', status: 'False', reason: 'NotAllowed' });
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Programmed', status: 'False', reason: 'NotAllowed' });
  },
};
