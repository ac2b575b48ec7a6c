// Original file: proto/envoy/config/trace/v3/opentelemetry.proto

import type { GrpcService as _envoy_config_core_v3_GrpcService, GrpcService__Output as _envoy_config_core_v3_GrpcService__Output } from '../../../../envoy/config/core/v3/GrpcService';
import type { HttpService as _envoy_config_core_v3_HttpService, HttpService__Output as _envoy_config_core_v3_HttpService__Output } from '../../../../envoy/config/core/v3/HttpService';
import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../envoy/config/core/v3/TypedExtensionConfig';

export interface OpenTelemetryConfig {
  'grpc_service'?: (_envoy_config_core_v3_GrpcService | null);
  'service_name'?: (string);
  'http_service'?: (_envoy_config_core_v3_HttpService | null);
  'resource_detectors'?: (_envoy_config_core_v3_TypedExtensionConfig)[];
  'sampler'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
}

export interface OpenTelemetryConfig__Output {
  'grpc_service'?: (_envoy_config_core_v3_GrpcService__Output);
  'service_name'?: (string);
  'http_service'?: (_envoy_config_core_v3_HttpService__Output);
  'resource_detectors'?: (_envoy_config_core_v3_TypedExtensionConfig__Output)[];
  'sampler'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
}
