// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-invalid-non-tcp-listener.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, namespacesMustBeReady, tcpRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TCPRouteInvalidNonTCPListener: ConformanceTest = {
  shortName: 'TCPRouteInvalidNonTCPListener',
  description: 'A TCPRoute should set Accepted=False with reason NotAllowedByListeners when attaching to a non-TCP listener via sectionName.',
  upstream: 'tests/tcproute-invalid-non-tcp-listener.go',
  features: ['Gateway', 'TCPRoute'],
  manifests: ['tests/tcproute-invalid-non-tcp-listener.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'tcp-route', namespace: ns };
    const gwNN = { name: 'tcp-mixed-protocol-gateway', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    await t.run('TCPRoute targeting a listener that has no protocol type TCP must have Accepted=False with reason NotAllowedByListeners', (t) =>
      tcpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners' }));

    await t.run('Gateway should have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, gwNN));
  },
};
