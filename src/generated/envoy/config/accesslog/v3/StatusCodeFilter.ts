// Original file: proto/envoy/config/accesslog/v3/accesslog.proto

import type { ComparisonFilter as _envoy_config_accesslog_v3_ComparisonFilter, ComparisonFilter__Output as _envoy_config_accesslog_v3_ComparisonFilter__Output } from '../../../../envoy/config/accesslog/v3/ComparisonFilter';

export interface StatusCodeFilter {
  'comparison'?: (_envoy_config_accesslog_v3_ComparisonFilter | null);
}

export interface StatusCodeFilter__Output {
  'comparison'?: (_envoy_config_accesslog_v3_ComparisonFilter__Output);
}
