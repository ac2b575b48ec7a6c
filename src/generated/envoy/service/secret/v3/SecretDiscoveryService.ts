// Original file: proto/envoy/service/secret/v3/sds.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeltaDiscoveryRequest as _envoy_service_discovery_v3_DeltaDiscoveryRequest, DeltaDiscoveryRequest__Output as _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse as _envoy_service_discovery_v3_DeltaDiscoveryResponse, DeltaDiscoveryResponse__Output as _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryResponse';
import type { DiscoveryRequest as _envoy_service_discovery_v3_DiscoveryRequest, DiscoveryRequest__Output as _envoy_service_discovery_v3_DiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse as _envoy_service_discovery_v3_DiscoveryResponse, DiscoveryResponse__Output as _envoy_service_discovery_v3_DiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DiscoveryResponse';

export interface SecretDiscoveryServiceClient extends grpc.Client {
  DeltaSecrets(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  DeltaSecrets(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaSecrets(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaSecrets(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  
  FetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchSecrets(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  
  StreamSecrets(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  StreamSecrets(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamSecrets(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamSecrets(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  
}

export interface SecretDiscoveryServiceHandlers extends grpc.UntypedServiceImplementation {
  DeltaSecrets: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse>;
  
  FetchSecrets: grpc.handleUnaryCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
  StreamSecrets: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
}

export interface SecretDiscoveryServiceDefinition extends grpc.ServiceDefinition {
  DeltaSecrets: MethodDefinition<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse, _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>
  FetchSecrets: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
  StreamSecrets: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
}
