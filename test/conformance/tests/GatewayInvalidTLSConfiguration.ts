// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-invalid-tls-configuration.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayStatusMustHaveListeners, type ExpectedListenerStatus } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayInvalidTLSConfiguration: ConformanceTest = {
  shortName: 'GatewayInvalidTLSConfiguration',
  description: 'A Gateway should fail to become ready if the Gateway has an invalid TLS configuration',
  upstream: 'tests/gateway-invalid-tls-configuration.go',
  features: ['Gateway'],
  manifests: ['tests/gateway-invalid-tls-configuration.yaml'],
  async test(t, s) {
    const listeners: ExpectedListenerStatus[] = [{
      name: 'https',
      supportedKinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }],
      conditions: [{ type: 'ResolvedRefs', status: 'False', reason: 'InvalidCertificateRef' }],
      attachedRoutes: 0,
    }];
    const testCases = [
      { name: 'Nonexistent secret referenced as CertificateRef in a Gateway listener', gateway: 'gateway-certificate-nonexistent-secret' },
      { name: 'Unsupported group resource referenced as CertificateRef in a Gateway listener', gateway: 'gateway-certificate-unsupported-group' },
      { name: 'Unsupported kind resource referenced as CertificateRef in a Gateway listener', gateway: 'gateway-certificate-unsupported-kind' },
      { name: 'Malformed secret referenced as CertificateRef in a Gateway listener', gateway: 'gateway-certificate-malformed-secret' },
    ];
    await t.parallel(testCases.map((tc) => [tc.name, (t) => gatewayStatusMustHaveListeners(t, s, { name: tc.gateway, namespace: INFRA_NAMESPACE }, listeners)] as const));
  },
};
