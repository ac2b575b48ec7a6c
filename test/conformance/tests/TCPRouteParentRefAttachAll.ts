// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-parentref-attach-all.go
import { INFRA_NAMESPACE } from '../harness';
import { GATEWAY_GROUP, gatewayRef, namespacesMustBeReady, tcpRouteMustHaveParents, waitForGatewayAddress, type ExpectedRouteParentStatus } from '../kubernetes';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tcp';
import type { ConformanceTest } from '../types';

export const TCPRouteParentRefAttachAll: ConformanceTest = {
  shortName: 'TCPRouteParentRefAttachAll',
  description: 'A TCPRoute whose parentRef sets neither sectionName nor port should attach to every TCP listener on the Gateway, and traffic to each listener should reach the configured backend.',
  upstream: 'tests/tcproute-parentref-attach-all.go',
  features: ['Gateway', 'TCPRoute'],
  manifests: ['tests/tcproute-parentref-attach-all.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'tcp-attach-all-gateway', namespace: ns };
    const routeNN = { name: 'tcp-route-attach-all', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const expectedParents: ExpectedRouteParentStatus[] = [{
      parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', name: gwNN.name, namespace: ns },
      controllerName: s.controllerName,
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
    }];
    await t.run('TCPRoute is Accepted on the Gateway', (t) => tcpRouteMustHaveParents(t, s, routeNN, expectedParents, false));

    // The attach-all route is the Gateway's only route: every listener reaches its backend.
    const backend = 'tcp-echo-attach-all';
    for (const listener of ['one', 'two', 'three', 'four']) {
      await t.run(`Listener ${listener} routes to the attach-all backend`, async (t) => {
        const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, listener));
        await makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, { backend, namespace: ns });
      });
    }
  },
};
