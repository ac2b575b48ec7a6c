// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-modify-listeners.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveLatestConditions, gatewayStatusMustHaveListeners, namespacesMustBeReady, type ExpectedListenerStatus } from '../kubernetes';
import { isRecord, spec } from '../manifests';
import type { ConformanceTest } from '../types';

const HTTPROUTE_KIND = [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }];
const ACCEPTED_AND_RESOLVED = [
  { type: 'Accepted', status: 'True' as const },
  { type: 'ResolvedRefs', status: 'True' as const },
];

export const GatewayModifyListeners: ConformanceTest = {
  shortName: 'GatewayModifyListeners',
  description: 'A Gateway in the gateway-conformance-infra namespace should handle adding and removing listeners.',
  upstream: 'tests/gateway-modify-listeners.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-modify-listeners.yaml'],
  async test(t, s) {
    await t.run('should be able to add a listener that then becomes available for routing traffic', async (t) => {
      const gwNN = { name: 'gateway-add-listener', namespace: INFRA_NAMESPACE };
      const namespaces = [INFRA_NAMESPACE];
      await namespacesMustBeReady(t, s, namespaces);
      // verify that the implementation is tracking the most recent resource changes
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      const original = s.generation('Gateway', gwNN.namespace, gwNN.name);

      // add a new listener to the Gateway spec
      s.patch('Gateway', gwNN.namespace, gwNN.name, (gw) => {
        const listeners = spec(gw).listeners;
        if (!Array.isArray(listeners)) return t.fatal('the gateway has no listeners');
        listeners.push({ name: 'http', port: 80, protocol: 'HTTP', hostname: 'data.test.com', allowedRoutes: { namespaces: { from: 'All' } } });
      });

      // Ensure the generation and observedGeneration sync up
      await namespacesMustBeReady(t, s, namespaces);
      const listeners: ExpectedListenerStatus[] = [
        { name: 'https', supportedKinds: HTTPROUTE_KIND, conditions: ACCEPTED_AND_RESOLVED, attachedRoutes: 1 },
        { name: 'http', supportedKinds: HTTPROUTE_KIND, conditions: ACCEPTED_AND_RESOLVED, attachedRoutes: 1 },
      ];
      await gatewayStatusMustHaveListeners(t, s, gwNN, listeners);
      // verify that the implementation continues to keep up to date with the resource changes we've been making
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      if (s.generation('Gateway', gwNN.namespace, gwNN.name) === original) t.fatal('generation should change after an update');
    });

    await t.run('should be able to remove listeners, which would then stop routing the relevant traffic', async (t) => {
      const gwNN = { name: 'gateway-remove-listener', namespace: INFRA_NAMESPACE };
      const namespaces = [INFRA_NAMESPACE];
      await namespacesMustBeReady(t, s, namespaces);
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      const original = s.generation('Gateway', gwNN.namespace, gwNN.name);

      s.patch('Gateway', gwNN.namespace, gwNN.name, (gw) => {
        const listeners = spec(gw).listeners;
        if (!Array.isArray(listeners) || listeners.length !== 2) return t.fatal('the gateway must have 2 listeners');
        // remove the "https" Gateway listener, leaving only the "http" listener
        spec(gw).listeners = listeners.filter((l: unknown) => isRecord(l) && l.name === 'http');
      });

      await namespacesMustBeReady(t, s, namespaces);
      await gatewayStatusMustHaveListeners(t, s, gwNN, [
        { name: 'http', supportedKinds: HTTPROUTE_KIND, conditions: ACCEPTED_AND_RESOLVED, attachedRoutes: 1 },
      ]);
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      if (s.generation('Gateway', gwNN.namespace, gwNN.name) === original) t.fatal('generation should change after an update');
    });
  },
};
