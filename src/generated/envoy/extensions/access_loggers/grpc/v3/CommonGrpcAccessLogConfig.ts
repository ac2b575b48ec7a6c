// Original file: proto/envoy/extensions/access_loggers/grpc/v3/als.proto

import type { GrpcService as _envoy_config_core_v3_GrpcService, GrpcService__Output as _envoy_config_core_v3_GrpcService__Output } from '../../../../../envoy/config/core/v3/GrpcService';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../google/protobuf/Duration';
import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../google/protobuf/UInt32Value';
import type { ApiVersion as _envoy_config_core_v3_ApiVersion, ApiVersion__Output as _envoy_config_core_v3_ApiVersion__Output } from '../../../../../envoy/config/core/v3/ApiVersion';
import type { RetryPolicy as _envoy_config_core_v3_RetryPolicy, RetryPolicy__Output as _envoy_config_core_v3_RetryPolicy__Output } from '../../../../../envoy/config/core/v3/RetryPolicy';
import type { CustomTag as _envoy_type_tracing_v3_CustomTag, CustomTag__Output as _envoy_type_tracing_v3_CustomTag__Output } from '../../../../../envoy/type/tracing/v3/CustomTag';

export interface CommonGrpcAccessLogConfig {
  'log_name'?: (string);
  'grpc_service'?: (_envoy_config_core_v3_GrpcService | null);
  'buffer_flush_interval'?: (_google_protobuf_Duration | null);
  'buffer_size_bytes'?: (_google_protobuf_UInt32Value | null);
  'filter_state_objects_to_log'?: (string)[];
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion);
  'grpc_stream_retry_policy'?: (_envoy_config_core_v3_RetryPolicy | null);
  'custom_tags'?: (_envoy_type_tracing_v3_CustomTag)[];
}

export interface CommonGrpcAccessLogConfig__Output {
  'log_name'?: (string);
  'grpc_service'?: (_envoy_config_core_v3_GrpcService__Output);
  'buffer_flush_interval'?: (_google_protobuf_Duration__Output);
  'buffer_size_bytes'?: (_google_protobuf_UInt32Value__Output);
  'filter_state_objects_to_log'?: (string)[];
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion__Output);
  'grpc_stream_retry_policy'?: (_envoy_config_core_v3_RetryPolicy__Output);
  'custom_tags'?: (_envoy_type_tracing_v3_CustomTag__Output)[];
}
