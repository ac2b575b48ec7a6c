// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gatewayclass-observed-generation-bump.go
import { gatewayClassMustHaveLatestConditions, gwcMustBeAccepted } from '../kubernetes';
import { spec } from '../manifests';
import type { ConformanceTest } from '../types';

export const GatewayClassObservedGenerationBump: ConformanceTest = {
  shortName: 'GatewayClassObservedGenerationBump',
  description: "A GatewayClass should update the observedGeneration in all of it's Status.Conditions after an update to the spec",
  upstream: 'tests/gatewayclass-observed-generation-bump.go',
  features: ['Gateway'],
  manifests: ['tests/gatewayclass-observed-generation-bump.yaml'],
  async test(t, s) {
    const gwcName = 'gatewayclass-observed-generation-bump';
    await t.run('observedGeneration should increment', async (t) => {
      await gwcMustBeAccepted(t, s, gwcName, '');
      const original = s.generation('GatewayClass', undefined, gwcName);
      // Sanity check
      await gatewayClassMustHaveLatestConditions(t, s, gwcName);

      s.patch('GatewayClass', undefined, gwcName, (gwc) => { spec(gwc).description = 'new'; });

      // Ensure the generation and observedGeneration sync up
      await gwcMustBeAccepted(t, s, gwcName, '');
      // Sanity check
      await gatewayClassMustHaveLatestConditions(t, s, gwcName);
      if (s.generation('GatewayClass', undefined, gwcName) === original) t.fatal('generation should change after an update');
    });
  },
};
