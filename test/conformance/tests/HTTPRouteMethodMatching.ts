// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-method-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteMethodMatching: ConformanceTest = {
  shortName: 'HTTPRouteMethodMatching',
  description: 'A single HTTPRoute with method matching for different backends',
  upstream: 'tests/httproute-method-matching.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteMethodMatching'],
  manifests: ['tests/httproute-method-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'method-matching', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const to = (method: string, path: string, backend: string, headers?: Record<string, string>): ExpectedResponse => ({ request: { method, path, ...(headers ? { headers } : {}) }, backend, namespace: ns });
    const notFound = (method: string, path: string): ExpectedResponse => ({ request: { method, path }, response: { statusCode: 404 } });
    const testCases: ExpectedResponse[] = [
      to('POST', '/', INFRA_BACKEND_V1),
      to('GET', '/', INFRA_BACKEND_V2),
      notFound('HEAD', '/'),
      // Combinations with core match types.
      to('GET', '/path1', INFRA_BACKEND_V1),
      to('PUT', '/', INFRA_BACKEND_V2, { version: 'one' }),
      to('POST', '/path2', INFRA_BACKEND_V3, { version: 'two' }),
      // Match of the form (cond1 AND cond2) OR (cond3 AND cond4 AND cond5).
      to('PATCH', '/path3', INFRA_BACKEND_V1),
      to('DELETE', '/path4', INFRA_BACKEND_V1, { version: 'three' }),
      // Matches for path3 and path4 are not present, so these are not found.
      notFound('PUT', '/'),
      notFound('DELETE', '/path4'),
      // Precedence: the matches of the rules.
      to('PATCH', '/path5', INFRA_BACKEND_V1),
      to('PATCH', '/', INFRA_BACKEND_V2, { version: 'four' }),
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
