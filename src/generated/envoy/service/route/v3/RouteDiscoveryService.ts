// Original file: proto/envoy/service/route/v3/rds.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeltaDiscoveryRequest as _envoy_service_discovery_v3_DeltaDiscoveryRequest, DeltaDiscoveryRequest__Output as _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse as _envoy_service_discovery_v3_DeltaDiscoveryResponse, DeltaDiscoveryResponse__Output as _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryResponse';
import type { DiscoveryRequest as _envoy_service_discovery_v3_DiscoveryRequest, DiscoveryRequest__Output as _envoy_service_discovery_v3_DiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse as _envoy_service_discovery_v3_DiscoveryResponse, DiscoveryResponse__Output as _envoy_service_discovery_v3_DiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DiscoveryResponse';

export interface RouteDiscoveryServiceClient extends grpc.Client {
  DeltaRoutes(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  DeltaRoutes(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaRoutes(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaRoutes(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  
  FetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchRoutes(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  
  StreamRoutes(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  StreamRoutes(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamRoutes(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamRoutes(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  
}

export interface RouteDiscoveryServiceHandlers extends grpc.UntypedServiceImplementation {
  DeltaRoutes: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse>;
  
  FetchRoutes: grpc.handleUnaryCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
  StreamRoutes: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
}

export interface RouteDiscoveryServiceDefinition extends grpc.ServiceDefinition {
  DeltaRoutes: MethodDefinition<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse, _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>
  FetchRoutes: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
  StreamRoutes: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
}
