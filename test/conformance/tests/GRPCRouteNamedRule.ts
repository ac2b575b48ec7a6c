// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-named-rule.go
import { runGrpcRequestCases } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GRPCRouteNamedRule: ConformanceTest = {
  shortName: 'GRPCRouteNamedRule',
  description: 'A GRPCRoute with a named GRPCRouteRule',
  upstream: 'tests/grpcroute-named-rule.go',
  features: ['Gateway', 'GRPCRoute', 'GRPCRouteNamedRouteRule'],
  manifests: ['tests/grpcroute-named-rule.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'grpc-named-rules', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, routeNN);

    await runGrpcRequestCases(t, s, gwAddr, [
      { echoRequest: {}, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoTwoRequest: {}, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
    ]);
  },
};
