// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-not-allowed-by-listeners.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, namespacesMustBeReady, udpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const UDPRouteNotAllowedByListeners: ConformanceTest = {
  shortName: 'UDPRouteNotAllowedByListeners',
  description: 'A UDPRoute targeting a Gateway listener whose protocol is not UDP must report Accepted=False with reason NotAllowedByListeners and must not be attached to the listener.',
  upstream: 'tests/udproute-not-allowed-by-listeners.go',
  features: ['Gateway', 'UDPRoute'],
  manifests: ['tests/udproute-not-allowed-by-listeners.yaml'],
  async test(t, s) {
    // Upstream checks nothing unless TLSRoute is supported too (the Gateway has a TLS listener).
    if (!s.supportedFeatures.has('TLSRoute')) {
      t.log('TLSRoute is not supported: nothing to check');
      return;
    }
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'udproute-tls-only-gateway', namespace: ns };
    const routeNN = { name: 'udproute-not-allowed-by-listeners', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    await t.run('UDPRoute should have Accepted=False with reason NotAllowedByListeners', (t) =>
      udpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners' }));

    await t.run('Gateway should have 0 Routes attached on the TLS listener', (t) => gatewayMustHaveZeroRoutes(t, s, gwNN));
  },
};
