// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-allowed-namespace-selector.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, listenerSetListenersMustHaveConditions, listenerSetMustHaveCondition, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';
import { generateAcceptedListenerConditions } from './ListenerSetAllowedNamespaceSame';

export const ListenerSetAllowedNamespaceSelector: ConformanceTest = {
  shortName: 'ListenerSetAllowedNamespaceSelector',
  description: 'ListenerSets in the namespaces that match the labels are allowed when `allowedListeners` is set to `Selector`',
  upstream: 'tests/listenerset-allowed-namespace-selector.go',
  features: ['Gateway', 'ListenerSet'],
  manifests: ['tests/listenerset-allowed-namespace-selector.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-allows-listenerset-in-selected-namespace', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    // Accepted: gateway-api-listenerset-selector-allowed-ns/listenerset-in-selected-namespace (its namespace matches the selector).
    // Rejected: gateway-api-listenerset-selector-not-allowed-ns/listenerset-not-in-selected-namespace.
    await gatewayMustHaveAttachedListeners(t, s, gwNN, 1);

    const lsNN = { name: 'listenerset-in-selected-namespace', namespace: 'gateway-api-listenerset-selector-allowed-ns' };
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'True', reason: 'Accepted' });
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'True', reason: 'Programmed' });
    await listenerSetListenersMustHaveConditions(t, s, lsNN, generateAcceptedListenerConditions(), 'listenerset-in-selected-namespace-listener');

    const disallowedLsNN = { name: 'listenerset-not-in-selected-namespace', namespace: 'gateway-api-listenerset-selector-not-allowed-ns' };
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Accepted', status: 'False', reason: 'NotAllowed' });
    await listenerSetMustHaveCondition(t, s, disallowedLsNN, { type: 'Programmed', status: 'False', reason: 'NotAllowed' });
  },
};
