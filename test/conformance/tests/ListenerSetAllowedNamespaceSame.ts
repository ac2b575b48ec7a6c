// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-allowed-namespace-same.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, listenerSetListenersMustHaveConditions, listenerSetMustHaveCondition, namespacesMustBeReady, type ExpectedCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const ListenerSetAllowedNamespaceSame: ConformanceTest = {
  shortName: 'ListenerSetAllowedNamespaceSame',
  description: 'ListenerSets in the same namespace as the Gateway are allowed when `allowedListeners` is set to `Same`',
  upstream: 'tests/listenerset-allowed-namespace-same.go',
  features: ['Gateway', 'ListenerSet'],
  manifests: ['tests/listenerset-allowed-namespace-same.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-allows-listenerset-in-same-namespace', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    // Accepted: gateway-conformance-infra/listenerset-in-same-namespace (same namespace as the Gateway).
    // Rejected: gateway-api-listenerset-not-allowed-ns/listenerset-in-different-namespace.
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 1);

    const lsNN = { name: 'listenerset-in-same-namespace', namespace: ns };
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'True', reason: 'Accepted' });
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'True', reason: 'Programmed' });
    await listenerSetListenersMustHaveConditions(t, s, lsNN, generateAcceptedListenerConditions(), 'listenerset-in-same-namespace-listener');

    const disallowedLsNN = { name: 'listenerset-in-different-namespace', namespace: 'gateway-api-listenerset-not-allowed-ns' };
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Accepted', status: 'False', reason: 'NotAllowed' });
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Programmed', status: 'False', reason: 'NotAllowed' });
  },
};

/** generateAcceptedListenerConditions: ResolvedRefs, Accepted and Programmed True, any reason. */
export function generateAcceptedListenerConditions(): ExpectedCondition[] {
  return [
    { type: 'ResolvedRefs', status: 'True', reason: '' },
    { type: 'Accepted', status: 'True', reason: '' },
    { type: 'Programmed', status: 'True', reason: '' },
  ];
}
