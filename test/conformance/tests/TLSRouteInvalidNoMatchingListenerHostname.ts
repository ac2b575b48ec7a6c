// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-invalid-no-matching-listener-hostname.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, namespacesMustBeReady, tlsRouteMustHaveCondition, tlsRouteMustHaveNoAcceptedParents, type ExpectedCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteInvalidNoMatchingListenerHostname: ConformanceTest = {
  shortName: 'TLSRouteInvalidNoMatchingListenerHostname',
  description: 'A TLSRoute with a hostname that does not match the Gateway listener hostname should set Accepted=False with Reason=NoMatchingListenerHostname',
  upstream: 'tests/tlsroute-invalid-no-matching-listener-hostname.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-invalid-no-matching-listener-hostname.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const route1NN = { name: 'tlsroute-hostname-mismatch-1', namespace: ns };
    const route2NN = { name: 'tlsroute-hostname-mismatch-2', namespace: ns };
    const exactGwNN = { name: 'gateway-tls-exact-hostname', namespace: ns };
    const wildcardGwNN = { name: 'gateway-tls-wildcard-hostname', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const acceptedCond: ExpectedCondition = { type: 'Accepted', status: 'False', reason: 'NoMatchingListenerHostname' };
    await t.run('TLSRoute 1 has Accepted=False for exact hostname Gateway', (t) => tlsRouteMustHaveCondition(t, s, route1NN, exactGwNN, acceptedCond));
    await t.run('TLSRoute 2 has Accepted=False for wildcard hostname Gateway', (t) => tlsRouteMustHaveCondition(t, s, route2NN, wildcardGwNN, acceptedCond));
    await t.run('TLSRoute 1 must have no accepted parents', (t) => tlsRouteMustHaveNoAcceptedParents(t, s, route1NN));
    await t.run('TLSRoute 2 must have no accepted parents', (t) => tlsRouteMustHaveNoAcceptedParents(t, s, route2NN));
    await t.run('Exact hostname Gateway must have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, exactGwNN));
    await t.run('Wildcard hostname Gateway must have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, wildcardGwNN));
  },
};
