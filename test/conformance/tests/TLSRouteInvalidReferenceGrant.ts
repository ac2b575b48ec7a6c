// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-invalid-reference-grant.go
import { INFRA_NAMESPACE, INFRASTRUCTURE_GATEWAY_NAME } from '../harness';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, tlsRouteMustHaveCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const TLSRouteInvalidReferenceGrant: ConformanceTest = {
  shortName: 'TLSRouteInvalidReferenceGrant',
  description: 'A single TLSRoute in the gateway-conformance-infra namespace, with a backendRef in another namespace without valid ReferenceGrant, should have the ResolvedRefs condition set to False',
  upstream: 'tests/tlsroute-invalid-reference-grant.go',
  features: ['Gateway', 'TLSRoute', 'ReferenceGrant'],
  manifests: ['tests/tlsroute-invalid-reference-grant.yaml'],
  async test(t, s) {
    const routeNN = { name: INFRASTRUCTURE_GATEWAY_NAME, namespace: INFRA_NAMESPACE };
    const gwNN = { name: 'gateway-tlsroute-referencegrant', namespace: INFRA_NAMESPACE };
    await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('TLSRoute with BackendRef in another namespace and no ReferenceGrant covering the Service has a ResolvedRefs Condition with status False and Reason RefNotPermitted', (t) =>
      tlsRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));
  },
};
