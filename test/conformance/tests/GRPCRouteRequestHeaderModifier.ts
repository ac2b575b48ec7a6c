// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/grpcroute-request-header-modifier.go
import { runGrpcRequestCases, type GrpcExpectedResponse } from '../grpc';
import { GRPC_INFRA_BACKEND_V1, GRPC_INFRA_BACKEND_V2, INFRA_NAMESPACE } from '../harness';
import { gatewayAndRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

/**
 * Upstream's cases also list the headers each filter should leave (Response.Headers), but its
 * compareResponse checks only the status code, the method, the namespace and the pod, so the
 * transcription checks those.
 */
export const GRPCRouteRequestHeaderModifier: ConformanceTest = {
  shortName: 'GRPCRouteRequestHeaderModifier',
  description: 'A GRPCRoute with RequestHeaderModifier filter should modify request headers',
  upstream: 'tests/grpcroute-request-header-modifier.go',
  features: ['Gateway', 'GRPCRoute', 'GRPCRouteRequestHeaderModifier'],
  manifests: ['tests/grpcroute-request-header-modifier.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'grpc-request-header-modifier', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndRoutesMustBeAccepted(t, s, gatewayRef(gwNN), 'GRPCRoute', true, routeNN);

    const authority = 'gateway_api_conformance.echo_basic.grpcecho.GrpcEcho';
    const echo = (testCaseName: string, metadata: Record<string, string>): GrpcExpectedResponse => ({
      testCaseName, echoRequest: {}, requestMetadata: { authority, metadata }, backend: GRPC_INFRA_BACKEND_V1, namespace: ns,
    });
    const echoTwo = (testCaseName: string, metadata: Record<string, string>): GrpcExpectedResponse => ({
      testCaseName, echoTwoRequest: {}, requestMetadata: { authority, metadata }, backend: GRPC_INFRA_BACKEND_V2, namespace: ns,
    });
    await runGrpcRequestCases(t, s, gwAddr, [
      echo('Set headers -- X-Header-Set should have the original value', { 'Some-Other-Header': 'this-header-should-be-set' }),
      echo('Set headers -- X-Header-Set should get overwritten with the original value', { 'Some-Other-Header': 'this-header-should-be-set', 'X-Header-Set': 'this-value-should-be-overwritten' }),
      echo('Add headers -- X-Header-Add should have the original value', { 'Some-Other-Header': 'this-header-should-be-set' }),
      echo('Add headers -- X-Header-Add should append the new value to the original value', { 'Some-Other-Header': 'this-header-should-be-set', 'X-Header-Add': 'this-value-should-be-appended' }),
      echo('Remove headers -- X-Header-Remove should be removed', { 'X-Header-Remove': 'this-should-be-removed' }),
      echoTwo('Multiple operations - all header operations should be applied', { 'X-Header-Set-2': 'set-header-2', 'X-Header-Add-2': 'add-header-2', 'X-Header-Remove-2': 'should-be-removed-2', 'Some-Other-Header': 'another-header-val' }),
      // The filter uses canonicalized header names, the request lowercase ones.
      echoTwo('Case sensitivity check for header names', { 'x-header-set-1': 'original-set-1', 'x-header-add-1': 'existing-add-1', 'x-header-remove-1': 'should-be-removed-1' }),
    ]);
  },
};
