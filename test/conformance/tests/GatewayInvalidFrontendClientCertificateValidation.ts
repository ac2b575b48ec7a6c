// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-with-invalid-clientcertificate-validation.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayListenerMustHaveConditions, type ExpectedCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayInvalidFrontendClientCertificateValidation: ConformanceTest = {
  shortName: 'GatewayInvalidFrontendClientCertificateValidation',
  description: "Gateway's should reject invalid Client Certificate Validation Config",
  upstream: 'tests/gateway-with-invalid-clientcertificate-validation.go',
  features: ['Gateway', 'HTTPRoute', 'ReferenceGrant', 'GatewayFrontendClientCertificateValidation'],
  manifests: ['tests/gateway-with-invalid-clientcertificate-validation.yaml'],
  async test(t, s) {
    // Invalid default and per-port configurations affect only the listeners they apply to.
    await t.run('Validate status for invalid client certificate configuration', async (t) => {
      const gwNN = { name: 'gateway-with-invalid-client-cert-validation', namespace: INFRA_NAMESPACE };
      const refused = (resolvedRefsReason: string): ExpectedCondition[] => [
        { type: 'ResolvedRefs', status: 'False', reason: resolvedRefsReason },
        { type: 'Accepted', status: 'False', reason: 'NoValidCACertificate' },
        { type: 'Programmed', status: 'False' },
      ];
      const cases: { name: string; lName: string; expectedConditions: ExpectedCondition[] }[] = [
        {
          name: 'default valid configuration',
          lName: 'https',
          expectedConditions: [{ type: 'ResolvedRefs', status: 'True' }, { type: 'Accepted', status: 'True' }, { type: 'Programmed', status: 'True' }],
        },
        { name: 'unresolved reference', lName: 'https-unresolved', expectedConditions: refused('InvalidCACertificateRef') },
        { name: 'invalid kind', lName: 'https-invalid-kind', expectedConditions: refused('InvalidCACertificateKind') },
        { name: 'reference grant missing', lName: 'https-grant-missing', expectedConditions: refused('RefNotPermitted') },
      ];
      for (const tc of cases) await t.run(tc.name, (t) => gatewayListenerMustHaveConditions(t, s, gwNN, tc.lName, tc.expectedConditions));
    });
  },
};
