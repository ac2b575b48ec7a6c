// Original file: proto/envoy/extensions/access_loggers/open_telemetry/v3/logs_service.proto

import type { CommonGrpcAccessLogConfig as _envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig, CommonGrpcAccessLogConfig__Output as _envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig__Output } from '../../../../../envoy/extensions/access_loggers/grpc/v3/CommonGrpcAccessLogConfig';
import type { AnyValue as _opentelemetry_proto_common_v1_AnyValue, AnyValue__Output as _opentelemetry_proto_common_v1_AnyValue__Output } from '../../../../../opentelemetry/proto/common/v1/AnyValue';
import type { KeyValueList as _opentelemetry_proto_common_v1_KeyValueList, KeyValueList__Output as _opentelemetry_proto_common_v1_KeyValueList__Output } from '../../../../../opentelemetry/proto/common/v1/KeyValueList';
import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../../envoy/config/core/v3/TypedExtensionConfig';

export interface OpenTelemetryAccessLogConfig {
  'common_config'?: (_envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig | null);
  'body'?: (_opentelemetry_proto_common_v1_AnyValue | null);
  'attributes'?: (_opentelemetry_proto_common_v1_KeyValueList | null);
  'resource_attributes'?: (_opentelemetry_proto_common_v1_KeyValueList | null);
  'disable_builtin_labels'?: (boolean);
  'stat_prefix'?: (string);
  'formatters'?: (_envoy_config_core_v3_TypedExtensionConfig)[];
}

export interface OpenTelemetryAccessLogConfig__Output {
  'common_config'?: (_envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig__Output);
  'body'?: (_opentelemetry_proto_common_v1_AnyValue__Output);
  'attributes'?: (_opentelemetry_proto_common_v1_KeyValueList__Output);
  'resource_attributes'?: (_opentelemetry_proto_common_v1_KeyValueList__Output);
  'disable_builtin_labels'?: (boolean);
  'stat_prefix'?: (string);
  'formatters'?: (_envoy_config_core_v3_TypedExtensionConfig__Output)[];
}
