// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-listener-hostname-matching.go
import * as grpc from '@grpc/grpc-js';
import { runGrpcRequestCases } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, GRPC_INFRA_BACKEND_V3, INFRA_NAMESPACE } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef, namespacesMustBeReady } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const GRPCRouteListenerHostnameMatching: ConformanceTest = {
  shortName: 'GRPCRouteListenerHostnameMatching',
  description: 'Multiple GRPC listeners with the same port and different hostnames, each with a different GRPCRoute',
  upstream: 'tests/grpcroute-listener-hostname-matching.go',
  features: ['Gateway', 'GRPCRoute'],
  manifests: ['tests/grpcroute-listener-hostname-matching.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    // This test creates an additional Gateway in the gateway-conformance-infra
    // namespace so we have to wait for it to be ready.
    await namespacesMustBeReady(t, s, [ns]);

    const gwNN = { name: 'grpcroute-listener-hostname-matching', namespace: ns };
    await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-1'), 'GRPCRoute', true, { namespace: ns, name: 'backend-v1' });
    await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-2'), 'GRPCRoute', true, { namespace: ns, name: 'backend-v2' });
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN, 'listener-3', 'listener-4'), 'GRPCRoute', true, { namespace: ns, name: 'backend-v3' });

    const unimplemented = { code: grpc.status.UNIMPLEMENTED };
    await runGrpcRequestCases(t, s, gwAddr, [
      { echoRequest: {}, requestMetadata: { authority: 'bar.com' }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns },
      { echoRequest: {}, requestMetadata: { authority: 'foo.bar.com' }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns },
      { echoRequest: {}, requestMetadata: { authority: 'baz.bar.com' }, backend: GRPC_INFRA_BACKEND_V3, namespace: ns },
      { echoRequest: {}, requestMetadata: { authority: 'boo.bar.com' }, backend: GRPC_INFRA_BACKEND_V3, namespace: ns },
      { echoRequest: {}, requestMetadata: { authority: 'multiple.prefixes.bar.com' }, backend: GRPC_INFRA_BACKEND_V3, namespace: ns },
      { echoRequest: {}, requestMetadata: { authority: 'multiple.prefixes.foo.com' }, backend: GRPC_INFRA_BACKEND_V3, namespace: ns },
      { echoRequest: {}, requestMetadata: { authority: 'foo.com' }, response: unimplemented },
      { echoRequest: {}, requestMetadata: { authority: 'no.matching.host' }, response: unimplemented },
    ]);
  },
};
