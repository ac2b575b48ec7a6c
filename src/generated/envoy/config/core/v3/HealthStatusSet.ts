// Original file: proto/envoy/config/core/v3/health_check.proto

import type { HealthStatus as _envoy_config_core_v3_HealthStatus, HealthStatus__Output as _envoy_config_core_v3_HealthStatus__Output } from '../../../../envoy/config/core/v3/HealthStatus';

export interface HealthStatusSet {
  'statuses'?: (_envoy_config_core_v3_HealthStatus)[];
}

export interface HealthStatusSet__Output {
  'statuses'?: (_envoy_config_core_v3_HealthStatus__Output)[];
}
