// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-hostname-intersection.go
import { INFRA_NAMESPACE, type Harness } from '../harness';
import { makeTLSRequestAndExpectEventuallyConsistentResponse, type ExpectedResponse } from '../http';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, tlsRouteMustHaveResolvedRefsConditionsTrue, type NN } from '../kubernetes';
import type { T } from '../t';
import { makeTLSConnectionAndExpectEventuallyConnectionRejection } from '../tls';
import type { ConformanceTest } from '../types';

const ns = INFRA_NAMESPACE;

/** A request through the passthrough listener that the named backend must answer. */
function reaches(host: string, backend: string): ExpectedResponse {
  return { request: { host, path: '/' }, backend, namespace: ns };
}

/**
 * One subtest of upstream: the Gateway and routes accepted, the routes' references resolved,
 * then (in parallel) requests for the intersecting hostnames reach their backends and a
 * handshake for a hostname outside the intersection is refused.
 */
async function intersection(t: T, s: Harness, serverCertPem: string, gwNN: NN, routes: readonly NN[], reached: readonly [string, string, string][], rejectedHost: string): Promise<void> {
  const { address: gwAddr } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routes);
  for (const routeNN of routes) await tlsRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
  await t.parallel([
    ...reached.map(([name, host, backend]) => [name, (t: T) => makeTLSRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, serverCertPem, host, reaches(host, backend))] as const),
    ['TLS request not matching hostnames intersection should not reach backend', (t: T) => makeTLSConnectionAndExpectEventuallyConnectionRejection(t, s, gwAddr, rejectedHost)] as const,
  ]);
}

const EXACT = 'TLS request matching exact hostnames intersection should reach backend';
const WILDCARD = 'TLS request matching wildcard hostnames intersection should reach backend 2';

export const TLSRouteHostnameIntersection: ConformanceTest = {
  shortName: 'TLSRouteHostnameIntersection',
  description: 'TLSRoutes should attach to listeners only if they have intersecting hostnames, and should accept requests only for the intersecting hostnames',
  upstream: 'tests/tlsroute-hostname-intersection.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-hostname-intersection.yaml'],
  async test(t, s) {
    await namespacesMustBeReady(t, s, [ns]);
    const serverCertPem = s.tlsSecretCert(ns, 'tls-checks-certificate');
    if (!serverCertPem) t.fatal('missing required server certificate pem for the test');

    await t.run('TLSRoutes intersect with exact listener hostname', (t) => intersection(t, s, serverCertPem,
      { name: 'gw-tlsroute-exact-hostname-x-1', namespace: ns },
      [{ namespace: ns, name: 'tlsroute-more-specific-wc-hostname-x-1' }],
      [[EXACT, 'abc.example.com', 'tls-backend']],
      'non.matching.com'));

    await t.run('TLSRoutes intersect with more specific wildcard listener hostname', (t) => intersection(t, s, serverCertPem,
      { name: 'gw-tlsroute-more-specific-wc-hostname-x-2', namespace: ns },
      [{ namespace: ns, name: 'tlsroute-exact-hostname-x-2' }, { namespace: ns, name: 'tlsroute-less-specific-wc-hostname-x-2' }],
      [[EXACT, 'abc.example.com', 'tls-backend'], [WILDCARD, 'other.example.com', 'tls-backend-2']],
      'non.matching.com'));

    await t.run('TLSRoutes intersect with less specific wildcard listener hostname', (t) => intersection(t, s, serverCertPem,
      { name: 'gw-tlsroute-less-specific-wc-hostname-x-3', namespace: ns },
      [{ namespace: ns, name: 'tlsroute-exact-hostname-x-3' }, { namespace: ns, name: 'tlsroute-more-specific-wc-hostname-x-3' }],
      [[EXACT, 'abc.example.com', 'tls-backend'], [WILDCARD, 'other.example.com', 'tls-backend-2']],
      'non.matching.com'));

    await t.run('TLSRoutes intersect with empty listener hostname', (t) => intersection(t, s, serverCertPem,
      { name: 'gw-tlsroute-empty-hostname-x-4', namespace: ns },
      [{ namespace: ns, name: 'tlsroute-exact-hostname-x-4' }, { namespace: ns, name: 'tlsroute-less-specific-wc-hostname-x-4' }],
      [[EXACT, 'abc.example.com', 'tls-backend'], [WILDCARD, 'other.example.com', 'tls-backend-2']],
      'non.matching.org'));
  },
};
