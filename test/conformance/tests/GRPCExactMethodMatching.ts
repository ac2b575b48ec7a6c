// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-exact-method-matching.go
import * as grpc from '@grpc/grpc-js';
import { runGrpcRequestCases } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GRPCExactMethodMatching: ConformanceTest = {
  shortName: 'GRPCExactMethodMatching',
  description: 'A single GRPCRoute with exact method matching for different backends',
  upstream: 'tests/grpcroute-exact-method-matching.go',
  features: ['Gateway', 'GRPCRoute'],
  manifests: ['tests/grpcroute-exact-method-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'exact-matching', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, routeNN);

    await runGrpcRequestCases(t, s, gwAddr, [
      { echoRequest: {}, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoTwoRequest: {}, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
      { echoThreeRequest: {}, response: { code: grpc.status.UNIMPLEMENTED } },
    ]);
  },
};
