// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-reference-grant.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveCondition, listenerSetListenersMustHaveConditions, listenerSetMustHaveCondition, namespacesMustBeReady, type ExpectedCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const ListenerSetReferenceGrant: ConformanceTest = {
  shortName: 'ListenerSetReferenceGrant',
  description: 'ListenerSet with reference grant support',
  upstream: 'tests/listenerset-reference-grant.go',
  features: ['Gateway', 'ListenerSet', 'ReferenceGrant'],
  manifests: ['tests/listenerset-reference-grant.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-with-listener-sets-test-reference-grant', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });
    // Upstream leaves the attached count unchecked: implementations may differ on missing grants.

    const refPermittedCondition: ExpectedCondition[] = [{ type: 'ResolvedRefs', status: 'True', reason: '' }];
    const refNotPermittedCondition: ExpectedCondition[] = [{ type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }];

    let lsNN = { name: 'listenerset-with-reference-grant', namespace: ns };
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'True', reason: '' });
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'True', reason: '' });
    await listenerSetListenersMustHaveConditions(t, s, lsNN, refPermittedCondition, 'listenerset-with-reference-grant-listener');

    // Not accepted: its only listener's certificate is not granted.
    lsNN = { name: 'listenerset-without-reference-grant', namespace: 'gateway-api-listener-sets-test-reference-grant-ns' };
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Accepted', status: 'False', reason: 'ListenersNotValid' });
    await listenerSetMustHaveCondition(t, s, lsNN, { type: 'Programmed', status: 'False', reason: 'ListenersNotValid' });
    await listenerSetListenersMustHaveConditions(t, s, lsNN, refNotPermittedCondition, 'listenerset-without-reference-grant-listener');
  },
};
