// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-listener-passthrough-supported-kinds.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteListenerPassthroughSupportedKinds: ConformanceTest = {
  shortName: 'TLSRouteListenerPassthroughSupportedKinds',
  description: 'A Gateway Listener with TLS mode Passthrough MUST include TLSRoute in SupportedKinds',
  upstream: 'tests/tlsroute-listener-passthrough-supported-kinds.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-listener-passthrough-supported-kinds.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-tlsroute-passthrough-supported-kind', namespace: INFRA_NAMESPACE };
    await t.run('TLS listener should have a false ResolvedRefs condition with reason InvalidRouteKinds for TCPRoute, and TLSRoute must be put in the supportedKinds', (t) => gatewayStatusMustHaveListeners(t, s, gwNN, [{
      name: 'tls-passthrough',
      supportedKinds: [{ kind: 'TLSRoute' }],
      conditions: [{ type: 'ResolvedRefs', status: 'False', reason: 'InvalidRouteKinds' }],
      attachedRoutes: 0,
    }]));
  },
};
