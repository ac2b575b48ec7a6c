// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-observed-generation-bump.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveLatestConditions, namespacesMustBeReady } from '../kubernetes';
import { spec } from '../manifests';
import type { ConformanceTest } from '../types';

export const GatewayObservedGenerationBump: ConformanceTest = {
  shortName: 'GatewayObservedGenerationBump',
  description: 'A Gateway in the gateway-conformance-infra namespace should update the observedGeneration in all of its Status.Conditions after an update to the spec',
  upstream: 'tests/gateway-observed-generation-bump.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-observed-generation-bump.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-observed-generation-bump', namespace: INFRA_NAMESPACE };
    await t.run('observedGeneration should increment', async (t) => {
      const namespaces = [INFRA_NAMESPACE];
      await namespacesMustBeReady(t, s, namespaces);
      // Sanity check
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      const original = s.generation('Gateway', gwNN.namespace, gwNN.name);

      // mutate the Gateway Spec
      s.patch('Gateway', gwNN.namespace, gwNN.name, (gw) => {
        const listeners = spec(gw).listeners;
        if (!Array.isArray(listeners)) return t.fatal('the gateway has no listeners');
        listeners.push({ name: 'alternate', hostname: 'foo.com', port: 80, protocol: 'HTTP', allowedRoutes: { namespaces: { from: 'All' } } });
      });

      // Ensure the generation and observedGeneration sync up
      await namespacesMustBeReady(t, s, namespaces);
      // Sanity check
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      if (s.generation('Gateway', gwNN.namespace, gwNN.name) === original) t.fatal('generation should change after an update');
    });
  },
};
