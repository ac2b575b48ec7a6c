// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-weighted-routing.go
import { INFRA_NAMESPACE } from '../harness';
import { MAX_TEST_RETRIES, testWeightedDistribution } from '../http';
import { gatewayAndTCPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import { echoSendOnce, expectAddressBeAvailable, expectEchoResponse } from '../tcp';
import type { ConformanceTest } from '../types';

export const TCPRouteWeightedRouting: ConformanceTest = {
  shortName: 'TCPRouteWeightedRouting',
  description: 'A TCPRoute with multiple weighted backends should distribute TCP traffic across the backends in proportion to the configured weights, and a backend with weight 0 should receive no traffic.',
  upstream: 'tests/tcproute-weighted-routing.go',
  features: ['Gateway', 'TCPRoute'],
  manifests: ['tests/tcproute-weighted-routing.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'tcp-weighted-gateway', namespace: ns };
    const routeNN = { name: 'tcp-weighted-route', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndTCPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'tcp'), routeNN);

    await t.run('TCP traffic should be distributed across the weighted backends and skip the zero-weighted backend', async (t) => {
      const expectedWeights = { 'tcp-backend-v1': 0.7, 'tcp-backend-v2': 0.3, 'tcp-backend-v3': 0.0 };
      await expectAddressBeAvailable(t, s, gwAddr);
      await expectEchoResponse(t, s, gwAddr);
      const send = (): Promise<string> => echoSendOnce(gwAddr, s.timeouts.requestTimeout);
      for (let i = 0; i < MAX_TEST_RETRIES; i++) {
        const problem = await testWeightedDistribution(t, send, expectedWeights);
        if (problem === null) return;
        t.log(`TCP weighted distribution attempt ${i + 1}/${MAX_TEST_RETRIES} failed: ${problem}`);
      }
      t.fatal('TCP weighted distribution did not converge within tolerance');
    });
  },
};
