// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-header-matching.go
import * as grpc from '@grpc/grpc-js';
import { runGrpcRequestCases } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GRPCRouteHeaderMatching: ConformanceTest = {
  shortName: 'GRPCRouteHeaderMatching',
  description: 'A single GRPCRoute with header matching for different backends',
  upstream: 'tests/grpcroute-header-matching.go',
  features: ['Gateway', 'GRPCRoute'],
  manifests: ['tests/grpcroute-header-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'grpc-header-matching', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, routeNN);

    const unimplemented = { code: grpc.status.UNIMPLEMENTED };
    await runGrpcRequestCases(t, s, gwAddr, [
      { echoRequest: {}, requestMetadata: { metadata: { Version: 'one' } }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Version: 'two' } }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Version: 'two', Color: 'orange' } }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Version: 'two', Color: 'blue' } }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Color: 'orange' } }, response: unimplemented },
      { echoRequest: {}, requestMetadata: { metadata: { 'Some-Other-Header': 'one' } }, response: unimplemented },
      { echoRequest: {}, requestMetadata: { metadata: { Color: 'blue' } }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Color: 'green' } }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Color: 'red' } }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Color: 'yellow' } }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
      { echoRequest: {}, requestMetadata: { metadata: { Color: 'purple' } }, response: unimplemented },
    ]);
  },
};
