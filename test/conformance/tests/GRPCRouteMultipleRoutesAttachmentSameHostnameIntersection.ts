// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-multiple-routes-attachment-same-hostname-intersection.go
import { makeGrpcRequestAndExpectEventuallyConsistentResponse } from '../grpc';
import { GRPC_INFRA_BACKEND_V2, INFRA_NAMESPACE, type Harness } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import { sleep, type T } from '../t';
import type { ConformanceTest } from '../types';

export const GRPCRouteMultipleRoutesAttachmentSameHostnameIntersection: ConformanceTest = {
  shortName: 'GRPCRouteMultipleRoutesAttachmentSameHostnameIntersection',
  description: 'GRPCRoutes attached to the same listener should resolve conflicts using original hostnames over hostname intersections',
  upstream: 'tests/grpcroute-multiple-routes-attachment-same-hostname-intersection.go',
  features: ['Gateway', 'GatewayRouteHostnameIntersectionPrecedence', 'GRPCRoute'],
  manifests: ['tests/grpcroute-multiple-routes-attachment-same-hostname-intersection.yaml'],
  async test(t, s) {
    await namespacesMustBeReady(t, s, [INFRA_NAMESPACE]);
    await t.run('GRPCRoute exact hostname match takes precedence over GRPCRoute wildcard hostname match despite having newer creation timestamp', (t) =>
      runCase(t, s, 'gw-grpcroute-exact-hostname-x', 'grpcroute-wc-hostname-x-older', 'grpcroute-exact-hostname-x-newer', 'abc.example.com'));
    await t.run('GRPCRoute more specific wildcard hostname match takes precedence over less specific wildcard hostname match despite having newer creation timestamp', (t) =>
      runCase(t, s, 'gw-grpcroute-wc-hostname-x', 'grpcroute-less-specific-wc-hostname-x-older', 'grpcroute-more-specific-wc-hostname-x-newer', '*.example.com'));
  },
};

async function runCase(t: T, s: Harness, gateway: string, olderRoute: string, newerRoute: string, newerHostname: string): Promise<void> {
  const ns = INFRA_NAMESPACE;
  const gwNN = { name: gateway, namespace: ns };
  const olderRouteNN = { name: olderRoute, namespace: ns };
  const newerRouteNN = { name: newerRoute, namespace: ns };
  const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, olderRouteNN);
  // creationTimestamp has whole seconds: the second route must be strictly newer.
  await sleep(1000, t.signal);
  s.applyObjects([{
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'GRPCRoute',
    metadata: { name: newerRouteNN.name, namespace: newerRouteNN.namespace },
    spec: {
      parentRefs: [{ name: gwNN.name }],
      hostnames: [newerHostname],
      rules: [{ backendRefs: [{ name: GRPC_INFRA_BACKEND_V2, port: 8080 }] }],
    },
  }]);
  await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, olderRouteNN, newerRouteNN);
  await makeGrpcRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
    echoRequest: {}, requestMetadata: { authority: 'abc.example.com' }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns,
  });
}
