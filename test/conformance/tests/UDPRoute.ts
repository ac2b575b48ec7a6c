// Upstream: sigs.k8s.io/gateway-api/conformance@v1.6.1 tests/udproute-simple.go
import { INFRA_NAMESPACE } from '../harness';
import { gatewayAndUDPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import { pollUntil } from '../t';
import { describeDns, dnsExchange, dnsQuestion } from '../udp';
import type { ConformanceTest } from '../types';

export const UDPRoute: ConformanceTest = {
  shortName: 'UDPRoute',
  description: 'Make sure UDPRoute is working',
  upstream: 'tests/udproute-simple.go',
  features: ['UDPRoute', 'Gateway'],
  provisional: true,
  manifests: ['tests/udproute-simple.yaml'],
  async test(t, s) {
    await t.run('Simple UDP request matching UDPRoute should reach coredns backend', async (t) => {
      const namespace = INFRA_NAMESPACE;
      const domain = 'foo.bar.com.';
      const routeNN = { name: 'udp-coredns', namespace };
      const gwNN = { name: 'udp-gateway', namespace };
      const gwAddr = await gatewayAndUDPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

      const msg = dnsQuestion(domain, 'A');
      t.log(`performing DNS query ${domain} on ${gwAddr}`);
      let last = '';
      const ok = await pollUntil(t, s.timeouts.convergenceRetryDelay, s.timeouts.defaultTestTimeout, async () => {
        try {
          t.log(`got DNS response: ${describeDns(await dnsExchange(msg, gwAddr))}`);
          return true;
        } catch (err) {
          last = (err as Error).message;
          t.log(`failed to perform a UDP query: ${last}`);
          return false;
        }
      });
      if (!ok) t.error(`failed to perform DNS query: ${last}`);
    });
  },
};
