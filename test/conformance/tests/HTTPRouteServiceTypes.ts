// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-service-types.go
import { isIP } from 'node:net';
import { INFRA_BACKEND_V1, INFRA_NAMESPACE, type Harness } from '../harness';
import { runRequestCases, type ExpectedResponse } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef, httpRouteMustHaveResolvedRefsConditionsTrue } from '../kubernetes';
import type { PodInfo } from '../manifests';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

/** setupEndpointSlices: points the manual EndpointSlices (one per IP family) at the pods. */
function setupEndpointSlices(t: T, s: Harness, endpointPrefixes: readonly string[], ns: string, pods: readonly PodInfo[]): void {
  const ipFamilies = [
    { endpointSuffix: 'ip4', isMember: (ip: string) => isIP(ip) === 4 },
    { endpointSuffix: 'ip6', isMember: (ip: string) => isIP(ip) === 6 },
  ];
  for (const family of ipFamilies) {
    for (const prefix of endpointPrefixes) {
      const endpointName = `${prefix}-${family.endpointSuffix}`;
      if (!s.get('EndpointSlice', ns, endpointName)) t.fatal(`Unable to fetch EndpointSlice "${endpointName}"`);
      const endpoints = pods.filter((pod) => family.isMember(pod.ip)).map((pod) => ({
        addresses: [pod.ip],
        conditions: { ready: true, serving: true, terminating: false },
        targetRef: { kind: 'Pod', name: pod.name, namespace: pod.namespace },
      }));
      if (endpoints.length === 0) continue;
      s.patch('EndpointSlice', ns, endpointName, (slice) => { slice.endpoints = endpoints; });
    }
  }
}

export const HTTPRouteServiceTypes: ConformanceTest = {
  shortName: 'HTTPRouteServiceTypes',
  description: 'A single HTTPRoute should be able to route traffic to various service type backends',
  upstream: 'tests/httproute-service-types.go',
  features: ['Gateway', 'HTTPRoute'],
  manifests: ['tests/httproute-service-types.yaml'],
  async test(t, s) {
    const typeManualEndpointSlices = ['manual-endpointslices', 'headless-manual-endpointslices'];
    const typeManaged = ['headless'];
    const serviceTypes = [...typeManualEndpointSlices, ...typeManaged];
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'service-types', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };

    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);
    await httpRouteMustHaveResolvedRefsConditionsTrue(t, s, routeNN, gwNN);

    // Setup Manual Endpoints: the pods of Deployment infra-backend-v1.
    const pods = s.podsOf(ns, INFRA_BACKEND_V1);
    if (pods.length === 0) t.fatal("Expected 'infra-backend-v1' to have running Pods");
    setupEndpointSlices(t, s, typeManualEndpointSlices, ns, pods);

    const cases: ExpectedResponse[] = serviceTypes.map((p) => ({
      request: { path: `/${p}` },
      response: { statusCode: 200 },
      backend: INFRA_BACKEND_V1,
      namespace: INFRA_NAMESPACE,
    }));
    await runRequestCases(t, s, gwAddr, cases);
  },
};
