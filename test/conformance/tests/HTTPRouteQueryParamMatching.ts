// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-query-param-matching.go
import { INFRA_BACKEND_V1, INFRA_BACKEND_V2, INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteQueryParamMatching: ConformanceTest = {
  shortName: 'HTTPRouteQueryParamMatching',
  description: 'A single HTTPRoute with query param matching for different backends',
  upstream: 'tests/httproute-query-param-matching.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteQueryParamMatching'],
  manifests: ['tests/httproute-query-param-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { namespace: ns, name: 'query-param-matching' };
    const gwNN = { namespace: ns, name: 'same-namespace' };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    const to = (path: string, backend: string, headers?: Record<string, string>): ExpectedResponse => ({ request: { path, ...(headers ? { headers } : {}) }, backend, namespace: ns });
    const notFound = (path: string): ExpectedResponse => ({ request: { path }, response: { statusCode: 404 } });
    const testCases: ExpectedResponse[] = [
      to('/?animal=whale', INFRA_BACKEND_V1),
      to('/?animal=dolphin', INFRA_BACKEND_V2),
      to('/?animal=dolphin&color=blue', INFRA_BACKEND_V3),
      to('/?ANIMAL=Whale', INFRA_BACKEND_V3),
      to('/?animal=whale&otherparam=irrelevant', INFRA_BACKEND_V1),
      to('/?animal=dolphin&color=yellow', INFRA_BACKEND_V2),
      notFound('/?color=blue'),
      notFound('/?animal=dog'),
      notFound('/?animal=whaledolphin'),
      notFound('/'),
      // Combinations with core match types.
      to('/path1?animal=whale', INFRA_BACKEND_V1),
      to('/?animal=whale', INFRA_BACKEND_V2, { version: 'one' }),
      to('/path2?animal=whale', INFRA_BACKEND_V3, { version: 'two' }),
      // Match of the form (cond1 AND cond2) OR (cond3 AND cond4 AND cond5).
      to('/path3?animal=shark', INFRA_BACKEND_V1),
      to('/path4?animal=kraken', INFRA_BACKEND_V1, { version: 'three' }),
      // Matches for path3 and path4 are not present, so these are not found.
      notFound('/?animal=shark'),
      notFound('/path4?animal=kraken'),
      // Precedence: the matches of the rules.
      to('/path5?animal=hydra', INFRA_BACKEND_V1),
      to('/?animal=hydra', INFRA_BACKEND_V3, { version: 'four' }),
    ];
    await runRequestCases(t, s, gwAddr, testCases);
  },
};
