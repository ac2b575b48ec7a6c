// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/backendtlspolicy-grpcroute.go
import { makeGrpcRequestAndExpectEventuallyConsistentFailure, makeGrpcRequestAndExpectEventuallyConsistentResponse } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, INFRA_NAMESPACE } from '../harness';
import { backendTLSPolicyMustHaveCondition, gatewayAndRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady, type ExpectedCondition } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const BackendTLSPolicyGRPCRoute: ConformanceTest = {
  shortName: 'BackendTLSPolicyGRPCRoute',
  description: 'A BackendTLSPolicy attached to a Service consumed by a GRPCRoute should configure TLS between gateway and backend',
  upstream: 'tests/backendtlspolicy-grpcroute.go',
  features: ['Gateway', 'GRPCRoute', 'BackendTLSPolicy'],
  manifests: ['tests/backendtlspolicy-grpcroute.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const acceptedCond: ExpectedCondition = { type: 'Accepted', status: 'True', reason: 'Accepted' };
    const resolvedRefsCond: ExpectedCondition = { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs' };
    const routeNN = { name: 'backendtlspolicy-grpcroute', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    await namespacesMustBeReady(t, s, [ns]);
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, routeNN);

    await t.run('gRPC request sent to Service with valid BackendTLSPolicy should succeed', async (t) => {
      const validPolicyNN = { name: 'grpc-normative-test', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, validPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, validPolicyNN, gwNN, resolvedRefsCond);
      await makeGrpcRequestAndExpectEventuallyConsistentResponse(t, s, gwAddr, {
        echoRequest: {}, requestMetadata: { authority: 'abc.example.com' }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns,
      });
    });

    await t.run('gRPC request sent to Service targeted by BackendTLSPolicy with mismatched hostname should fail', async (t) => {
      const invalidPolicyNN = { name: 'grpc-host-mismatch', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, invalidPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, invalidPolicyNN, gwNN, resolvedRefsCond);
      await makeGrpcRequestAndExpectEventuallyConsistentFailure(t, s, gwAddr, { echoTwoRequest: {}, requestMetadata: { authority: 'abc.example.com' } });
    });

    await t.run('gRPC request sent to Service targeted by BackendTLSPolicy with mismatched cert should fail', async (t) => {
      const certMismatchRouteNN = { name: 'backendtlspolicy-grpcroute-cert-mismatch', namespace: ns };
      await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, certMismatchRouteNN);
      const invalidCertPolicyNN = { name: 'grpc-cert-mismatch', namespace: ns };
      await backendTLSPolicyMustHaveCondition(t, s, invalidCertPolicyNN, gwNN, acceptedCond);
      await backendTLSPolicyMustHaveCondition(t, s, invalidCertPolicyNN, gwNN, resolvedRefsCond);
      await makeGrpcRequestAndExpectEventuallyConsistentFailure(t, s, gwAddr, { echoRequest: {}, requestMetadata: { authority: 'cert-mismatch.example.com' } });
    });
  },
};
