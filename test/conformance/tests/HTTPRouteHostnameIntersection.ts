// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-hostname-intersection.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import {
  GATEWAY_GROUP, gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, gatewayStatusMustHaveListeners, httpRouteMustHaveParents,
  httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady, type ExpectedListenerStatus,
} from '../kubernetes';
import type { ConformanceTest } from '../types';

const HTTPROUTE_KIND = [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute' }];
const ACCEPTED_AND_RESOLVED = [{ type: 'Accepted', status: 'True' as const }, { type: 'ResolvedRefs', status: 'True' as const }];

export const HTTPRouteHostnameIntersection: ConformanceTest = {
  shortName: 'HTTPRouteHostnameIntersection',
  description: 'HTTPRoutes should attach to listeners only if they have intersecting hostnames, and should accept requests only for the intersecting hostnames',
  upstream: 'tests/httproute-hostname-intersection.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-hostname-intersection.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const gwNN = { name: 'httproute-hostname-intersection', namespace: ns };
    // This test creates an additional Gateway in the gateway-conformance-infra
    // namespace so we have to wait for it to be ready.
    await namespacesMustBeReady(t, s, [ns]);

    await t.run('HTTPRoutes that do intersect with listener hostnames', async (t) => {
      const routes = [
        { namespace: ns, name: 'specific-host-matches-listener-specific-host' },
        { namespace: ns, name: 'specific-host-matches-listener-wildcard-host' },
        { namespace: ns, name: 'wildcard-host-matches-listener-specific-host' },
        { namespace: ns, name: 'wildcard-host-matches-listener-wildcard-host' },
      ];
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), ...routes);
      for (const routeNN of routes) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

      const testCases: ExpectedResponse[] = [
        // Test cases for HTTPRoute "specific-host-matches-listener-specific-host".
        { request: { host: 'very.specific.com', path: '/s1' }, backend: INFRA_BACKEND_V1, namespace: ns },
        // Port value within the Host header MUST not be considered while
        // performing match against hostname.
        { request: { host: 'very.specific.com:1234', path: '/s1' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: 'non.matching.com', path: '/s1' }, response: { statusCode: 404 } },
        { request: { host: 'foo.nonmatchingwildcard.io', path: '/s1' }, response: { statusCode: 404 } },
        { request: { host: 'foo.wildcard.io', path: '/s1' }, response: { statusCode: 404 } },
        { request: { host: 'very.specific.com', path: '/non-matching-prefix' }, response: { statusCode: 404 } },
        // Test cases for HTTPRoute "specific-host-matches-listener-wildcard-host".
        { request: { host: 'foo.wildcard.io', path: '/s2' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'bar.wildcard.io', path: '/s2' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'foo.bar.wildcard.io', path: '/s2' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'non.matching.com', path: '/s2' }, response: { statusCode: 404 } },
        { request: { host: 'wildcard.io', path: '/s2' }, response: { statusCode: 404 } },
        { request: { host: 'very.specific.com', path: '/s2' }, response: { statusCode: 404 } },
        { request: { host: 'foo.wildcard.io', path: '/non-matching-prefix' }, response: { statusCode: 404 } },
        // Test cases for HTTPRoute "wildcard-host-matches-listener-specific-host".
        { request: { host: 'very.specific.com', path: '/s3' }, backend: INFRA_BACKEND_V3, namespace: ns },
        { request: { host: 'non.matching.com', path: '/s3' }, response: { statusCode: 404 } },
        { request: { host: 'foo.specific.com', path: '/s3' }, response: { statusCode: 404 } },
        { request: { host: 'foo.wildcard.io', path: '/s3' }, response: { statusCode: 404 } },
        { request: { host: 'very.specific.com', path: '/non-matching-prefix' }, response: { statusCode: 404 } },
        // Test cases for HTTPRoute "wildcard-host-matches-listener-wildcard-host".
        { request: { host: 'foo.anotherwildcard.io', path: '/s4' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: 'bar.anotherwildcard.io', path: '/s4' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: 'foo.bar.anotherwildcard.io', path: '/s4' }, backend: INFRA_BACKEND_V1, namespace: ns },
        { request: { host: 'anotherwildcard.io', path: '/s4' }, response: { statusCode: 404 } },
        { request: { host: 'foo.wildcard.io', path: '/s4' }, response: { statusCode: 404 } },
        { request: { host: 'very.specific.com', path: '/s4' }, response: { statusCode: 404 } },
        { request: { host: 'foo.anotherwildcard.io', path: '/non-matching-prefix' }, response: { statusCode: 404 } },
      ];
      await runRequestCases(t, s, gwAddr, testCases);
    });

    await t.run('HTTPRoutes that do not intersect with listener hostnames', async (t) => {
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN));
      const routeNN = { namespace: ns, name: 'no-intersecting-hosts' };
      await httpRouteMustHaveParents(t, s, routeNN, [{
        parentRef: { group: GATEWAY_GROUP, kind: 'Gateway', namespace: gwNN.namespace, name: gwNN.name },
        controllerName: s.controllerName,
        conditions: [{ type: 'Accepted', status: 'False', reason: 'NoMatchingListenerHostname' }],
      }], true);
      await runRequestCases(t, s, gwAddr, [
        { request: { host: 'specific.but.wrong.com', path: '/s5' }, response: { statusCode: 404 } },
        { request: { host: 'wildcard.io', path: '/s5' }, response: { statusCode: 404 } },
      ]);
    });

    await t.run('HTTPRoutes have to be counted in AttachedRoutes only if they are Accepted', async (t) => {
      // HTTPRoute no-intersecting-hosts should not be attached to any of the listeners.
      const listeners: ExpectedListenerStatus[] = [
        // HTTPRoute specific-host-matches-listener-specific-host and wildcard-host-matches-listener-specific-host
        { name: 'listener-1', supportedKinds: HTTPROUTE_KIND, conditions: ACCEPTED_AND_RESOLVED, attachedRoutes: 2 },
        // HTTPRoute wildcard-host-matches-listener-wildcard-host
        { name: 'listener-2', supportedKinds: HTTPROUTE_KIND, conditions: ACCEPTED_AND_RESOLVED, attachedRoutes: 1 },
        // HTTPRoute wildcard-host-matches-listener-wildcard-host
        { name: 'listener-3', supportedKinds: HTTPROUTE_KIND, conditions: ACCEPTED_AND_RESOLVED, attachedRoutes: 1 },
      ];
      await gatewayStatusMustHaveListeners(t, s, gwNN, listeners);
    });

    await t.run('HTTPRoutes intersects with an unspecified hostname listener', async (t) => {
      const routes = [{ namespace: ns, name: 'httproute-hostname-intersection-all' }];
      const allNN = { name: 'httproute-hostname-intersection-all', namespace: ns };
      const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(allNN), ...routes);
      for (const routeNN of routes) await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, allNN);
      await runRequestCases(t, s, gwAddr, [
        { request: { host: 'first.com', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'sub.first.com', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'second.com', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
        { request: { host: 'sub.second.com', path: '/' }, backend: INFRA_BACKEND_V2, namespace: ns },
        // Following should fail since it is not specified on the HTTPRoute
        { request: { host: 'third.com', path: '/' }, namespace: ns, response: { statusCode: 404 } },
        { request: { host: 'sub.third.com', path: '/' }, namespace: ns, response: { statusCode: 404 } },
      ]);
    });
  },
};
