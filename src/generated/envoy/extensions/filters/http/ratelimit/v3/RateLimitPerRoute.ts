// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

import type { RateLimitConfig as _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig, RateLimitConfig__Output as _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig__Output } from '../../../../../../envoy/extensions/filters/http/ratelimit/v3/RateLimitConfig';

// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

export const _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions = {
  DEFAULT: 'DEFAULT',
  OVERRIDE_POLICY: 'OVERRIDE_POLICY',
  INCLUDE_POLICY: 'INCLUDE_POLICY',
  IGNORE_POLICY: 'IGNORE_POLICY',
} as const;

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions =
  | 'DEFAULT'
  | 0
  | 'OVERRIDE_POLICY'
  | 1
  | 'INCLUDE_POLICY'
  | 2
  | 'IGNORE_POLICY'
  | 3

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions__Output = typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions[keyof typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions]

// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

export const _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions = {
  OVERRIDE: 'OVERRIDE',
  INCLUDE: 'INCLUDE',
  IGNORE: 'IGNORE',
} as const;

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions =
  | 'OVERRIDE'
  | 0
  | 'INCLUDE'
  | 1
  | 'IGNORE'
  | 2

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions__Output = typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions[keyof typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions]

export interface RateLimitPerRoute {
  'vh_rate_limits'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions);
  'override_option'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions);
  'rate_limits'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig)[];
  'domain'?: (string);
}

export interface RateLimitPerRoute__Output {
  'vh_rate_limits'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_VhRateLimitsOptions__Output);
  'override_option'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitPerRoute_OverrideOptions__Output);
  'rate_limits'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig__Output)[];
  'domain'?: (string);
}
