// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-optional-address-value.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveLatestConditions, gatewayRef, namespacesMustBeReady, waitForGatewayAddress } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayOptionalAddressValue: ConformanceTest = {
  shortName: 'GatewayOptionalAddressValue',
  description: 'Check Gateway Support for GatewayAddressEmpty feature',
  upstream: 'tests/gateway-optional-address-value.go',
  features: ['Gateway', 'GatewayAddressEmpty'],
  manifests: ['tests/gateway-optional-address-value.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'gateway-without-address-value', namespace: ns };
    t.log(`waiting for Gateway ${gwNN.name} to be ready for testing`);
    await gatewayMustHaveLatestConditions(t, s, gwNN);

    t.log(`retrieving Gateway ${gwNN.namespace}/${gwNN.name}`);
    if (!s.get('Gateway', gwNN.namespace, gwNN.name)) t.fatal(`error getting Gateway: ${gwNN.namespace}/${gwNN.name} not found`);
    t.log(`verifying that the Gateway ${gwNN.namespace}/${gwNN.name} is accepted`);
    const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, 'http'));
    t.log(`Gateway address from Pier's pool: ${gwAddr}`);
  },
};
