// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-reference-grant.go
import { INFRA_NAMESPACE, WEB_BACKEND_NAMESPACE } from '../harness';
import { gatewayAndTCPRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, tcpRouteMustHaveCondition } from '../kubernetes';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tcp';
import type { ConformanceTest } from '../types';

export const TCPRouteReferenceGrant: ConformanceTest = {
  shortName: 'TCPRouteReferenceGrant',
  description: 'A single TCPRoute in the gateway-conformance-infra namespace, with a backendRef in the gateway-conformance-web-backend namespace, should attach to a Gateway in the gateway-conformance-infra namespace when a ReferenceGrant in the backend namespace permits the reference.',
  upstream: 'tests/tcproute-reference-grant.go',
  features: ['Gateway', 'TCPRoute', 'ReferenceGrant'],
  manifests: ['tests/tcproute-reference-grant.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'tcp-reference-grant', namespace: ns };
    const gwNN = { name: 'tcp-reference-grant-gateway', namespace: ns };
    await namespacesMustBeReady(t, s, [ns, WEB_BACKEND_NAMESPACE]);
    const gwAddr = await gatewayAndTCPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'tcp'), routeNN);

    await t.run('TCP request should reach the cross-namespace backend', (t) =>
      makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, { backend: 'tcp-reference-grant-backend', namespace: WEB_BACKEND_NAMESPACE }));

    // Without the ReferenceGrant the backend may no longer be reached.
    s.delete('ReferenceGrant', WEB_BACKEND_NAMESPACE, 'tcp-reference-grant');

    await t.run('TCPRoute ResolvedRefs becomes False with reason RefNotPermitted after the ReferenceGrant is deleted', (t) =>
      tcpRouteMustHaveCondition(t, s, routeNN, gwNN, { type: 'ResolvedRefs', status: 'False', reason: 'RefNotPermitted' }));
  },
};
