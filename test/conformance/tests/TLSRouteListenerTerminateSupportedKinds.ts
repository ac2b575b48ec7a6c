// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-listener-terminate-supported-kinds.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteListenerTerminateSupportedKinds: ConformanceTest = {
  shortName: 'TLSRouteListenerTerminateSupportedKinds',
  description: 'A Gateway Listener with TLS mode Terminate MUST include TLSRoute in SupportedKinds when termination is supported',
  upstream: 'tests/tlsroute-listener-terminate-supported-kinds.go',
  features: ['Gateway', 'TLSRoute', 'TLSRouteModeTerminate'],
  manifests: ['tests/tlsroute-listener-terminate-supported-kinds.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-tlsroute-terminate-supported', namespace: INFRA_NAMESPACE };
    await t.run('Listener with mode Terminate must have TLSRoute in SupportedKinds', (t) => gatewayStatusMustHaveListeners(t, s, gwNN, [{
      name: 'tls-terminate',
      supportedKinds: [{ kind: 'TLSRoute' }],
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
      attachedRoutes: 0,
    }]));
  },
};
