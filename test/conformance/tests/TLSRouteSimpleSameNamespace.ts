// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/tlsroute-simple-same-namespace.go
import { INFRA_NAMESPACE, INFRASTRUCTURE_GATEWAY_NAME } from '../harness';
import { gatewayAndTLSRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import { makeTCPRequestAndExpectEventuallyValidResponse } from '../tls';
import type { ConformanceTest } from '../types';

export const TLSRouteSimpleSameNamespace: ConformanceTest = {
  shortName: 'TLSRouteSimpleSameNamespace',
  description: 'A single TLSRoute in the gateway-conformance-infra namespace attaches to a Gateway in the same namespace',
  upstream: 'tests/tlsroute-simple-same-namespace.go',
  features: ['Gateway', 'TLSRoute'],
  manifests: ['tests/tlsroute-simple-same-namespace.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: INFRASTRUCTURE_GATEWAY_NAME, namespace: ns };
    const gwNN = { name: 'gateway-tlsroute', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);

    const { address: gwAddr, hostnames } = await gatewayAndTLSRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    if (hostnames.length !== 1) t.fatal(`unexpected error in test configuration, found ${hostnames.length} hostnames`);
    const serverStr = hostnames[0];
    const caString = s.caCertificate(ns, 'tls-checks-ca-certificate');

    await t.run('Simple TLS request matching TLSRoute should reach infra-backend', (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, s, gwAddr, caString, serverStr, {
      backendIsTLS: true, // Passthrough expects a TLS backend
      backend: 'tcp-backend',
      namespace: INFRA_NAMESPACE,
      hostname: serverStr,
    }));
  },
};
