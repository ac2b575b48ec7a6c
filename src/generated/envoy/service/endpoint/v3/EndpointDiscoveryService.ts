// Original file: proto/envoy/service/endpoint/v3/eds.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeltaDiscoveryRequest as _envoy_service_discovery_v3_DeltaDiscoveryRequest, DeltaDiscoveryRequest__Output as _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse as _envoy_service_discovery_v3_DeltaDiscoveryResponse, DeltaDiscoveryResponse__Output as _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryResponse';
import type { DiscoveryRequest as _envoy_service_discovery_v3_DiscoveryRequest, DiscoveryRequest__Output as _envoy_service_discovery_v3_DiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse as _envoy_service_discovery_v3_DiscoveryResponse, DiscoveryResponse__Output as _envoy_service_discovery_v3_DiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DiscoveryResponse';

export interface EndpointDiscoveryServiceClient extends grpc.Client {
  DeltaEndpoints(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  DeltaEndpoints(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaEndpoints(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaEndpoints(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  
  FetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchEndpoints(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  
  StreamEndpoints(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  StreamEndpoints(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamEndpoints(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamEndpoints(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  
}

export interface EndpointDiscoveryServiceHandlers extends grpc.UntypedServiceImplementation {
  DeltaEndpoints: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse>;
  
  FetchEndpoints: grpc.handleUnaryCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
  StreamEndpoints: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
}

export interface EndpointDiscoveryServiceDefinition extends grpc.ServiceDefinition {
  DeltaEndpoints: MethodDefinition<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse, _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>
  FetchEndpoints: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
  StreamEndpoints: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
}
