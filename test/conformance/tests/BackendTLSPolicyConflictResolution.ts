// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-conflict-resolution.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse } from '../http';
import {
  backendTLSPolicyMustHaveCondition, gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady,
  type ExpectedCondition,
} from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicyConflictResolution: ConformanceTest = {
  shortName: 'BackendTLSPolicyConflictResolution',
  description: 'Verifies that when multiple BackendTLSPolicies target the same Service, only one policy is accepted while conflicting policies are rejected, and traffic continues to route successfully.',
  upstream: 'tests/backendtlspolicy-conflict-resolution.go',
  features: ['Gateway', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy-conflict-resolution.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backendtlspolicy-conflict-resolution', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const acceptedCond: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    const conflictedCond: ExpectedCondition = { type: 'Accepted', status: 'False', reason: 'Conflicted' };
    const policy = (name: string): { name: string; namespace: string } => ({ name, namespace: ns });
    const request = (path: string, sni: string) => (t: T): Promise<void> => makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
      namespace: ns,
      request: { host: 'abc.example.com', path, sni },
      response: { statusCode: 200 },
    });

    await t.run('Conflicting BackendTLSPolicies targeting the same Service without a section name', async (t) => {
      await t.run('First BackendTLSPolicy should be accepted', (t) => backendTLSPolicyMustHaveCondition(t, s, policy('conflicted-without-section-name-1'), gwNN, acceptedCond));
      // GEP-713's conflict resolution, not specific to BackendTLSPolicy.
      await t.run('Second BackendTLSPolicy should have a false Accepted condition with reason Conflicted ', (t) => backendTLSPolicyMustHaveCondition(t, s, policy('conflicted-without-section-name-2'), gwNN, conflictedCond));
      await t.run('HTTP request sent to Service using the accepted BackendTLSPolicy should succeed', request('/backendtlspolicy-conflicted-without-section-name', 'other.example.com'));
    });

    await t.run('Conflicting BackendTLSPolicies targeting the same Service with the same section name', async (t) => {
      await t.run('First BackendTLSPolicy should be accepted', (t) => backendTLSPolicyMustHaveCondition(t, s, policy('conflicted-with-section-name-1'), gwNN, acceptedCond));
      await t.run('Second BackendTLSPolicy should have a false Accepted condition with reason Conflicted ', (t) => backendTLSPolicyMustHaveCondition(t, s, policy('conflicted-with-section-name-2'), gwNN, conflictedCond));
      await t.run('HTTP request sent to Service using the accepted BackendTLSPolicy should succeed', request('/backendtlspolicy-conflicted-with-section-name', 'other.example.com'));
    });

    await t.run('BackendTLSPolicies targeting the same Service with and without a section name', async (t) => {
      await t.run('BackendTLSPolicy with section name should be accepted', (t) => backendTLSPolicyMustHaveCondition(t, s, policy('not-conflicted-with-section-name'), gwNN, acceptedCond));
      await t.run('BackendTLSPolicy without section name should be accepted', (t) => backendTLSPolicyMustHaveCondition(t, s, policy('not-conflicted-without-section-name'), gwNN, acceptedCond));
      await t.run('HTTP request sent to Service using the BackendTLSPolicy with section name should succeed', request('/backendtlspolicy-not-conflicted-with-section-name', 'other.example.com'));
      await t.run('HTTP request sent to Service using the BackendTLSPolicy without section name should succeed', request('/backendtlspolicy-not-conflicted-without-section-name', 'abc.example.com'));
    });
  },
};
