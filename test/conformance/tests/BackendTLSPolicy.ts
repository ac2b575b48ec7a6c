// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy.go
import { INFRA_NAMESPACE } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse, makeRequestAndExpectFailure, makeTLSRequestAndExpectEventuallyConsistentResponse } from '../http';
import {
  backendTLSPolicyMustHaveCondition, gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady,
  type ExpectedCondition,
} from '../kubernetes';
import type { KubeDoc } from '../manifests';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicy: ConformanceTest = {
  shortName: 'BackendTLSPolicy',
  description: 'BackendTLSPolicy must be used to configure TLS connection between gateway and backend',
  upstream: 'tests/backendtlspolicy.go',
  features: ['Gateway', 'HTTPRoute', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const acceptedCond: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    const resolvedRefsCond: ExpectedCondition = { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' };

    await t.run('Re-encrypt HTTPS request sent to Service with valid BackendTLSPolicy should succeed', async (t) => {
      const routeNN = { name: 'backendtlspolicy-reencrypt', namespace: ns };
      const gwNN = { name: 'same-namespace-with-https-listener', namespace: ns };
      await namespacesMustBeReady(t, s, [ns]);
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
      await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

      const validPolicyNN = { name: 'normative-test', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, validPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, validPolicyNN, gwNN, resolvedRefsCond);

      // The frontend listener's certificate.
      const serverCertPem = s.tlsSecretCert(ns, 'tls-validity-checks-certificate');
      await makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, serverCertPem, 'https-listener.org', {
        namespace: ns,
        request: { host: 'https-listener.org', path: '/backendtlspolicy', sni: 'https-listener.org' },
        expectedRequest: { path: '/backendtlspolicy', sni: 'abc.example.com' },
        response: { statusCodes: [200] },
      });
    });

    const routeNN = { name: 'backendtlspolicy', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    await t.run('HTTP request sent to Service with valid BackendTLSPolicy should succeed', async (t) => {
      const validPolicyNN = { name: 'normative-test', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, validPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, validPolicyNN, gwNN, resolvedRefsCond);
      await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        namespace: ns,
        request: { host: 'abc.example.com', path: '/backendtlspolicy', sni: 'abc.example.com' },
        response: { statusCodes: [200] },
      });
    });

    await t.run('HTTP request sent to Service targeted by BackendTLSPolicy with mismatched hostname should return an HTTP error', async (t) => {
      const invalidPolicyNN = { name: 'host-mismatch', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, invalidPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, invalidPolicyNN, gwNN, resolvedRefsCond);
      await makeRequestAndExpectFailure(t, s, gwAddr, {
        namespace: ns,
        request: { host: 'abc.example.org', path: '/backendtlspolicy-host-mismatch', sni: 'abc.example.com' },
      });
    });

    await t.run('HTTP request send to Service targeted by BackendTLSPolicy with mismatched cert should return HTTP error', async (t) => {
      const invalidCertPolicyNN = { name: 'cert-mismatch', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, invalidCertPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, invalidCertPolicyNN, gwNN, resolvedRefsCond);
      await makeRequestAndExpectFailure(t, s, gwAddr, {
        namespace: ns,
        request: { host: 'abc.example.com', path: '/backendtlspolicy-cert-mismatch', sni: 'abc.example.com' },
      });
    });

    await t.run('Changing the content of a ConfigMap used by BackendTLSPolicy as CA certificate should be reconciled by the controller', async (t) => {
      const testPolicyNN = { name: 'reconcile-test', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, resolvedRefsCond);

      const sharedCM = s.get('ConfigMap', ns, 'tls-checks-ca-certificate');
      if (!sharedCM) return t.fatal('failed to get shared configmap');
      const originalCAData = String((sharedCM.data as Record<string, unknown>)['ca.crt']);

      // A ConfigMap of the test's own, with the same CA.
      const testCMName = 'tls-checks-ca-certificate-reconcile-test';
      const policy = s.get('BackendTLSPolicy', ns, testPolicyNN.name);
      if (!policy) return t.fatal('failed to get BackendTLSPolicy');
      const validation = (doc: KubeDoc): Record<string, unknown> => (doc.spec as { validation: Record<string, unknown> }).validation;
      const originalCACertRefs = structuredClone(validation(policy).caCertificateRefs);
      s.patch('BackendTLSPolicy', ns, testPolicyNN.name, (doc) => {
        validation(doc).caCertificateRefs = [{ group: '', kind: 'ConfigMap', name: testCMName }];
      });

      const invalidAcceptedCond: ExpectedCondition = { type: 'Accepted', status: 'False', reason: 'NoValidCACertificate' };
      const invalidResolvedRefsCond: ExpectedCondition = { type: 'ResolvedRefs', status: 'False', reason: 'InvalidCACertificateRef' };
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, invalidAcceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, invalidResolvedRefsCond);
      s.applyObjects([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: testCMName, namespace: ns }, data: { 'ca.crt': originalCAData } }]);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, resolvedRefsCond);

      const patchConfigMapCACert = (data: string): void => s.patch('ConfigMap', ns, testCMName, (doc) => { (doc.data as Record<string, string>)['ca.crt'] = data; });
      patchConfigMapCACert('');
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, invalidAcceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, invalidResolvedRefsCond);
      patchConfigMapCACert(originalCAData);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, testPolicyNN, gwNN, resolvedRefsCond);

      s.patch('BackendTLSPolicy', ns, testPolicyNN.name, (doc) => { validation(doc).caCertificateRefs = originalCACertRefs; });
    });
  },
};
