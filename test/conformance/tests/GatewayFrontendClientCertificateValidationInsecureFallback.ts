// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-with-clientcertificate-validation-insecure-fallback.go
import type { CertPair } from '../certs';
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { hostOf, joinHostPort, makeTLSRequestAndExpectEventuallyConsistentResponse, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayMustHaveCondition, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayFrontendClientCertificateValidationInsecureFallback: ConformanceTest = {
  shortName: 'GatewayFrontendClientCertificateValidationInsecureFallback',
  description: "Gateway's client certificate validation set to AllowInsecureFallback allows any HTTPS traffic.",
  upstream: 'tests/gateway-with-clientcertificate-validation-insecure-fallback.go',
  features: ['Gateway', 'HTTPRoute', 'GatewayFrontendClientCertificateValidation', 'GatewayFrontendClientCertificateValidationInsecureFallback'],
  manifests: ['tests/gateway-with-clientcertificate-validation-insecure-fallback.yaml'],
  async test(t, s) {
    const ns = 'gateway-conformance-infra';
    const routeNNs = [
      { name: 'client-cert-validation-insecure-fallback-test', namespace: ns },
      { name: 'client-cert-validation-insecure-fallback-test-no-hostname', namespace: ns },
    ];
    const gwNN = { name: 'client-validation-insecure-fallback', namespace: ns };
    // Without the port: the two HTTPS listeners have different ones.
    const gwAddr = hostOf(await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routeNNs));
    for (const routeNN of routeNNs) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('Validate InsecureFrontendValidationMode status condition on the Gateway', (t) =>
      gatewayMustHaveCondition(t, s, gwNN, { type: 'InsecureFrontendValidationMode', reason: 'ConfigurationChanged', status: 'True' }));

    const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');
    const clientCert = s.tlsSecret(ns, 'tls-validity-checks-client-certificate');
    const clientCertPerPort = s.tlsSecret(ns, 'tls-validity-checks-per-port-client-certificate');

    const listener = async (name: string, port: number, host: string, backend: string, matching: CertPair, other: CertPair, ordinal: string): Promise<void> => {
      await t.run(name, async (t) => {
        const addr = joinHostPort(gwAddr, s.listenerPort(port));
        const expectedSuccess: ExpectedResponse = { request: { host, path: '/' }, response: { statusCode: 200 }, backend, namespace: INFRA_NAMESPACE };
        await t.run(`Send request to the ${ordinal} listener with matching client certificate and validate that it is passing`, (t) =>
          makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, addr, serverCertPem, host, expectedSuccess, matching));
        await t.run(`Send request to the ${ordinal} listener with non-matching client certificate and validate that it is passing`, (t) =>
          makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, addr, serverCertPem, host, expectedSuccess, other));
        await t.run(`Send request to the ${ordinal} listener without client certificate and validate that it is passing`, (t) =>
          makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, addr, serverCertPem, host, expectedSuccess));
      });
    };
    await listener('Validate default TLS configuration', 443, 'example.org', INFRA_BACKEND_V1, clientCert, clientCertPerPort, 'first');
    await listener('Validate per port TLS configuration', 8443, 'second-example.org', INFRA_BACKEND_V2, clientCertPerPort, clientCert, 'second');
  },
};
