// Original file: proto/envoy/config/ratelimit/v3/rls.proto

import type { GrpcService as _envoy_config_core_v3_GrpcService, GrpcService__Output as _envoy_config_core_v3_GrpcService__Output } from '../../../../envoy/config/core/v3/GrpcService';
import type { ApiVersion as _envoy_config_core_v3_ApiVersion, ApiVersion__Output as _envoy_config_core_v3_ApiVersion__Output } from '../../../../envoy/config/core/v3/ApiVersion';

export interface RateLimitServiceConfig {
  'grpc_service'?: (_envoy_config_core_v3_GrpcService | null);
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion);
}

export interface RateLimitServiceConfig__Output {
  'grpc_service'?: (_envoy_config_core_v3_GrpcService__Output);
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion__Output);
}
