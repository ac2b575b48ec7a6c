// Original file: proto/envoy/service/listener/v3/lds.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeltaDiscoveryRequest as _envoy_service_discovery_v3_DeltaDiscoveryRequest, DeltaDiscoveryRequest__Output as _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse as _envoy_service_discovery_v3_DeltaDiscoveryResponse, DeltaDiscoveryResponse__Output as _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryResponse';
import type { DiscoveryRequest as _envoy_service_discovery_v3_DiscoveryRequest, DiscoveryRequest__Output as _envoy_service_discovery_v3_DiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse as _envoy_service_discovery_v3_DiscoveryResponse, DiscoveryResponse__Output as _envoy_service_discovery_v3_DiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DiscoveryResponse';

export interface ListenerDiscoveryServiceClient extends grpc.Client {
  DeltaListeners(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  DeltaListeners(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaListeners(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaListeners(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  
  FetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchListeners(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  
  StreamListeners(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  StreamListeners(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamListeners(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamListeners(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  
}

export interface ListenerDiscoveryServiceHandlers extends grpc.UntypedServiceImplementation {
  DeltaListeners: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse>;
  
  FetchListeners: grpc.handleUnaryCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
  StreamListeners: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
}

export interface ListenerDiscoveryServiceDefinition extends grpc.ServiceDefinition {
  DeltaListeners: MethodDefinition<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse, _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>
  FetchListeners: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
  StreamListeners: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
}
