// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/gateway-http-listener-isolation.go
import { INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GatewayHTTPListenerIsolation: ConformanceTest = {
  shortName: 'GatewayHTTPListenerIsolation',
  description: 'Listener isolation for HTTP listeners with multiple listeners and HTTPRoutes',
  upstream: 'tests/gateway-http-listener-isolation.go',
  features: ['Gateway', 'GatewayHTTPListenerIsolation', 'HTTPRoute'],
  manifests: ['tests/gateway-http-listener-isolation.yaml', 'tests/gateway-http-listener-isolation-with-hostname-intersection.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);

    const to = (host: string, path: string): ExpectedResponse => ({ request: { host, path }, backend: INFRA_BACKEND_V1, namespace: ns });
    const notFound = (host: string, path: string): ExpectedResponse => ({ request: { host, path }, response: { statusCode: 404 } });
    const testCases: ExpectedResponse[] = [
      // Requests to the empty-hostname listener.
      to('bar.com', '/empty-hostname'),
      notFound('bar.com', '/wildcard-example-com'),
      notFound('bar.com', '/wildcard-foo-example-com'),
      notFound('bar.com', '/abc-foo-example-com'),
      // Requests to the *.example.com listener.
      notFound('bar.example.com', '/empty-hostname'),
      to('bar.example.com', '/wildcard-example-com'),
      notFound('bar.example.com', '/wildcard-foo-example-com'),
      notFound('bar.example.com', '/abc-foo-example-com'),
      // Requests to the *.foo.example.com listener.
      notFound('bar.foo.example.com', '/empty-hostname'),
      notFound('bar.foo.example.com', '/wildcard-example-com'),
      to('bar.foo.example.com', '/wildcard-foo-example-com'),
      notFound('bar.foo.example.com', '/abc-foo-example-com'),
      // Requests to the abc.foo.example.com listener.
      notFound('abc.foo.example.com', '/empty-hostname'),
      notFound('abc.foo.example.com', '/wildcard-example-com'),
      { request: { host: 'abc.foo.example.com', path: '/wildcard-foo-example-com' }, response: { statusCode: 404 }, namespace: ns },
      to('abc.foo.example.com', '/abc-foo-example-com'),
    ];

    await t.run('hostnames are configured only in listeners', async (t) => {
      const gwNN = { name: 'http-listener-isolation', namespace: ns };
      const routes = ['attaches-to-empty-hostname', 'attaches-to-wildcard-example-com', 'attaches-to-wildcard-foo-example-com', 'attaches-to-abc-foo-example-com'].map((name) => ({ namespace: ns, name }));
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routes);
      for (const routeNN of routes) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
      await runRequestCases(t, s, gwAddr, testCases);
    });

    await t.run('intersecting hostnames are configured in listeners and HTTPRoutes', async (t) => {
      const gwNN = { name: 'http-listener-isolation-with-hostname-intersection', namespace: ns };
      const routes = [
        'attaches-to-empty-hostname-with-hostname-intersection', 'attaches-to-wildcard-example-com-with-hostname-intersection',
        'attaches-to-wildcard-foo-example-com-with-hostname-intersection', 'attaches-to-abc-foo-example-com-with-hostname-intersection',
      ].map((name) => ({ namespace: ns, name }));
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routes);
      for (const routeNN of routes) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);
      await runRequestCases(t, s, gwAddr, testCases);
    });
  },
};
