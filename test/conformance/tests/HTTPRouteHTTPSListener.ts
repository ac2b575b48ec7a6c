// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-https-listener.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { makeTLSRequestAndExpectEventuallyConsistentResponse, testCaseName, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteHTTPSListener: ConformanceTest = {
  shortName: 'HTTPRouteHTTPSListener',
  description: "HTTPRoute attaches to a Gateway's HTTPS listener in the same namespace",
  upstream: 'tests/httproute-https-listener.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-https-listener.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'httproute-https-test', namespace: ns };
    const routeNoHostNN = { name: 'httproute-https-test-no-hostname', namespace: ns };
    const gwNN = { name: 'same-namespace-with-https-listener', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN, routeNoHostNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNoHostNN, gwNN);

    const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');
    const cases = [
      { host: 'example.org', statusCode: 200, backend: INFRA_BACKEND_V1 },
      { host: 'unknown-example.org', statusCode: 404, backend: '' },
      { host: 'second-example.org', statusCode: 200, backend: INFRA_BACKEND_V2 },
    ];
    for (const [i, tc] of cases.entries()) {
      const expected: ExpectedResponse = {
        request: { host: tc.host, path: '/' },
        response: { statusCode: tc.statusCode },
        backend: tc.backend,
        namespace: INFRA_NAMESPACE,
      };
      await t.run(testCaseName(expected, i), (t) => makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, serverCertPem, tc.host, expected));
    }
  },
};
