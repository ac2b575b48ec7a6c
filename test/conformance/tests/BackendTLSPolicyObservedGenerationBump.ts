// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-observed-generation-bump.go
import { INFRA_NAMESPACE } from '../harness';
import { backendTLSPolicyMustHaveCondition, backendTLSPolicyMustHaveLatestConditions, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicyObservedGenerationBump: ConformanceTest = {
  shortName: 'BackendTLSPolicyObservedGenerationBump',
  description: 'A BackendTLSPolicy in the gateway-conformance-infra namespace should update the observedGeneration in all of its Status.Conditions after an update to the spec',
  upstream: 'tests/backendtlspolicy-observed-generation-bump.go',
  features: ['Gateway', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy-observed-generation-bump.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const policyNN = { name: 'observed-generation-bump', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };

    await t.run('observedGeneration should increment', async (t) => {
      await namespacesMustBeReady(t, s, [INFRA_NAMESPACE]);
      if (!s.get('BackendTLSPolicy', ns, policyNN.name)) t.fatal('error getting HTTPRoute');
      // Sanity check
      const originalGeneration = await backendTLSPolicyMustHaveLatestConditions(t, s, policyNN);

      s.patch('BackendTLSPolicy', ns, policyNN.name, (doc) => {
        (doc.spec as { validation: { hostname: string } }).validation.hostname = 'foo.example.com';
      });
      await backendTLSPolicyMustHaveCondition(t, s, policyNN, gwNN, { type: 'Accepted', status: 'True' });

      // Sanity check
      const updatedGeneration = await backendTLSPolicyMustHaveLatestConditions(t, s, policyNN);
      if (originalGeneration === updatedGeneration) t.fatal('generation should change after an update');
    });
  },
};
