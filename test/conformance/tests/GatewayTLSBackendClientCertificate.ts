// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-tls-backend-client-certificate.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import {
  backendTLSPolicyMustHaveAcceptedConditionTrue, gatewayAndHTTPRoutesMustBeAccepted, gatewayMustHaveCondition, gatewayRef,
  httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady,
} from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayTLSBackendClientCertificate: ConformanceTest = {
  shortName: 'GatewayTLSBackendClientCertificate',
  description: 'A Gateway with a client certificate configured should present the certificate when connecting to a backend using TLS.',
  upstream: 'tests/gateway-tls-backend-client-certificate.go',
  features: ['Gateway', 'GatewayBackendClientCertificate', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/gateway-tls-backend-client-certificate.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'gateway-tls-backend-client-certificate', namespace: ns };
    const gwNN = { name: 'gateway-tls-backend-client-certificate', namespace: ns };
    const policyNN = { name: 'gateway-tls-backend-client-certificate-test', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
    await backendTLSPolicyMustHaveAcceptedConditionTrue(t, s, policyNN, gwNN);
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' });

    await t.run('HTTP request sent to Service using TLS should succeed and the configured client certificate should be presented.', async (t) => {
      const expectedClientCert = s.tlsSecretCert(ns, 'tls-checks-client-certificate');
      if (!expectedClientCert) t.fatal('missing required server certificate pem for the test');
      await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        namespace: ns,
        request: { path: '/', host: 'abc.example.com', sni: 'abc.example.com', clientCert: expectedClientCert },
        response: { statusCodes: [200] },
      });
    });
  },
};
