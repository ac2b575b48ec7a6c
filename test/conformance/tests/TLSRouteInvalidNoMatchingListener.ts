// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-invalid-no-matching-listener.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayMustHaveZeroRoutes, namespacesMustBeReady, tlsRouteMustHaveCondition, tlsRouteMustHaveNoAcceptedParents, type ExpectedCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteInvalidNoMatchingListener: ConformanceTest = {
  shortName: 'TLSRouteInvalidNoMatchingListener',
  description: 'A TLSRoute should set Accepted=False when attaching to a Gateway with no compatible TLS listener',
  upstream: 'tests/tlsroute-invalid-no-matching-listener.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-invalid-no-matching-listener.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNotAllowedProtocolHTTPNN = { name: 'tlsroute-not-allowed-protocol-http', namespace: ns };
    const routeNotAllowedProtocolHTTPSNN = { name: 'tlsroute-not-allowed-protocol-https', namespace: ns };
    const routeNoMatchingSectionNN = { name: 'tlsroute-no-matching-section-name', namespace: ns };
    const gwTLSPassthroughOnlyNN = { name: 'gateway-tlsroute-tls-passthrough-only', namespace: ns };
    const gwHTTPOnlyNN = { name: 'gateway-tlsroute-http-only', namespace: ns };
    const gwHTTPSOnlyNN = { name: 'gateway-tlsroute-https-only', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const acceptedCondNoMatchingParent: ExpectedCondition = { type: 'Accepted', status: 'False', reason: 'NoMatchingParent' };
    const acceptedCondNotAllowed: ExpectedCondition = { type: 'Accepted', status: 'False', reason: 'NotAllowedByListeners' };
    await t.run('TLSRoute rejected when listener protocol is HTTP', (t) => tlsRouteMustHaveCondition(t, s, routeNotAllowedProtocolHTTPNN, gwHTTPOnlyNN, acceptedCondNotAllowed));
    await t.run('TLSRoute rejected when listener protocol is HTTPS', (t) => tlsRouteMustHaveCondition(t, s, routeNotAllowedProtocolHTTPSNN, gwHTTPSOnlyNN, acceptedCondNotAllowed));
    await t.run('TLSRoute rejected when sectionName not found', (t) => tlsRouteMustHaveCondition(t, s, routeNoMatchingSectionNN, gwTLSPassthroughOnlyNN, acceptedCondNoMatchingParent));
    await t.run('TLSRoute (HTTP listener) should not have Parents accepted', (t) => tlsRouteMustHaveNoAcceptedParents(t, s, routeNotAllowedProtocolHTTPNN));
    await t.run('TLSRoute (HTTPS listener) should not have Parents accepted', (t) => tlsRouteMustHaveNoAcceptedParents(t, s, routeNotAllowedProtocolHTTPSNN));
    await t.run('TLSRoute (wrong sectionName) should not have Parents accepted', (t) => tlsRouteMustHaveNoAcceptedParents(t, s, routeNoMatchingSectionNN));
    await t.run('Gateway HTTP-only should have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, gwHTTPOnlyNN));
    await t.run('Gateway HTTPS-only should have 0 Routes attached', (t) => gatewayMustHaveZeroRoutes(t, s, gwHTTPSOnlyNN));
  },
};
