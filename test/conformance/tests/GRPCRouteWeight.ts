// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-weight.go
import * as grpc from '@grpc/grpc-js';
import { addGrpcEntropy, codeName, makeGrpcRequestAndExpectEventuallyConsistentResponse, sendGrpcOnce, type GrpcExpectedResponse } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, GRPC_INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { expectWeightedDistributionOf } from '../http';
import { gatewayAndRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GRPCRouteWeight: ConformanceTest = {
  shortName: 'GRPCRouteWeight',
  description: 'A GRPCRoute with weighted backends',
  upstream: 'tests/grpcroute-weight.go',
  features: ['Gateway', 'GRPCRoute'],
  manifests: ['tests/grpcroute-weight.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'weighted-backends', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, routeNN);

    await t.run('Requests should have a distribution that matches the weight', async (t) => {
      const expected: GrpcExpectedResponse = {
        echoRequest: {},
        response: { code: grpc.status.OK },
        namespace: INFRA_NAMESPACE,
      };
      // Assert request succeeds before doing our distribution check
      await makeGrpcRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, expected);

      // Each request on a client of its own, as the suite's sender does without a custom client.
      const send = async (): Promise<string> => {
        const unique = structuredClone(expected);
        addGrpcEntropy(unique);
        const resp = await sendGrpcOnce(t, s, gwAddr, unique, s.timeouts.maxTimeToConsistency);
        if (resp.code !== grpc.status.OK) throw new Error(`expected OK response, got ${codeName(resp.code)}`);
        return resp.response?.assertions?.context?.pod ?? '';
      };
      await expectWeightedDistributionOf(t, send, {
        [GRPC_INFRA_BACKEND_V1]: 0.7,
        [GRPC_INFRA_BACKEND_V2]: 0.3,
        [GRPC_INFRA_BACKEND_V3]: 0.0,
      });
    });
  },
};
