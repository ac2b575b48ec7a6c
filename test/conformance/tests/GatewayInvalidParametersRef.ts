// Upstream: sigs.k8s.io/gateway-api/conformance@v1.6.1 tests/gateway-invalid-parameters-ref.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveCondition, gatewayMustHaveLatestConditions } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayInvalidParametersRef: ConformanceTest = {
  shortName: 'GatewayInvalidParametersRef',
  description: 'A Gateway referencing an invalid or non-existent parametersRef should set the Accepted condition to False with reason InvalidParameters.',
  upstream: 'tests/gateway-invalid-parameters-ref.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-invalid-parameters-ref.yaml'],
  async test(t, s) {
    const gwNN = { name: 'gateway-invalid-parameters-ref', namespace: INFRA_NAMESPACE };
    await gatewayMustHaveLatestConditions(t, s, gwNN);
    await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'False', reason: 'InvalidParameters' });
  },
};
