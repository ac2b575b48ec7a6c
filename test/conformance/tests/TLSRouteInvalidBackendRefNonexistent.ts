// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-invalid-backendref-nonexistent.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, tlsRouteMustHaveCondition } from '../kubernetes';
import { makeTLSConnectionAndExpectEventuallyConnectionRejection } from '../tls';
import type { ConformanceTest } from '../types';

export const TLSRouteInvalidBackendRefNonexistent: ConformanceTest = {
  shortName: 'TLSRouteInvalidBackendRefNonexistent',
  description: 'A single TLSRoute in the gateway-conformance-infra namespace has a ResolvedRefs status False with reason BackendNotFound when binding to a Gateway in the same namespace, if the route has a BackendRef Service that does not exist',
  upstream: 'tests/tlsroute-invalid-backendref-nonexistent.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-invalid-backendref-nonexistent.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'invalid-backend-ref-nonexistent', namespace: ns };
    const gwNN = { name: 'gateway-tlsroute-invalid-backend-ref-nonexistent', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const { address: gwAddr, hostnames } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('TLSRoute with only a nonexistent BackendRef has a ResolvedRefs Condition with status False and Reason BackendNotFound', (t) =>
      tlsRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound' }));

    await t.run('TLS connection to nonexistent backend should be rejected', (t) =>
      makeTLSConnectionAndExpectEventuallyConnectionRejection(t, s, gwAddr, hostnames[0]));
  },
};
