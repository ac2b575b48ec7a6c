// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-invalid-ca-certificate-ref.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { backendTLSPolicyMustHaveCondition, gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicyInvalidCACertificateRef: ConformanceTest = {
  shortName: 'BackendTLSPolicyInvalidCACertificateRef',
  description: 'A BackendTLSPolicy that specifies a single invalid CACertificateRef should have the Accepted and ResolvedRefs status condition set False with appropriate reasons, and HTTP requests to a backend targeted by this policy should fail with a 5xx response.',
  upstream: 'tests/backendtlspolicy-invalid-ca-certificate-ref.go',
  features: ['Gateway', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy-invalid-ca-certificate-ref.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backendtlspolicy-invalid-ca-certificate-ref', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const serverStr = 'abc.example.com';
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    for (const policyNN of [{ name: 'nonexistent-ca-certificate-ref', namespace: ns }, { name: 'malformed-ca-certificate-ref', namespace: ns }]) {
      await t.run(`BackendTLSPolicy_${policyNN.name}`, async (t) => {
        await t.run('BackendTLSPolicy with a single invalid CACertificateRef has a Accepted Condition with status False and Reason NoValidCACertificate', (t) =>
          backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NoValidCACertificate' }));
        await t.run('BackendTLSPolicy with a single invalid CACertificateRef has a ResolvedRefs Condition with status False and Reason InvalidCACertificateRef', (t) =>
          backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'InvalidCACertificateRef' }));
        await t.run('HTTP Request to backend targeted by an invalid BackendTLSPolicy receive a 5xx', (t) =>
          makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
            namespace: ns,
            request: { host: serverStr, path: `/backendtlspolicy-${policyNN.name}` },
            response: { statusCodes: [500, 502, 503] },
          }));
      });
    }
  },
};
