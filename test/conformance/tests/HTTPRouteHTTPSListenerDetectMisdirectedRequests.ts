// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-https-listener-detect-misdirected-requests.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { H2_PROTOCOL, makeTLSRequestAndExpectEventuallyConsistentResponse, testCaseName, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteHTTPSListenerDetectMisdirectedRequests: ConformanceTest = {
  shortName: 'HTTPRouteHTTPSListenerDetectMisdirectedRequests',
  description: 'HTTPS listeners on the same port detect misdirected requests and return HTTP 421 when appropriate',
  upstream: 'tests/httproute-https-listener-detect-misdirected-requests.go',
  features: ['Gateway', 'GatewayHTTPSListenerDetectMisdirectedRequests', 'HTTPRoute'],
  manifests: ['tests/httproute-https-listener-detect-misdirected-requests.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNNs = [1, 2, 3, 4].map((n) => ({ name: `https-listener-detect-misdirected-requests-test-${n}`, namespace: ns }));
    const gwNN = { name: 'same-namespace-with-https-listener', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routeNNs);
    for (const routeNN of routeNNs) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');

    const cases: { serverName: string; host: string; statusCode: number; backend?: string }[] = [
      { serverName: 'example.org', host: 'example.org', statusCode: 200, backend: INFRA_BACKEND_V1 },
      { serverName: 'example.org', host: 'second-example.org', statusCode: 421 },
      { serverName: 'example.org', host: 'unknown-example.org', statusCode: 404 },

      { serverName: 'second-example.org', host: 'second-example.org', statusCode: 200, backend: INFRA_BACKEND_V2 },
      { serverName: 'second-example.org', host: 'example.org', statusCode: 421 },
      { serverName: 'second-example.org', host: 'unknown-example.org', statusCode: 421 },

      { serverName: 'third-example.wildcard.org', host: 'third-example.wildcard.org', statusCode: 200, backend: INFRA_BACKEND_V3 },
      { serverName: 'third-example.wildcard.org', host: 'fith-example.wildcard.org', statusCode: 200, backend: INFRA_BACKEND_V3 },
      { serverName: 'third-example.wildcard.org', host: 'fourth-example.wildcard.org', statusCode: 421 },
      { serverName: 'third-example.wildcard.org', host: 'second-example.org', statusCode: 421 },
      { serverName: 'third-example.wildcard.org', host: 'unknown-example.org', statusCode: 421 },

      { serverName: 'fourth-example.wildcard.org', host: 'fourth-example.wildcard.org', statusCode: 200, backend: INFRA_BACKEND_V1 },
      { serverName: 'fourth-example.wildcard.org', host: 'fith-example.wildcard.org', statusCode: 421 },

      { serverName: 'unknown-example.org', host: 'example.org', statusCode: 200, backend: INFRA_BACKEND_V1 },
      { serverName: 'unknown-example.org', host: 'unknown-example.org', statusCode: 404 },
    ];
    for (const [i, tc] of cases.entries()) {
      const expected: ExpectedResponse = {
        request: { host: tc.host, path: '/detect-misdirected-requests', protocol: H2_PROTOCOL },
        response: { statusCodes: [tc.statusCode] },
        backend: tc.backend ?? '',
        namespace: INFRA_NAMESPACE,
      };
      await t.run(testCaseName(expected, i), (t) => makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, serverCertPem, tc.serverName, expected));
    }
  },
};
