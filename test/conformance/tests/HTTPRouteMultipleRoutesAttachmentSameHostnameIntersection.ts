// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-multiple-routes-attachment-same-hostname-intersection.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_NAMESPACE, type Harness } from '../harness';
import { makeRequestAndExpectEventuallyConsistentResponse, type Request } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue, namespacesMustBeReady } from '../kubernetes';
import { sleep, type T } from '../t';
import type { ConformanceTest } from '../types';

interface IntersectionCase {
  name: string;
  gateway: string;
  olderRoute: string;
  newerRoute: string;
  /** The newer route's only hostname. */
  hostname: string;
  /** The newer route's only match (none: match everything). */
  match?: Record<string, unknown>;
  /** Requests and the backend each must reach. */
  requests: { request: Request; backend: string }[];
}

const PATH_PREFIX = { path: { type: 'PathPrefix', value: '/path' } };
const PATH_PREFIX_AND_HEADER = { ...PATH_PREFIX, headers: [{ type: 'Exact', name: 'Header-A', value: 'A' }] };
const LONGER = '/path/prefix/longer';

const CASES: IntersectionCase[] = [
  {
    name: 'HTTPRoute exact hostname match takes precedence over HTTPRoute wildcard hostname match despite having newer creation timestamp',
    gateway: 'gw-httproute-exact-hostname-x', olderRoute: 'httproute-wc-hostname-x-older', newerRoute: 'httproute-exact-hostname-x-newer',
    hostname: 'abc.example.com',
    requests: [{ request: { host: 'abc.example.com', path: '/' }, backend: INFRA_BACKEND_V2 }],
  },
  {
    name: 'HTTPRoute exact hostname match takes precedence over HTTPRoute wildcard hostname match despite having newer creation timestamp and less specific PathPrefix match',
    gateway: 'gw-httproute-exact-hostname-x-path', olderRoute: 'httproute-wc-hostname-x-path-older', newerRoute: 'httproute-exact-hostname-x-path-newer',
    hostname: 'abc.example.com', match: PATH_PREFIX,
    requests: [{ request: { host: 'abc.example.com', path: LONGER }, backend: INFRA_BACKEND_V2 }],
  },
  {
    name: 'HTTPRoute exact hostname match passes unmatched traffic to HTTPRoute wildcard hostname match',
    gateway: 'gw-httproute-exact-hostname-x-path-header', olderRoute: 'httproute-wc-hostname-x-path-header-older', newerRoute: 'httproute-exact-hostname-x-path-header-newer',
    hostname: 'abc.example.com', match: PATH_PREFIX_AND_HEADER,
    requests: [
      { request: { host: 'abc.example.com', path: LONGER, headers: { 'Header-A': 'A', 'Header-B': 'B' } }, backend: INFRA_BACKEND_V2 },
      { request: { host: 'abc.example.com', path: LONGER, headers: { 'Header-B': 'B' } }, backend: INFRA_BACKEND_V1 },
    ],
  },
  {
    name: 'HTTPRoute more specific wildcard hostname match takes precedence over HTTPRoute less specific wildcard hostname match despite having newer creation timestamp',
    gateway: 'gw-httproute-wc-hostname-x', olderRoute: 'httproute-less-specific-wc-hostname-x-older', newerRoute: 'httproute-more-specific-wc-hostname-x-newer',
    hostname: '*.example.com',
    requests: [{ request: { host: 'abc.example.com', path: '/' }, backend: INFRA_BACKEND_V2 }],
  },
  {
    name: 'HTTPRoute more specific wildcard hostname match takes precedence over HTTPRoute less specific wildcard hostname match despite having newer creation timestamp and less specific PathPrefix match',
    gateway: 'gw-httproute-wc-hostname-x-path', olderRoute: 'httproute-less-specific-wc-hostname-x-path-older', newerRoute: 'httproute-more-specific-wc-hostname-x-path-newer',
    hostname: '*.example.com', match: PATH_PREFIX,
    requests: [{ request: { host: 'abc.example.com', path: LONGER }, backend: INFRA_BACKEND_V2 }],
  },
  {
    name: 'HTTPRoute more specific wildcard hostname match passes unmatched traffic to HTTPRoute less specific wildcard hostname match',
    gateway: 'gw-httproute-wc-hostname-x-path-header', olderRoute: 'httproute-less-specific-wc-hostname-x-path-header-older', newerRoute: 'httproute-more-specific-wc-hostname-x-path-header-newer',
    hostname: '*.example.com', match: PATH_PREFIX_AND_HEADER,
    requests: [
      { request: { host: 'abc.example.com', path: LONGER, headers: { 'Header-A': 'A', 'Header-B': 'B' } }, backend: INFRA_BACKEND_V2 },
      { request: { host: 'abc.example.com', path: LONGER, headers: { 'Header-B': 'B' } }, backend: INFRA_BACKEND_V1 },
    ],
  },
];

export const HTTPRouteMultipleRoutesAttachmentSameHostnameIntersection: ConformanceTest = {
  shortName: 'HTTPRouteMultipleRoutesAttachmentSameHostnameIntersection',
  description: 'HTTPRoutes attached to the same listener should resolve conflicts using original hostnames over hostname intersections',
  upstream: 'tests/httproute-multiple-routes-attachment-same-hostname-intersection.go',
  features: ['Gateway', 'GatewayRouteHostnameIntersectionPrecedence', 'HTTPRoute'],
  manifests: ['tests/httproute-multiple-routes-attachment-same-hostname-intersection.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    await namespacesMustBeReady(t, s, [ns]);
    for (const tc of CASES) await t.run(tc.name, (t) => runCase(t, s, ns, tc));
  },
};

async function runCase(t: T, s: Harness, ns: string, tc: IntersectionCase): Promise<void> {
  const gwNN = { name: tc.gateway, namespace: ns };
  const olderRouteNN = { name: tc.olderRoute, namespace: ns };
  const newerRouteNN = { name: tc.newerRoute, namespace: ns };
  const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), olderRouteNN);
  // creationTimestamp has whole seconds: the second route must be strictly newer.
  await sleep(1000, t.signal);
  s.applyObjects([{
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: newerRouteNN.name, namespace: newerRouteNN.namespace },
    spec: {
      parentRefs: [{ name: gwNN.name }],
      hostnames: [tc.hostname],
      rules: [{ ...(tc.match ? { matches: [tc.match] } : {}), backendRefs: [{ name: INFRA_BACKEND_V2, port: 8080 }] }],
    },
  }]);
  await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, olderRouteNN, gwNN);
  await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, newerRouteNN, gwNN);
  for (const r of tc.requests) await makeRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { request: r.request, backend: r.backend, namespace: ns });
}
