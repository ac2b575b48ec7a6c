// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';
import type { RateLimitServiceConfig as _envoy_config_ratelimit_v3_RateLimitServiceConfig, RateLimitServiceConfig__Output as _envoy_config_ratelimit_v3_RateLimitServiceConfig__Output } from '../../../../../../envoy/config/ratelimit/v3/RateLimitServiceConfig';
import type { HttpStatus as _envoy_type_v3_HttpStatus, HttpStatus__Output as _envoy_type_v3_HttpStatus__Output } from '../../../../../../envoy/type/v3/HttpStatus';
import type { HeaderValueOption as _envoy_config_core_v3_HeaderValueOption, HeaderValueOption__Output as _envoy_config_core_v3_HeaderValueOption__Output } from '../../../../../../envoy/config/core/v3/HeaderValueOption';

// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

export const _envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion = {
  OFF: 'OFF',
  DRAFT_VERSION_03: 'DRAFT_VERSION_03',
} as const;

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion =
  | 'OFF'
  | 0
  | 'DRAFT_VERSION_03'
  | 1

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion__Output = typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion[keyof typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion]

export interface RateLimit {
  'domain'?: (string);
  'stage'?: (number);
  'request_type'?: (string);
  'timeout'?: (_google_protobuf_Duration | null);
  'failure_mode_deny'?: (boolean);
  'rate_limited_as_resource_exhausted'?: (boolean);
  'rate_limit_service'?: (_envoy_config_ratelimit_v3_RateLimitServiceConfig | null);
  'enable_x_ratelimit_headers'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion);
  'disable_x_envoy_ratelimited_header'?: (boolean);
  'rate_limited_status'?: (_envoy_type_v3_HttpStatus | null);
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption)[];
  'status_on_error'?: (_envoy_type_v3_HttpStatus | null);
  'stat_prefix'?: (string);
}

export interface RateLimit__Output {
  'domain'?: (string);
  'stage'?: (number);
  'request_type'?: (string);
  'timeout'?: (_google_protobuf_Duration__Output);
  'failure_mode_deny'?: (boolean);
  'rate_limited_as_resource_exhausted'?: (boolean);
  'rate_limit_service'?: (_envoy_config_ratelimit_v3_RateLimitServiceConfig__Output);
  'enable_x_ratelimit_headers'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimit_XRateLimitHeadersRFCVersion__Output);
  'disable_x_envoy_ratelimited_header'?: (boolean);
  'rate_limited_status'?: (_envoy_type_v3_HttpStatus__Output);
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
  'status_on_error'?: (_envoy_type_v3_HttpStatus__Output);
  'stat_prefix'?: (string);
}
