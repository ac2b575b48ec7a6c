// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-listener-terminate-not-supported.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteListenerTerminateNotSupported: ConformanceTest = {
  shortName: 'TLSRouteListenerTerminateNotSupported',
  description: 'When TLSRoute termination is NOT supported, a Gateway Listener with TLS mode Terminate MUST have Accepted=False with Reason=UnsupportedValue',
  upstream: 'tests/tlsroute-listener-terminate-not-supported.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-listener-terminate-not-supported.yaml'],
  async test(t, s) {
    // Upstream returns without a word when the implementation supports termination.
    if (s.supportedFeatures.has('TLSRouteModeTerminate')) return;
    const gwNN = { name: 'gateway-tlsroute-terminate-unsupported', namespace: INFRA_NAMESPACE };
    await t.run('Listener with unsupported mode Terminate must have Accepted=False with Reason=UnsupportedValue', (t) => gatewayStatusMustHaveListeners(t, s, gwNN, [{
      name: 'tls-terminate',
      supportedKinds: [],
      conditions: [{ type: 'Accepted', status: 'False', reason: 'UnsupportedValue' }],
      attachedRoutes: 0,
    }]));
  },
};
