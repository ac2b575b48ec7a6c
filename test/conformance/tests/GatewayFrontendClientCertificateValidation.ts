// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-with-clientcertificate-validation.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { hostOf, joinHostPort, makeTLSRequestAndExpectEventuallyConsistentResponse, makeTLSRequestAndExpectEventuallyConsistentFailureResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayFrontendClientCertificateValidation: ConformanceTest = {
  shortName: 'GatewayFrontendClientCertificateValidation',
  description: "Gateway's client certificate validation config should be used for HTTPS traffic",
  upstream: 'tests/gateway-with-clientcertificate-validation.go',
  features: ['Gateway', 'HTTPRoute', 'GatewayFrontendClientCertificateValidation'],
  manifests: ['tests/gateway-with-clientcertificate-validation.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNNs = [
      { name: 'client-certificate-validation-https-test', namespace: ns },
      { name: 'client-certificate-validation-https-test-no-hostname', namespace: ns },
    ];
    const gwNN = { name: 'client-validation-default', namespace: ns };
    // Without the port: the two HTTPS listeners have different ones.
    const gwAddr = hostOf(await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routeNNs));
    for (const routeNN of routeNNs) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    // The same server certificate on both listeners.
    const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');
    const clientCert = s.tlsSecret(ns, 'tls-validity-checks-client-certificate');
    const clientCertPerPort = s.tlsSecret(ns, 'tls-validity-checks-per-port-client-certificate');

    await t.run('Validate default configuration', async (t) => {
      const defaultAddr = joinHostPort(gwAddr, s.listenerPort(443));
      // The first listener takes its client certificate...
      await makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, defaultAddr, serverCertPem, 'example.org', {
        request: { host: 'example.org', path: '/' }, response: { statusCode: 200 }, backend: INFRA_BACKEND_V1, namespace: ns,
      }, clientCert);
      // ...and refuses the other one.
      await makeTLSRequestAndExpectEventuallyConsistentFailureResponse(t, s, defaultAddr, serverCertPem, 'example.org', {
        request: { host: 'example.org', path: '/' }, namespace: ns,
      }, clientCertPerPort);
    });

    await t.run('Validate per port configuration', async (t) => {
      const perPortAddr = joinHostPort(gwAddr, s.listenerPort(8443));
      await makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, perPortAddr, serverCertPem, 'second-example.org', {
        request: { host: 'second-example.org', path: '/' }, response: { statusCode: 200 }, backend: INFRA_BACKEND_V2, namespace: ns,
      }, clientCertPerPort);
      await makeTLSRequestAndExpectEventuallyConsistentFailureResponse(t, s, perPortAddr, serverCertPem, 'second-example.org', {
        request: { host: 'second-example.org', path: '/' }, namespace: ns,
      }, clientCert);
    });
  },
};
