// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-simple.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndUDPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import { expectEchoResponseFromBackend } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRoute: ConformanceTest = {
  shortName: 'UDPRoute',
  description: 'Make sure UDPRoute is working',
  upstream: 'tests/udproute-simple.go',
  features: ['UDPRoute', 'Gateway'],
  manifests: ['tests/udproute-simple.yaml'],
  async test(t, s) {
    await t.run('Simple UDP request matching UDPRoute should reach the UDP echo backend', async (t) => {
      const namespace = INFRA_NAMESPACE;
      const routeNN = { name: 'udp-route', namespace };
      const gwNN = { name: 'udp-gateway', namespace };
      const gwAddr = await gatewayAndUDPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
      await expectEchoResponseFromBackend(t, s, gwAddr, { service: 'udp-echo', namespace });
    });
  },
};
