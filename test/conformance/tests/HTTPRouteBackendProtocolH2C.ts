// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-backend-protocol-h2c.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { H2C_PRIOR_KNOWLEDGE_PROTOCOL, makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteBackendProtocolH2C: ConformanceTest = {
  shortName: 'HTTPRouteBackendProtocolH2C',
  description: 'A HTTPRoute with a BackendRef that has an appProtocol kubernetes.io/h2c should be functional',
  upstream: 'tests/httproute-backend-protocol-h2c.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteBackendProtocolH2C'],
  manifests: ['tests/httproute-backend-protocol-h2c.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backend-protocol-h2c', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('http2 prior knowledge request should reach backend', async (t) => {
      await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        request: { path: '/', protocol: H2C_PRIOR_KNOWLEDGE_PROTOCOL },
        response: { statusCode: 200 },
        backend: INFRA_BACKEND_V1,
        namespace: INFRA_NAMESPACE,
      });
    });
  },
};
