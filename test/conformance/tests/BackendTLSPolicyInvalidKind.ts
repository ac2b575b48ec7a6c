// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-invalid-kind.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import { backendTLSPolicyMustHaveCondition, gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicyInvalidKind: ConformanceTest = {
  shortName: 'BackendTLSPolicyInvalidKind',
  description: 'A BackendTLSPolicy that specifies a single CACertificateRef with an invalid kind should have the Accepted and ResolvedRefs status condition set False with appropriate reasons, and HTTP requests to a backend targeted by this policy should fail with a 5xx response.',
  upstream: 'tests/backendtlspolicy-invalid-kind.go',
  features: ['Gateway', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy-invalid-kind.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backendtlspolicy-invalid-kind-test', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const serverStr = 'abc.example.com';
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    const policyNN = { name: 'invalid-kind', namespace: ns };
    await t.run('BackendTLSPolicy with a single invalid CACertificateRef has a Accepted Condition with status False and Reason NoValidCACertificate', (t) =>
      backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, { type: 'Accepted', status: 'False', reason: 'NoValidCACertificate' }));
    await t.run('BackendTLSPolicy with a single invalid CACertificateRef has a ResolvedRefs Condition with status False and Reason InvalidKind', (t) =>
      backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'InvalidKind' }));
    await t.run('HTTP Request to backend targeted by an invalid BackendTLSPolicy receive a 5xx', (t) =>
      makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        namespace: ns,
        request: { host: serverStr, path: `/backendtlspolicy-${policyNN.name}` },
        response: { statusCodes: [500, 502, 503] },
      }));
  },
};
