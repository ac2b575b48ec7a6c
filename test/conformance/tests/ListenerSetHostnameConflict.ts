// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-hostname-conflict.go
import { INFRA_NAMESPACE, type Harness } from '../harness';
import { gatewayListenersMustHaveConditions, gatewayMustHaveAttachedListeners, gatewayMustHaveCondition, listenerSetListenersMustHaveConditions, listenerSetMustHaveCondition, namespacesMustBeReady, type ExpectedCondition } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';
import { generateAcceptedListenerConditions } from './ListenerSetAllowedNamespaceSame';

export const ListenerSetHostnameConflict: ConformanceTest = {
  shortName: 'ListenerSetHostnameConflict',
  description: 'Validate Listener Precedence when a ListenerSet listener has a hostname conflict',
  upstream: 'tests/listenerset-hostname-conflict.go',
  features: ['Gateway', 'ListenerSet'],
  manifests: ['tests/listenerset-hostname-conflict.yaml'],
  test: (t, s) => listenerConflictPrecedence(t, s, 'hostname'),
};

/**
 * The body of listenerset-hostname-conflict.go, which listenerset-protocol-conflict.go repeats
 * with "protocol" for "hostname" in every object name and ProtocolConflict for HostnameConflict.
 */
export async function listenerConflictPrecedence(t: T, s: Harness, conflict: 'hostname' | 'protocol'): Promise<void> {
  const ns = INFRA_NAMESPACE;
  await namespacesMustBeReady(t, s, [ns]);

  const reason = conflict === 'hostname' ? 'HostnameConflict' : 'ProtocolConflict';
  const conflictedListenerConditions: ExpectedCondition[] = [
    { type: 'Accepted', status: 'False', reason },
    { type: 'Programmed', status: 'False', reason },
    { type: 'Conflicted', status: 'True', reason },
  ];

  const gwNN = { name: `gateway-with-listenerset-${conflict}-conflict`, namespace: ns };
  await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
  await gatewayListenersMustHaveConditions(t, s, gwNN, generateAcceptedListenerConditions(), ['gateway-listener']);
  // The first conflicted listener is accepted based on Listener precedence.
  await gatewayListenersMustHaveConditions(t, s, gwNN, generateAcceptedListenerConditions(), [`${conflict}-conflict-with-gateway-listener`]);
  // Accepted (at least one valid listener): listenerset-with-<conflict>-conflict-with-gateway-1 and
  // ...-with-listener-set-1. Not accepted (none): ...-with-gateway-2 and ...-with-listener-set-2.
  await gatewayMustHaveAttachedListeners(t, s, gwNN, 2);

  let lsNN = { name: `listenerset-with-${conflict}-conflict-with-gateway-1`, namespace: ns };
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'True', reason: '' });
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'True', reason: 'Programmed' });
  await listenerSetListenersMustHaveConditions(t, s, lsNN, generateAcceptedListenerConditions(), 'listener-set-1-listener');
  // The conflicted listener is not accepted.
  await listenerSetListenersMustHaveConditions(t, s, lsNN, conflictedListenerConditions, `${conflict}-conflict-with-gateway-listener`);
  // The first conflicted listener is accepted based on Listener precedence.
  await listenerSetListenersMustHaveConditions(t, s, lsNN, generateAcceptedListenerConditions(), `${conflict}-conflict-with-listener-set-listener`);

  lsNN = { name: `listenerset-with-${conflict}-conflict-with-gateway-2`, namespace: ns };
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'False', reason: 'ListenersNotValid' });
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'False', reason: 'ListenersNotValid' });
  await listenerSetListenersMustHaveConditions(t, s, lsNN, conflictedListenerConditions, `${conflict}-conflict-with-gateway-listener`);

  lsNN = { name: `listenerset-with-${conflict}-conflict-with-listener-set-1`, namespace: ns };
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'True', reason: '' });
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'True', reason: 'Programmed' });
  await listenerSetListenersMustHaveConditions(t, s, lsNN, generateAcceptedListenerConditions(), 'listener-set-2-listener');
  await listenerSetListenersMustHaveConditions(t, s, lsNN, conflictedListenerConditions, `${conflict}-conflict-with-listener-set-listener`);

  lsNN = { name: `listenerset-with-${conflict}-conflict-with-listener-set-2`, namespace: ns };
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'False', reason: 'ListenersNotValid' });
  await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'False', reason: 'ListenersNotValid' });
  await listenerSetListenersMustHaveConditions(t, s, lsNN, conflictedListenerConditions, `${conflict}-conflict-with-listener-set-listener`);
}
