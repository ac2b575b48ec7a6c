// Original file: proto/envoy/service/ratelimit/v3/rls.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { RateLimitRequest as _envoy_service_ratelimit_v3_RateLimitRequest, RateLimitRequest__Output as _envoy_service_ratelimit_v3_RateLimitRequest__Output } from '../../../../envoy/service/ratelimit/v3/RateLimitRequest';
import type { RateLimitResponse as _envoy_service_ratelimit_v3_RateLimitResponse, RateLimitResponse__Output as _envoy_service_ratelimit_v3_RateLimitResponse__Output } from '../../../../envoy/service/ratelimit/v3/RateLimitResponse';

export interface RateLimitServiceClient extends grpc.Client {
  ShouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  ShouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  ShouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  ShouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  shouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  shouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  shouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  shouldRateLimit(argument: _envoy_service_ratelimit_v3_RateLimitRequest, callback: grpc.requestCallback<_envoy_service_ratelimit_v3_RateLimitResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface RateLimitServiceHandlers extends grpc.UntypedServiceImplementation {
  ShouldRateLimit: grpc.handleUnaryCall<_envoy_service_ratelimit_v3_RateLimitRequest__Output, _envoy_service_ratelimit_v3_RateLimitResponse>;
  
}

export interface RateLimitServiceDefinition extends grpc.ServiceDefinition {
  ShouldRateLimit: MethodDefinition<_envoy_service_ratelimit_v3_RateLimitRequest, _envoy_service_ratelimit_v3_RateLimitResponse, _envoy_service_ratelimit_v3_RateLimitRequest__Output, _envoy_service_ratelimit_v3_RateLimitResponse__Output>
}
