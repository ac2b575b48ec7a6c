// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-parentref-port-and-section-name.go
import { INFRA_NAMESPACE } from '../harness';
import { GATEWAY_GROUP, gatewayRef, namespacesMustBeReady, tcpRouteMustHaveParents, waitForGatewayAddress, type ExpectedRouteParentStatus } from '../kubernetes';
import type { T } from '../t';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tcp';
import type { ConformanceTest } from '../types';

export const TCPRouteParentRefPortAndSectionName: ConformanceTest = {
  shortName: 'TCPRouteParentRefPortAndSectionName',
  description: 'A TCPRoute attaches to a TCP listener by port, by sectionName, or by both.',
  upstream: 'tests/tcproute-parentref-port-and-section-name.go',
  features: ['Gateway', 'TCPRoute'],
  manifests: ['tests/tcproute-parentref-port-and-section-name.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'tcp-multi-listener-gateway', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const acceptedParent = (): ExpectedRouteParentStatus => ({
      parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', name: gwNN.name, namespace: ns },
      controllerName: s.controllerName,
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
    });
    const expectBackendForListener = async (t: T, listener: string, backend: string): Promise<void> => {
      const gwAddr = await waitForGatewayAddress(t, s, gatewayRef(gwNN, listener));
      await makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, { backend, namespace: ns });
    };

    await t.run('TCPRoute attaches to a TCP listener by port', async (t) => {
      await tcpRouteMustHaveParents(t, s, { name: 'tcp-route-by-port', namespace: ns }, [acceptedParent()], false);
      await expectBackendForListener(t, 'one', 'tcp-echo-one');
    });
    await t.run('TCPRoute attaches to a TCP listener by sectionName', async (t) => {
      await tcpRouteMustHaveParents(t, s, { name: 'tcp-route-by-section', namespace: ns }, [acceptedParent()], false);
      await expectBackendForListener(t, 'two', 'tcp-echo-two');
    });
    await t.run('TCPRoute attaches to a TCP listener by sectionName and port', async (t) => {
      await tcpRouteMustHaveParents(t, s, { name: 'tcp-route-by-section-and-port', namespace: ns }, [acceptedParent()], false);
      await expectBackendForListener(t, 'three', 'tcp-echo-three');
    });
  },
};
