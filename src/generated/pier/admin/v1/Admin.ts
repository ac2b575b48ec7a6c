// Original file: proto/pier/admin/v1/admin.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Event as _pier_admin_v1_Event, Event__Output as _pier_admin_v1_Event__Output } from '../../../pier/admin/v1/Event';
import type { SubscribeRequest as _pier_admin_v1_SubscribeRequest, SubscribeRequest__Output as _pier_admin_v1_SubscribeRequest__Output } from '../../../pier/admin/v1/SubscribeRequest';

export interface AdminClient extends grpc.Client {
  Subscribe(argument: _pier_admin_v1_SubscribeRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_pier_admin_v1_Event__Output>;
  Subscribe(argument: _pier_admin_v1_SubscribeRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_pier_admin_v1_Event__Output>;
  subscribe(argument: _pier_admin_v1_SubscribeRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_pier_admin_v1_Event__Output>;
  subscribe(argument: _pier_admin_v1_SubscribeRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_pier_admin_v1_Event__Output>;
  
}

export interface AdminHandlers extends grpc.UntypedServiceImplementation {
  Subscribe: grpc.handleServerStreamingCall<_pier_admin_v1_SubscribeRequest__Output, _pier_admin_v1_Event>;
  
}

export interface AdminDefinition extends grpc.ServiceDefinition {
  Subscribe: MethodDefinition<_pier_admin_v1_SubscribeRequest, _pier_admin_v1_Event, _pier_admin_v1_SubscribeRequest__Output, _pier_admin_v1_Event__Output>
}
