// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-listener-mixed-termination-not-supported.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteListenerMixedTerminationNotSupported: ConformanceTest = {
  shortName: 'TLSRouteListenerMixedTerminationNotSupported',
  description: 'When TLSRoute mixed termination/passthrough listener is NOT supported, a Gateway Listener with 2 distinct TLS modes on the same port MUST have Accepted=False with Reason=ProtocolConflict',
  upstream: 'tests/tlsroute-listener-mixed-termination-not-supported.go',
  features: ['Gateway', 'TLSRoute', 'TLSRouteModeTerminate'],
  manifests: ['tests/tlsroute-listener-mixed-termination-not-supported.yaml'],
  async test(t, s) {
    if (s.supportedFeatures.has('TLSRouteModeMixed')) {
      t.log('TLSRouteListenerMixedTerminationNotSupported is not executed when an implementation claims to support mixed termination');
      return;
    }
    const gwNN = { name: 'gateway-tlsroute-mixed-termination-not-supported', namespace: INFRA_NAMESPACE };
    await t.run('Listener with unsupported mixed Terminate/Passthrough must have Accepted=False with Reason=ProtocolConflict', (t) => gatewayStatusMustHaveListeners(t, s, gwNN, ['tls-terminate', 'tls-passthrough'].map((name) => ({
      name,
      supportedKinds: [],
      conditions: [{ type: 'Accepted', status: 'False', reason: 'ProtocolConflict' }],
      attachedRoutes: 0,
    }))));
  },
};
