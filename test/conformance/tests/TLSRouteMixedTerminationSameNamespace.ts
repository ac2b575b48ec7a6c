// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-mixed-termination-same-namespace.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, gatewayStatusMustHaveListeners, namespacesMustBeReady, type ExpectedListenerStatus } from '../kubernetes';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tls';
import type { ConformanceTest } from '../types';

export const TLSRouteMixedTerminationSameNamespace: ConformanceTest = {
  shortName: 'TLSRouteMixedTerminationSameNamespace',
  description: 'A Gateway with 2 TLS Listeners on different modes, on the same port must route the traffic correctly',
  upstream: 'tests/tlsroute-mixed-termination-same-namespace.go',
  features: ['Gateway', 'TLSRoute', 'TLSRouteModeTerminate', 'TLSRouteModeMixed'],
  manifests: ['tests/tlsroute-mixed-termination-same-namespace.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeTerminateNN = { name: 'gateway-conformance-mixed-terminateroute', namespace: ns };
    const routePassthroughNN = { name: 'gateway-conformance-mixed-passthroughroute', namespace: ns };
    const gwNN = { name: 'gateway-tlsroute-mixed-termination', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const { address: gwAddr, hostnames: hostnamesPassthrough } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routePassthroughNN);

    const listener = (name: string): ExpectedListenerStatus => ({
      name,
      supportedKinds: [{ kind: 'TLSRoute' }],
      conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
      attachedRoutes: 1,
    });
    await gatewayStatusMustHaveListeners(t, s, gwNN, [listener('tls-terminate'), listener('tls-passthrough')]);

    if (hostnamesPassthrough.length !== 1) t.fatal(`unexpected error in test configuration, found ${hostnamesPassthrough.length} passthrough hostnames`);
    const serverStrPassthrough = hostnamesPassthrough[0];

    const { hostnames: hostnamesTerminate } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeTerminateNN);
    if (hostnamesTerminate.length !== 1) t.fatal(`unexpected error in test configuration, found ${hostnamesTerminate.length} terminate hostnames`);
    const serverStrTerminate = hostnamesTerminate[0];

    const caString = s.caCertificate(ns, 'tls-checks-ca-certificate');

    await t.parallel([
      ['Simple TLS request matching terminated TLSRoute should reach tcp-backend unencrypted', (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, caString, serverStrTerminate, {
        backendIsTLS: false, // terminated on the Gateway
        backend: 'tcp-backend',
        namespace: INFRA_NAMESPACE,
        hostname: '', // the backend sees no SNI when the Gateway terminates
      })],
      ['Simple TLS request matching TLSRoute Passthrough should reach infra-backend', (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, caString, serverStrPassthrough, {
        backendIsTLS: true, // Passthrough expects a TLS backend
        backend: 'tcp-backend',
        namespace: INFRA_NAMESPACE,
        hostname: serverStrPassthrough,
      })],
    ]);
  },
};
