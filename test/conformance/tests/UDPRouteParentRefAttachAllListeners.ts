// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-parentref-attach-all-listeners.go
import { INFRA_NAMESPACE } from '../harness';
import { GATEWAY_GROUP, gatewayRef, gatewayStatusMustHaveListeners, namespacesMustBeReady, udpRouteMustHaveParents, waitForGatewayAddress, type ExpectedCondition, type ExpectedRouteParentStatus } from '../kubernetes';
import { expectEchoResponseFromBackend } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRouteParentRefAttachAllListeners: ConformanceTest = {
  shortName: 'UDPRouteParentRefAttachAllListeners',
  description: 'A UDPRoute whose parentRef sets neither `port` nor `sectionName` attaches to every UDP listener on the Gateway, and traffic to each listener reaches the configured backend.',
  upstream: 'tests/udproute-parentref-attach-all-listeners.go',
  features: ['Gateway', 'UDPRoute'],
  manifests: ['tests/udproute-parentref-attach-all-listeners.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'udp-attach-all-listeners-gateway', namespace: ns };
    const routeNN = { name: 'udp-route-attach-all', namespace: ns };
    const backend = 'udp-echo-attach-all';
    await namespacesMustBeReady(t, s, [ns]);

    const acceptedParent: ExpectedRouteParentStatus = {
      parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', name: gwNN.name, namespace: ns },
      controllerName: s.controllerName,
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
    };
    await t.run('UDPRoute is accepted by the Gateway', (t) => udpRouteMustHaveParents(t, s, routeNN, [acceptedParent], false));

    // The route attaches to every UDP listener: each counts it.
    await t.run('Every UDP listener on the Gateway has the UDPRoute attached', (t) => {
      const ready: ExpectedCondition[] = [{ type: 'Accepted', status: 'True' }, { type: 'ResolvedRefs', status: 'True' }];
      const udpRouteKind = [{ group: GATEWAY_GROUP, kind: 'UDPRoute' }];
      return gatewayStatusMustHaveListeners(t, s, gwNN, ['udp-1', 'udp-2', 'udp-3'].map((name) => ({ name, supportedKinds: udpRouteKind, attachedRoutes: 1, conditions: ready })));
    });

    for (const listener of ['udp-1', 'udp-2', 'udp-3']) {
      await t.run(`UDP echo via listener ${listener} reaches the backend`, async (t) => {
        const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, listener));
        await expectEchoResponseFromBackend(t, s, gwAddr, { service: backend, namespace: ns });
      });
    }
  },
};
