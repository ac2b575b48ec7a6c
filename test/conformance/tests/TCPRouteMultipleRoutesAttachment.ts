// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tcproute-multiple-routes-attachment.go
import { INFRA_NAMESPACE } from '../harness';
import { GATEWAY_GROUP, gatewayAndTCPRoutesMustBeAccepted, gatewayRef, gatewayStatusMustHaveListeners, namespacesMustBeReady, tcpRouteMustHaveCondition, type ExpectedCondition } from '../kubernetes';
import { sleep } from '../t';
import { echoSendOnce, makeTCPRequestAndExpectEventuallyValidResponse } from '../tcp';
import type { ConformanceTest } from '../types';

export const TCPRouteMultipleRoutesAttachment: ConformanceTest = {
  shortName: 'TCPRouteMultipleRoutesAttachment',
  description: 'When two TCPRoutes target the same Gateway listener, both must report Accepted=True. Only the oldest route is attached to the listener, and the listener\'s AttachedRoutes count must reflect this.',
  upstream: 'tests/tcproute-multiple-routes-attachment.go',
  features: ['Gateway', 'TCPRoute'],
  manifests: ['tests/tcproute-multiple-routes-attachment.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'tcp-multi-route-attach-gateway', namespace: ns };
    const olderRouteNN = { name: 'tcproute-attach-older', namespace: ns };
    const newerRouteNN = { name: 'tcproute-attach-newer', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    // The gateway and the older route first, so the creation order is unambiguous.
    const gwAddr = await gatewayAndTCPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'tcp'), olderRouteNN);
    // creationTimestamp has whole seconds: the second route must be strictly newer.
    await sleep(1000, t.signal);
    s.applyObjects([{
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'TCPRoute',
      metadata: { name: newerRouteNN.name, namespace: newerRouteNN.namespace },
      spec: {
        parentRefs: [{ name: gwNN.name, sectionName: 'tcp' }],
        rules: [{ backendRefs: [{ name: 'tcp-attach-backend-2', port: 3000 }] }],
      },
    }]);

    const accepted: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    await t.run('Both TCPRoutes should be Accepted by the Gateway', async (t) => {
      // The newer route is refused at the listener, not through its Accepted condition.
      await tcpRouteMustHaveCondition(t, s, olderRouteNN, gwNN, accepted);
      await tcpRouteMustHaveCondition(t, s, newerRouteNN, gwNN, accepted);
    });

    await t.run('Gateway listener should report 2 attached Routes', (t) => gatewayStatusMustHaveListeners(t, s, gwNN, [{
      name: 'tcp',
      supportedKinds: [{ group: GATEWAY_GROUP, kind: 'TCPRoute' }],
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
      attachedRoutes: 2,
    }]));

    await t.run('Only the oldest TCPRoute should receive traffic', async (t) => {
      await makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, { backend: 'tcp-attach-backend-1', namespace: ns });
      // One connection could reach the older backend by chance even with both routes bound: sample many.
      const sampleCount = 100;
      const perReqTimeout = 5000;
      for (let i = 0; i < sampleCount; i++) {
        t.checkDeadline();
        const pod = await echoSendOnce(gwAddr, perReqTimeout).catch((err: Error) => t.fatal(`TCP echo request ${i + 1}/${sampleCount} failed: ${err.message}`));
        if (pod.startsWith('tcp-attach-backend-2-')) t.fatal(`request ${i + 1}/${sampleCount} reached newer route backend ${JSON.stringify(pod)}; only the oldest route should be attached`);
        if (!pod.startsWith('tcp-attach-backend-1-')) t.fatal(`request ${i + 1}/${sampleCount} reached unexpected backend ${JSON.stringify(pod)}; expected pod from "tcp-attach-backend-1-"`);
      }
    });
  },
};
