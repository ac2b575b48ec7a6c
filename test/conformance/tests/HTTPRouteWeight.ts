// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-weight.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { expectWeightedDistribution, makeRequestAndExpectEventuallyConsistentResponse, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteWeight: ConformanceTest = {
  shortName: 'HTTPRouteWeight',
  description: 'An HTTPRoute with weighted backends',
  upstream: 'tests/httproute-weight.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-weight.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'weighted-backends', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('Requests should have a distribution that matches the weight', async (t) => {
      const expected: ExpectedResponse = {
        request: { path: '/' },
        response: { statusCodes: [200] },
        namespace: INFRA_NAMESPACE,
      };
      // Assert request succeeds before doing our distribution check
      await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, expected);
      await expectWeightedDistribution(t, s, gwAddr, expected, {
        [INFRA_BACKEND_V1]: 0.7,
        [INFRA_BACKEND_V2]: 0.3,
        [INFRA_BACKEND_V3]: 0.0,
      });
    });
  },
};
