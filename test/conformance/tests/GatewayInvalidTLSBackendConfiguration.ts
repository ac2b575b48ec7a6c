// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-invalid-tls-backend-configuration.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveCondition, gatewayMustHaveLatestConditions } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayInvalidTLSBackendConfiguration: ConformanceTest = {
  shortName: 'GatewayInvalidTLSBackendConfiguration',
  description: 'A Gateway should have ResolvedRefs condition set false if the Gateway has an invalid backend TLS configuration',
  upstream: 'tests/gateway-invalid-tls-backend-configuration.go',
  features: ['Gateway', 'GatewayBackendClientCertificate', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/gateway-invalid-tls-backend-configuration.yaml'],
  async test(t, s) {
    const testCases: { name: string; gateway: string; resolveRefsReason: string }[] = [
      { name: 'Nonexistent secret referenced as ClientCertificateRef in Gateway backend TLS configuration', gateway: 'gateway-client-certificate-nonexistent-secret', resolveRefsReason: 'InvalidClientCertificateRef' },
      { name: 'Unsupported group resource referenced as ClientCertificateRef in Gateway backend TLS configuration', gateway: 'gateway-client-certificate-unsupported-group', resolveRefsReason: 'InvalidClientCertificateRef' },
      { name: 'Unsupported kind resource referenced as ClientCertificateRef inGateway backend TLS configuration', gateway: 'gateway-client-certificate-unsupported-kind', resolveRefsReason: 'InvalidClientCertificateRef' },
      { name: 'Malformed secret referenced as ClientCertificateRef in Gateway backend TLS configuration', gateway: 'gateway-client-certificate-malformed-secret', resolveRefsReason: 'InvalidClientCertificateRef' },
      { name: 'Secret referenced from another namespace without any ReferenceGrant as ClientCertificateRef in Gateway backend TLS configuration', gateway: 'gateway-client-certificate-missing-reference-grant', resolveRefsReason: 'RefNotPermitted' },
    ];
    await t.parallel(testCases.map((tc) => [tc.name, async (t) => {
      const gwNN = { name: tc.gateway, namespace: INFRA_NAMESPACE };
      await gatewayMustHaveLatestConditions(t, s, gwNN);
      await gatewayMustHaveCondition(t, s, gwNN, { type: 'ResolvedRefs', status: 'False', reason: tc.resolveRefsReason });
      await gatewayMustHaveCondition(t, s, gwNN, { type: 'Accepted', status: 'True', reason: 'Accepted' });
    }] as const));
  },
};
