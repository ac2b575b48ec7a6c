// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-observed-generation-bump.go
import { INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { httpRouteMustHaveCondition, httpRouteMustHaveLatestConditions, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import { isRecord, spec } from '../manifests';
import type { ConformanceTest } from '../types';

export const HTTPRouteObservedGenerationBump: ConformanceTest = {
  shortName: 'HTTPRouteObservedGenerationBump',
  description: "A HTTPRoute in the gateway-conformance-infra namespace should update the observedGeneration in all of it's Status.Conditions after an update to the spec",
  upstream: 'tests/httproute-observed-generation-bump.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-observed-generation-bump.yaml'],
  async test(t, s) {
    const routeNN = { name: 'observed-generation-bump', namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'same-namespace', namespace: INFRA_NAMESPACE };
    await t.run('observedGeneration should increment', async (t) => {
      await namespacesMustBeReady(t, s, [INFRA_NAMESPACE]);
      const original = s.generation('HTTPRoute', routeNN.namespace, routeNN.name);
      if (original === undefined) t.fatal('error getting HTTPRoute: not found');
      // Sanity check
      await httpRouteMustHaveLatestConditions(t, s, routeNN);

      s.patch('HTTPRoute', routeNN.namespace, routeNN.name, (route) => {
        const rules = spec(route).rules;
        const rule = Array.isArray(rules) ? rules[0] : undefined;
        const ref = isRecord(rule) && Array.isArray(rule.backendRefs) ? rule.backendRefs[0] : undefined;
        if (!isRecord(ref)) return t.fatal('the route has no backendRef to change');
        ref.name = INFRA_BACKEND_V2;
      });

      await httpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'Accepted', status: 'True' });
      await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
      // Sanity check
      await httpRouteMustHaveLatestConditions(t, s, routeNN);
      if (s.generation('HTTPRoute', routeNN.namespace, routeNN.name) === original) t.fatal('generation should change after an update');
    });
  },
};
