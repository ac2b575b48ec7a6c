// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-invalid-default-frontend-client-certificate-validation.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { hostOf, joinHostPort, makeRequestAndExpectEventuallyConsistentResponse, makeTLSRequestAndExpectEventuallyConsistentFailureResponse } from '../http';
import { gatewayListenerMustHaveConditions, gatewayRef, waitForGatewayAddress } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayFrontendInvalidDefaultClientCertificateValidation: ConformanceTest = {
  shortName: 'GatewayFrontendInvalidDefaultClientCertificateValidation',
  description: "Invalid Gateway's default Client Certificate Validation Config should only affect HTTPS traffic",
  upstream: 'tests/gateway-invalid-default-frontend-client-certificate-validation.go',
  features: ['Gateway', 'HTTPRoute', 'GatewayFrontendClientCertificateValidation'],
  manifests: ['tests/gateway-invalid-default-frontend-client-certificate-validation.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'invalid-default-client-validation-config', namespace: ns };
    // The address only (listeners are checked one by one below); without the port: two listeners.
    const gwAddr = hostOf(await waitForGatewayAddress(t, s, gatewayRef(gwNN)));
    const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');

    await t.run('Validate tls configuration does not impact HTTP listener', async (t) => {
      await gatewayListenerMustHaveConditions(t, s, gwNN, 'http', [
        { type: 'ResolvedRefs', status: 'True' }, { type: 'Accepted', status: 'True' }, { type: 'Programmed', status: 'True' },
      ]);
      const httpAddr = joinHostPort(gwAddr, s.listenerPort(80));
      await makeRequestAndExpectEventuallyConsistentResponse(t, s, httpAddr, {
        request: { host: 'example.org', path: '/' }, response: { statusCode: 200 }, backend: INFRA_BACKEND_V1, namespace: ns,
      });
    });

    await t.run('Validate that invalid default configuration is impacting HTTPS listener', async (t) => {
      await gatewayListenerMustHaveConditions(t, s, gwNN, 'https', [
        { type: 'ResolvedRefs', status: 'False', reason: 'InvalidCACertificateRef' },
        { type: 'Accepted', status: 'False', reason: 'NoValidCACertificate' },
        { type: 'Programmed', status: 'False' },
      ]);
      const httpsAddr = joinHostPort(gwAddr, s.listenerPort(443));
      await makeTLSRequestAndExpectEventuallyConsistentFailureResponse(t, s, httpsAddr, serverCertPem, 'example.org', { request: { host: 'example.org', path: '/' }, namespace: ns });
    });
  },
};
