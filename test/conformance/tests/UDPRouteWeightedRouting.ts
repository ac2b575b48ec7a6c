// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-weighted-routing.go
import { INFRA_NAMESPACE } from '../harness';
import { MAX_TEST_RETRIES, testWeightedDistribution } from '../http';
import { gatewayAndUDPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import { expectEchoResponse, udpEchoSendOnce } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRouteWeightedRouting: ConformanceTest = {
  shortName: 'UDPRouteWeightedRouting',
  description: 'A UDPRoute with multiple weighted backends should distribute UDP traffic across the backends in proportion to the configured weights, and a backend with weight 0 should not receive any traffic.',
  upstream: 'tests/udproute-weighted-routing.go',
  features: ['Gateway', 'UDPRoute'],
  manifests: ['tests/udproute-weighted-routing.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'udp-weighted-gateway', namespace: ns };
    const routeNN = { name: 'udp-weighted-route', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndUDPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'udp'), routeNN);

    await t.run('UDP traffic should be distributed across the weighted backends', async (t) => {
      // udp-backend-v3 has weight 0: listed at 0.0 so any traffic to it fails the check.
      const expectedWeights = { 'udp-backend-v1': 0.7, 'udp-backend-v2': 0.3, 'udp-backend-v3': 0.0 };
      await expectEchoResponse(t, s, gwAddr);
      const send = (): Promise<string> => udpEchoSendOnce(gwAddr, 2000);
      for (let i = 0; i < MAX_TEST_RETRIES; i++) {
        const problem = await testWeightedDistribution(t, send, expectedWeights);
        if (problem === null) return;
        t.log(`UDP weighted distribution attempt ${i + 1}/${MAX_TEST_RETRIES} failed: ${problem}`);
      }
      t.fatal('UDP weighted distribution did not converge within tolerance');
    });
  },
};
