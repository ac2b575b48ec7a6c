// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-reference-grant.go
import { APP_BACKEND_NAMESPACE, INFRA_NAMESPACE } from '../harness';
import { gatewayAndUDPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, udpRouteMustHaveCondition } from '../kubernetes';
import { expectEchoResponse } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRouteReferenceGrant: ConformanceTest = {
  shortName: 'UDPRouteReferenceGrant',
  description: 'A UDPRoute in the gateway-conformance-infra namespace, with a backendRef in the gateway-conformance-app-backend namespace, should attach to the Gateway and forward UDP traffic to the backend while a ReferenceGrant permits the cross-namespace reference.',
  upstream: 'tests/udproute-reference-grant.go',
  features: ['Gateway', 'UDPRoute', 'ReferenceGrant'],
  manifests: ['tests/udproute-reference-grant.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'udp-route-reference-grant', namespace: ns };
    const gwNN = { name: 'udp-gateway-reference-grant', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndUDPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('UDPRoute with cross-namespace backendRef and a permitting ReferenceGrant has ResolvedRefs=True', (t) =>
      udpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' }));

    await t.run('UDP echo request reaches the cross-namespace backend while the ReferenceGrant exists', (t) =>
      expectEchoResponse(t, s, gwAddr));

    s.delete('ReferenceGrant', APP_BACKEND_NAMESPACE, 'udp-reference-grant');

    await t.run('UDPRoute has ResolvedRefs=False with reason RefNotPermitted after deleting the ReferenceGrant', (t) =>
      udpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));
  },
};
