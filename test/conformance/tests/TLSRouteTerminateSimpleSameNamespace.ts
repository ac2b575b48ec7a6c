// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-terminate-simple-same-namespace.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tls';
import type { ConformanceTest } from '../types';

export const TLSRouteTerminateSimpleSameNamespace: ConformanceTest = {
  shortName: 'TLSRouteTerminateSimpleSameNamespace',
  description: 'A single TLSRoute in the gateway-conformance-infra namespace attaches to a Gateway using Terminate mode in the same namespace',
  upstream: 'tests/tlsroute-terminate-simple-same-namespace.go',
  features: ['Gateway', 'TLSRoute', 'TLSRouteModeTerminate'],
  manifests: ['tests/tlsroute-terminate-simple-same-namespace.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'tlsroute-terminated-test', namespace: ns };
    const gwNN = { name: 'gateway-tlsroute-terminate', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const { address: gwAddr, hostnames } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    if (hostnames.length !== 1) t.fatal(`unexpected error in test configuration, found ${hostnames.length} hostnames`);
    const serverStr = hostnames[0];
    const caString = s.caCertificate(ns, 'tls-checks-ca-certificate');

    await t.run('Simple TLS request matching terminated TLSRoute should reach tcp-backend with plain text', (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, caString, serverStr, {
      backendIsTLS: false, // terminated on the Gateway
      backend: 'tcp-backend',
      namespace: INFRA_NAMESPACE,
      hostname: '', // the backend sees no SNI when the Gateway terminates
    }));
  },
};
