// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-name-maximum-length.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveLatestConditions } from '../kubernetes';
import type { ConformanceTest } from '../types';

const GATEWAY_NAME_MAXIMUM_LENGTH_PREFIX = 'gateway-name-maximum-length-';
/** A name of 253 characters, the most a Kubernetes object name can have. */
const GATEWAY_NAME_MAXIMUM_LENGTH_NAME = GATEWAY_NAME_MAXIMUM_LENGTH_PREFIX + 'a'.repeat(253 - GATEWAY_NAME_MAXIMUM_LENGTH_PREFIX.length);

export const GatewayNameMaximumLength: ConformanceTest = {
  shortName: 'GatewayNameMaximumLength',
  description: 'A Gateway with a 253-character name should be reconciled by the implementation. The test only verifies that status conditions have an updated observedGeneration and does not assert specific condition values.',
  upstream: 'tests/gateway-name-maximum-length.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-name-maximum-length.yaml'],
  async test(t, s) {
    await gatewayMustHaveLatestConditions(t, s, { name: GATEWAY_NAME_MAXIMUM_LENGTH_NAME, namespace: INFRA_NAMESPACE });
  },
};
