// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-tlsroute-terminate.go
import { INFRA_NAMESPACE } from '../harness';
import { backendTLSPolicyMustHaveCondition, gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, type ExpectedCondition } from '../kubernetes';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tls';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicyTLSRouteTerminate: ConformanceTest = {
  shortName: 'BackendTLSPolicyTLSRouteTerminate',
  description: 'A BackendTLSPolicy attached to a Service consumed by a TLSRoute using Terminate mode should re-encrypt traffic to the backend',
  upstream: 'tests/backendtlspolicy-tlsroute-terminate.go',
  features: ['Gateway', 'TLSRoute', 'TLSRouteModeTerminate', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy-tlsroute-terminate.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backendtlspolicy-tlsroute-terminate', namespace: ns };
    const gwNN = { name: 'gateway-btls-tlsroute-terminate', namespace: ns };
    const policyNN = { name: 'btls-tlsroute-terminate-test', namespace: ns };
    const expectedBackendName = 'tcp-backend';
    const expectedBackendHostname = 'abc.example.com';
    await namespacesMustBeReady(t, s, [ns]);

    const { address: gwAddr, hostnames } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    if (hostnames.length !== 1) t.fatal(`unexpected error in test configuration, found ${hostnames.length} hostnames`);
    const serverStr = hostnames[0];

    const acceptedCond: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    const resolvedRefsCond: ExpectedCondition = { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' };
    await backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, acceptedCond);
    await backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, resolvedRefsCond);
    const caString = s.caCertificate(ns, 'tls-checks-ca-certificate');

    // serverStr is the client-facing hostname of the TLSRoute and listener; the backend's TLS
    // identity, checked through the policy's validation.hostname, is expectedBackendHostname.
    await t.run('TLS request matching terminated TLSRoute with BackendTLSPolicy should reach backend with re-encrypted TLS', (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, caString, serverStr, {
      backendIsTLS: true,
      backend: expectedBackendName,
      namespace: ns,
      hostname: expectedBackendHostname,
    }));
  },
};
