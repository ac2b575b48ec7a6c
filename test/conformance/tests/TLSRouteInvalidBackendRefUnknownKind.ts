// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-invalid-backendref-unknown-kind.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, tlsRouteMustHaveCondition } from '../kubernetes';
import { makeTLSConnectionAndExpectEventuallyConnectionRejection } from '../tls';
import type { ConformanceTest } from '../types';

export const TLSRouteInvalidBackendRefUnknownKind: ConformanceTest = {
  shortName: 'TLSRouteInvalidBackendRefUnknownKind',
  description: 'A single TLSRoute in the gateway-conformance-infra namespace should set a ResolvedRefs status False with reason InvalidKind when attempting to bind to a Gateway in the same namespace if the route has a BackendRef that points to an unknown Kind.',
  upstream: 'tests/tlsroute-invalid-backendref-unknown-kind.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-invalid-backendref-unknown-kind.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'invalid-backend-ref-unknown-kind', namespace: ns };
    const gwNN = { name: 'gateway-tlsroute-invalid-backend-ref-unknown-kind', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const { address: gwAddr, hostnames } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('TLSRoute with Invalid Kind has a ResolvedRefs Condition with status False and Reason InvalidKind', (t) =>
      tlsRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'InvalidKind' }));

    await t.run('TLS connection to invalid backend with invalid Kind should be rejected', (t) =>
      makeTLSConnectionAndExpectEventuallyConnectionRejection(t, s, gwAddr, hostnames[0]));
  },
};
