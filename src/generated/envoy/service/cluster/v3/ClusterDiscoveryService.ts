// Original file: proto/envoy/service/cluster/v3/cds.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeltaDiscoveryRequest as _envoy_service_discovery_v3_DeltaDiscoveryRequest, DeltaDiscoveryRequest__Output as _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryRequest';
import type { DeltaDiscoveryResponse as _envoy_service_discovery_v3_DeltaDiscoveryResponse, DeltaDiscoveryResponse__Output as _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DeltaDiscoveryResponse';
import type { DiscoveryRequest as _envoy_service_discovery_v3_DiscoveryRequest, DiscoveryRequest__Output as _envoy_service_discovery_v3_DiscoveryRequest__Output } from '../../../../envoy/service/discovery/v3/DiscoveryRequest';
import type { DiscoveryResponse as _envoy_service_discovery_v3_DiscoveryResponse, DiscoveryResponse__Output as _envoy_service_discovery_v3_DiscoveryResponse__Output } from '../../../../envoy/service/discovery/v3/DiscoveryResponse';

export interface ClusterDiscoveryServiceClient extends grpc.Client {
  DeltaClusters(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  DeltaClusters(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaClusters(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  deltaClusters(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>;
  
  FetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  FetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  fetchClusters(argument: _envoy_service_discovery_v3_DiscoveryRequest, callback: grpc.requestCallback<_envoy_service_discovery_v3_DiscoveryResponse__Output>): grpc.ClientUnaryCall;
  
  StreamClusters(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  StreamClusters(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamClusters(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  streamClusters(options?: grpc.CallOptions): grpc.ClientDuplexStream<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse__Output>;
  
}

export interface ClusterDiscoveryServiceHandlers extends grpc.UntypedServiceImplementation {
  DeltaClusters: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse>;
  
  FetchClusters: grpc.handleUnaryCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
  StreamClusters: grpc.handleBidiStreamingCall<_envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse>;
  
}

export interface ClusterDiscoveryServiceDefinition extends grpc.ServiceDefinition {
  DeltaClusters: MethodDefinition<_envoy_service_discovery_v3_DeltaDiscoveryRequest, _envoy_service_discovery_v3_DeltaDiscoveryResponse, _envoy_service_discovery_v3_DeltaDiscoveryRequest__Output, _envoy_service_discovery_v3_DeltaDiscoveryResponse__Output>
  FetchClusters: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
  StreamClusters: MethodDefinition<_envoy_service_discovery_v3_DiscoveryRequest, _envoy_service_discovery_v3_DiscoveryResponse, _envoy_service_discovery_v3_DiscoveryRequest__Output, _envoy_service_discovery_v3_DiscoveryResponse__Output>
}
