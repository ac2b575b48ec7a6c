// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/udproute-multiple-routes-attachment.go
import { INFRA_NAMESPACE } from '../harness';
import { extractBackendName } from '../http';
import { GATEWAY_GROUP, gatewayAndUDPRoutesMustBeAccepted, gatewayRef, gatewayStatusMustHaveListeners, namespacesMustBeReady, udpRouteMustHaveCondition, type ExpectedCondition } from '../kubernetes';
import { pollUntil, sleep } from '../t';
import { udpEchoSendOnce } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRouteMultipleRoutesAttachment: ConformanceTest = {
  shortName: 'UDPRouteMultipleRoutesAttachment',
  description: 'When two UDPRoutes target the same Gateway listener, both must report Accepted=True. Only the oldest route is attached and receives traffic; the listener\'s AttachedRoutes count must reflect both.',
  upstream: 'tests/udproute-multiple-routes-attachment.go',
  features: ['Gateway', 'UDPRoute'],
  manifests: ['tests/udproute-multiple-routes-attachment.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'udp-multi-route-attach-gateway', namespace: ns };
    const olderRouteNN = { name: 'udproute-attach-older', namespace: ns };
    const newerRouteNN = { name: 'udproute-attach-newer', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    // The gateway and the older route first, so the creation order is unambiguous.
    const gwAddr = await gatewayAndUDPRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'udp'), olderRouteNN);
    // creationTimestamp has whole seconds: the second route must be strictly newer.
    await sleep(1000, t.signal);
    s.applyObjects([{
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'UDPRoute',
      metadata: { name: newerRouteNN.name, namespace: newerRouteNN.namespace },
      spec: {
        parentRefs: [{ name: gwNN.name, sectionName: 'udp' }],
        rules: [{ backendRefs: [{ name: 'udp-attach-backend-2', port: 8080 }] }],
      },
    }]);

    const accepted: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    await t.run('Both UDPRoutes should be Accepted by the Gateway', async (t) => {
      // The newer route is refused at the listener, not through its Accepted condition.
      await udpRouteMustHaveCondition(t, s, olderRouteNN, gwNN, accepted);
      await udpRouteMustHaveCondition(t, s, newerRouteNN, gwNN, accepted);
    });

    await t.run('Gateway listener should report 2 attached Routes', (t) => gatewayStatusMustHaveListeners(t, s, gwNN, [{
      name: 'udp',
      supportedKinds: [{ group: GATEWAY_GROUP, kind: 'UDPRoute' }],
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
      attachedRoutes: 2,
    }]));

    await t.run('Only the oldest UDPRoute should receive traffic', async (t) => {
      const probeTimeout = 2000;
      const probes = 20;
      let last = '';
      let wrong: string | null = null;
      const ok = await pollUntil(t, s.timeouts.convergenceRetryDelay, s.timeouts.defaultTestTimeout, async () => {
        for (let i = 0; i < probes; i++) {
          let pod: string;
          try {
            pod = await udpEchoSendOnce(gwAddr, probeTimeout);
          } catch (err) {
            last = `UDP probe ${i + 1} failed: ${(err as Error).message}`;
            t.log(`${last}, will retry`);
            return false;
          }
          const backend = extractBackendName(pod);
          // An error from the condition ends the wait at once.
          if (backend !== 'udp-attach-backend-1') {
            wrong = `UDP traffic reached unexpected backend ${JSON.stringify(backend)} (pod ${JSON.stringify(pod)}); only udp-attach-backend-1 should receive traffic`;
            return true;
          }
        }
        return true;
      });
      if (wrong) t.fatal(`UDP traffic verification failed: ${wrong}`);
      if (!ok) t.fatal(`UDP traffic verification failed: ${last}`);
    });
  },
};
