// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/listenerset-allowed-routes-supported-kinds.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveCondition, listenerSetListenersMustHaveConditions, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const ListenerSetAllowedRoutesSupportedKinds: ConformanceTest = {
  shortName: 'ListenerSetAllowedRoutesSupportedKinds',
  description: 'ListenerSet listeners allow specific route kinds',
  upstream: 'tests/listenerset-allowed-routes-supported-kinds.go',
  features: ['Gateway', 'ListenerSet', 'TLSRoute'],
  manifests: ['tests/listenerset-allowed-routes-supported-kinds.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-with-listener-sets-test-supported-route-kinds', namespace: ns };
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True' });

    const lsNN = { name: 'listenerset-test-allowed-routes-supported-kinds', namespace: ns };
    await listenerSetListenersMustHaveConditions(t, s, lsNN, [{ type: 'ResolvedRefs', status: 'False', reason: 'InvalidRouteKinds' }], 'listener-set-listener-allowed-routes-tls-only');
  },
};
