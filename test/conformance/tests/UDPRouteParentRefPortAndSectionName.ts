// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-parentref-port-and-section-name.go
import { INFRA_NAMESPACE } from '../harness';
import { GATEWAY_GROUP, gatewayRef, namespacesMustBeReady, udpRouteMustHaveParents, waitForGatewayAddress, type ExpectedRouteParentStatus } from '../kubernetes';
import { expectEchoResponseFromBackend } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRouteParentRefPortAndSectionName: ConformanceTest = {
  shortName: 'UDPRouteParentRefPortAndSectionName',
  description: 'A UDPRoute attaches to a UDP listener selected by port, by sectionName, or by both, and traffic to each listener is routed to the backend Service configured by the corresponding UDPRoute.',
  upstream: 'tests/udproute-parentref-port-and-section-name.go',
  features: ['Gateway', 'UDPRoute'],
  manifests: ['tests/udproute-parentref-port-and-section-name.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'udp-multi-listener-gateway', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const acceptedParent = (): ExpectedRouteParentStatus => ({
      parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', name: gwNN.name, namespace: ns },
      controllerName: s.controllerName,
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
    });
    // Each listener has its own backend Service: the echo's service field says which answered.
    const scenarios = [
      { name: 'UDPRoute attaches to a UDP listener by port', route: 'udp-route-by-port', listener: 'by-port', backend: 'udp-echo-by-port' },
      { name: 'UDPRoute attaches to a UDP listener by sectionName', route: 'udp-route-by-section', listener: 'by-section', backend: 'udp-echo-by-section' },
      { name: 'UDPRoute attaches to a UDP listener by sectionName and port', route: 'udp-route-by-section-and-port', listener: 'by-section-and-port', backend: 'udp-echo-by-section-and-port' },
    ];
    for (const sc of scenarios) {
      await t.run(sc.name, async (t) => {
        await udpRouteMustHaveParents(t, s, { name: sc.route, namespace: ns }, [acceptedParent()], false);
        const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, sc.listener));
        await expectEchoResponseFromBackend(t, s, gwAddr, { service: sc.backend, namespace: ns });
      });
    }
  },
};
