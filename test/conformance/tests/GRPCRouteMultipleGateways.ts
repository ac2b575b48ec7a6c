// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-multiple-gateways.go
import { makeGrpcRequestAndExpectEventuallyConsistentResponse } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, GRPC_INFRA_BACKEND_V3, INFRA_NAMESPACE, type Harness } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { T } from '../t';
import type { ConformanceTest } from '../types';

export const GRPCRouteMultipleGateways: ConformanceTest = {
  shortName: 'GRPCRouteMultipleGateways',
  description: 'A GRPCRoute that is attached to multiple Gateways receives traffic from each Gateway independently, and shared routes are accessible via all parent Gateways while dedicated routes are only accessible via their respective parent.',
  upstream: 'tests/grpcroute-multiple-gateways.go',
  features: ['Gateway', 'GRPCRoute'],
  manifests: ['tests/grpcroute-multiple-gateways.yaml'],
  async test(t, s) {
    await t.parallel([
      ['Gateway same-namespace', (t: T) => viaGateway(t, s, 'same-namespace', 'same-namespace-dedicated-route', GRPC_INFRA_BACKEND_V2)],
      ['Gateway all-namespaces', (t: T) => viaGateway(t, s, 'all-namespaces', 'all-namespaces-dedicated-route', GRPC_INFRA_BACKEND_V3)],
    ]);
  },
};

async function viaGateway(t: T, s: Harness, gateway: string, dedicatedRoute: string, dedicatedBackend: string): Promise<void> {
  const ns = INFRA_NAMESPACE;
  const routeNNs = [{ name: 'multiple-gateways-shared-route', namespace: ns }, { name: dedicatedRoute, namespace: ns }];
  const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef({ name: gateway, namespace: ns }), 'GRPCRoute', true, ...routeNNs);
  await t.run(`shared route is accessible and routed to ${GRPC_INFRA_BACKEND_V1}`, (t) =>
    makeGrpcRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { echoRequest: {}, backend: GRPC_INFRA_BACKEND_V1, namespace: ns }));
  await t.run(`dedicated route is accessible and routed to ${dedicatedBackend}`, (t) =>
    makeGrpcRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, { echoTwoRequest: {}, backend: dedicatedBackend, namespace: ns }));
}
