// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-san.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse, makeRequestAndExpectFailure } from '../http';
import {
  backendTLSPolicyMustHaveCondition, gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady,
  type ExpectedCondition,
} from '../kubernetes';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicySANValidation: ConformanceTest = {
  shortName: 'BackendTLSPolicySANValidation',
  description: 'BackendTLSPolicySANValidation extend BackendTLSPolicy with SubjectAltNames validation',
  upstream: 'tests/backendtlspolicy-san.go',
  features: ['Gateway', 'HTTPRoute', 'BackendTLSPolicy', 'BackendTLSPolicySANValidation'],
  manifests: ['tests/backendtlspolicy-san.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backendtlspolicy-san-test', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const policyCond: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    const serverStr = 'abc.example.com';
    const cases: [string, string, boolean][] = [
      ['HTTP request sent to Service with valid BackendTLSPolicy containing dns SAN should succeed', 'san-dns', true],
      ['HTTP request sent to Service targeted by BackendTLSPolicy with mismatched dns SAN should return an HTTP error', 'san-dns-mismatch', false],
      ['HTTP request sent to Service with valid BackendTLSPolicy containing uri SAN should succeed', 'san-uri', true],
      ['HTTP request sent to Service targeted by BackendTLSPolicy with mismatched uri SAN should return an HTTP error', 'san-uri-mismatch', false],
      ['HTTP request sent to Service with valid BackendTLSPolicy containing multi SAN should succeed', 'multiple-sans', true],
      ['HTTP request sent to Service targeted by BackendTLSPolicy with mismatched multi SAN should return an HTTP error', 'multiple-mismatch-sans', false],
    ];
    for (const [name, policy, succeeds] of cases) {
      await t.run(name, async (t) => {
        await backendTLSPolicyMustHaveCondition(t, s, { name: policy, namespace: ns }, gwNN, policyCond);
        const request = { host: serverStr, path: `/backendtlspolicy-${policy}`, sni: serverStr };
        if (succeeds) await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { namespace: ns, request, response: { statusCodes: [200] } });
        else await makeRequestAndExpectFailure(t, s, gwAddr, { namespace: ns, request });
      });
    }
  },
};
