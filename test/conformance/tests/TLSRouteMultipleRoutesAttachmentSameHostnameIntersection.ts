// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-multiple-routes-attachment-same-hostname-intersection.go
import { INFRA_NAMESPACE, type Harness } from '../harness';
import { makeTLSRequestAndExpectEventuallyConsistentResponse } from '../http';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, tlsRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import { sleep, type T } from '../t';
import type { ConformanceTest } from '../types';

export const TLSRouteMultipleRoutesAttachmentSameHostnameIntersection: ConformanceTest = {
  shortName: 'TLSRouteMultipleRoutesAttachmentSameHostnameIntersection',
  description: 'TLSRoutes attached to the same listener should resolve conflicts using hostname specificity over creation timestamp',
  upstream: 'tests/tlsroute-multiple-routes-attachment-same-hostname-intersection.go',
  features: ['Gateway', 'GatewayRouteHostnameIntersectionPrecedence', 'TLSRoute'],
  manifests: ['tests/tlsroute-multiple-routes-attachment-same-hostname-intersection.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);
    const serverCertPem = s.tlsSecretCert(ns, 'tls-checks-certificate');
    if (!serverCertPem) t.fatal('missing required server certificate pem for the test');
    await t.run('TLSRoute exact hostname match takes precedence over TLSRoute wildcard hostname match despite having newer creation timestamp', (t) =>
      runCase(t, s, serverCertPem, 'gw-tlsroute-exact-hostname-x', 'tlsroute-wc-hostname-x-older', 'tlsroute-exact-hostname-x-newer', 'abc.example.com'));
    await t.run('TLSRoute more specific wildcard hostname match takes precedence over less specific wildcard hostname match despite having newer creation timestamp', (t) =>
      runCase(t, s, serverCertPem, 'gw-tlsroute-wc-hostname-x', 'tlsroute-less-specific-wc-hostname-x-older', 'tlsroute-more-specific-wc-hostname-x-newer', '*.example.com'));
  },
};

async function runCase(t: T, s: Harness, serverCertPem: string, gateway: string, olderRoute: string, newerRoute: string, newerHostname: string): Promise<void> {
  const ns = INFRA_NAMESPACE;
  const gwNN = { name: gateway, namespace: ns };
  const olderRouteNN = { name: olderRoute, namespace: ns };
  const newerRouteNN = { name: newerRoute, namespace: ns };
  const { address: gwAddr } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), olderRouteNN);
  // creationTimestamp has whole seconds: the second route must be strictly newer.
  await sleep(1000, t.signal);
  s.applyObjects([{
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'TLSRoute',
    metadata: { name: newerRouteNN.name, namespace: newerRouteNN.namespace },
    spec: {
      parentRefs: [{ name: gwNN.name }],
      hostnames: [newerHostname],
      rules: [{ backendRefs: [{ name: 'tls-backend-2', port: 443 }] }],
    },
  }]);
  await tlsRouteMustHaveResolvedRefsConditionsTrue(t, s, olderRouteNN, gwNN);
  await tlsRouteMustHaveResolvedRefsConditionsTrue(t, s, newerRouteNN, gwNN);
  await makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, serverCertPem, 'abc.example.com', {
    request: { host: 'abc.example.com', path: '/' }, backend: 'tls-backend-2', namespace: ns,
  });
}
