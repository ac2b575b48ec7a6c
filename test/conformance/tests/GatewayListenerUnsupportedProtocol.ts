// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-invalid-listeners-unsupported-protocol.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveCondition, gatewayMustHaveLatestConditions, gatewayStatusMustHaveListeners } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayListenerUnsupportedProtocol: ConformanceTest = {
  shortName: 'GatewayListenerUnsupportedProtocol',
  description: 'A Gateway should set the Accepted condition to False with reason UnsupportedProtocol on listeners whose protocol is not supported. The Gateway itself should only be Accepted if at least one of its listeners is accepted.',
  upstream: 'tests/gateway-invalid-listeners-unsupported-protocol.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-invalid-listeners-unsupported-protocol.yaml'],
  async test(t, s) {
    await t.parallel([
      ['Gateway with no accepted listeners should not be accepted and the listener should have the Accepted condition set to False with reason UnsupportedProtocol', async (t) => {
        const gwNN = { name: 'gateway-only-unsupported-protocols', namespace: INFRA_NAMESPACE };
        await gatewayMustHaveLatestConditions(t, s, gwNN);
        await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'False', reason: 'ListenersNotValid' });
        await gatewayStatusMustHaveListeners(t, s, gwNN, [{
          name: 'invalid',
          supportedKinds: [],
          conditions: [{ type: 'Accepted', status: 'False', reason: 'UnsupportedProtocol' }],
          attachedRoutes: 0,
        }]);
      }],
      ['Gateway with at least one accepted listeners should be accepted and the listeners should have the Accepted condition set accordingly', async (t) => {
        const gwNN = { name: 'gateway-supported-and-unsupported-protocols', namespace: INFRA_NAMESPACE };
        await gatewayMustHaveLatestConditions(t, s, gwNN);
        await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True', reason: 'ListenersNotValid' });
        await gatewayStatusMustHaveListeners(t, s, gwNN, [
          {
            name: 'http',
            supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }],
            conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
            attachedRoutes: 0,
          },
          {
            name: 'invalid',
            supportedKinds: [],
            conditions: [{ type: 'Accepted', status: 'False', reason: 'UnsupportedProtocol' }],
            attachedRoutes: 0,
          },
        ]);
      }],
    ]);
  },
};
