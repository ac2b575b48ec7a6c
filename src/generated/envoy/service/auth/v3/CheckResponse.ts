// Original file: proto/envoy/service/auth/v3/external_auth.proto

import type { Status as _google_rpc_Status, Status__Output as _google_rpc_Status__Output } from '../../../../google/rpc/Status';
import type { DeniedHttpResponse as _envoy_service_auth_v3_DeniedHttpResponse, DeniedHttpResponse__Output as _envoy_service_auth_v3_DeniedHttpResponse__Output } from '../../../../envoy/service/auth/v3/DeniedHttpResponse';
import type { OkHttpResponse as _envoy_service_auth_v3_OkHttpResponse, OkHttpResponse__Output as _envoy_service_auth_v3_OkHttpResponse__Output } from '../../../../envoy/service/auth/v3/OkHttpResponse';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct';

export interface CheckResponse {
  'status'?: (_google_rpc_Status | null);
  'denied_response'?: (_envoy_service_auth_v3_DeniedHttpResponse | null);
  'ok_response'?: (_envoy_service_auth_v3_OkHttpResponse | null);
  'dynamic_metadata'?: (_google_protobuf_Struct | null);
  'http_response'?: "denied_response"|"ok_response";
}

export interface CheckResponse__Output {
  'status'?: (_google_rpc_Status__Output);
  'denied_response'?: (_envoy_service_auth_v3_DeniedHttpResponse__Output);
  'ok_response'?: (_envoy_service_auth_v3_OkHttpResponse__Output);
  'dynamic_metadata'?: (_google_protobuf_Struct__Output);
  'http_response'?: "denied_response"|"ok_response";
}
