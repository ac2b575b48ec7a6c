// Original file: proto/envoy/service/ratelimit/v3/rls.proto

import type { HeaderValue as _envoy_config_core_v3_HeaderValue, HeaderValue__Output as _envoy_config_core_v3_HeaderValue__Output } from '../../../../envoy/config/core/v3/HeaderValue';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../../google/protobuf/Timestamp';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../google/protobuf/Duration';

// Original file: proto/envoy/service/ratelimit/v3/rls.proto

export const _envoy_service_ratelimit_v3_RateLimitResponse_Code = {
  UNKNOWN: 'UNKNOWN',
  OK: 'OK',
  OVER_LIMIT: 'OVER_LIMIT',
} as const;

export type _envoy_service_ratelimit_v3_RateLimitResponse_Code =
  | 'UNKNOWN'
  | 0
  | 'OK'
  | 1
  | 'OVER_LIMIT'
  | 2

export type _envoy_service_ratelimit_v3_RateLimitResponse_Code__Output = typeof _envoy_service_ratelimit_v3_RateLimitResponse_Code[keyof typeof _envoy_service_ratelimit_v3_RateLimitResponse_Code]

export interface _envoy_service_ratelimit_v3_RateLimitResponse_DescriptorStatus {
  'code'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Code);
  'current_limit'?: (_envoy_service_ratelimit_v3_RateLimitResponse_RateLimit | null);
  'limit_remaining'?: (number);
  'duration_until_reset'?: (_google_protobuf_Duration | null);
  'quota'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Quota | null);
}

export interface _envoy_service_ratelimit_v3_RateLimitResponse_DescriptorStatus__Output {
  'code'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Code__Output);
  'current_limit'?: (_envoy_service_ratelimit_v3_RateLimitResponse_RateLimit__Output);
  'limit_remaining'?: (number);
  'duration_until_reset'?: (_google_protobuf_Duration__Output);
  'quota'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Quota__Output);
}

export interface _envoy_service_ratelimit_v3_RateLimitResponse_Quota {
  'requests'?: (number);
  'valid_until'?: (_google_protobuf_Timestamp | null);
  'id'?: (string);
  'expiration_specifier'?: "valid_until";
}

export interface _envoy_service_ratelimit_v3_RateLimitResponse_Quota__Output {
  'requests'?: (number);
  'valid_until'?: (_google_protobuf_Timestamp__Output);
  'id'?: (string);
  'expiration_specifier'?: "valid_until";
}

export interface _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit {
  'name'?: (string);
  'requests_per_unit'?: (number);
  'unit'?: (_envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit);
}

export interface _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit__Output {
  'name'?: (string);
  'requests_per_unit'?: (number);
  'unit'?: (_envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit__Output);
}

// Original file: proto/envoy/service/ratelimit/v3/rls.proto

export const _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit = {
  UNKNOWN: 'UNKNOWN',
  SECOND: 'SECOND',
  MINUTE: 'MINUTE',
  HOUR: 'HOUR',
  DAY: 'DAY',
  MONTH: 'MONTH',
  YEAR: 'YEAR',
} as const;

export type _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit =
  | 'UNKNOWN'
  | 0
  | 'SECOND'
  | 1
  | 'MINUTE'
  | 2
  | 'HOUR'
  | 3
  | 'DAY'
  | 4
  | 'MONTH'
  | 5
  | 'YEAR'
  | 6

export type _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit__Output = typeof _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit[keyof typeof _envoy_service_ratelimit_v3_RateLimitResponse_RateLimit_Unit]

export interface RateLimitResponse {
  'overall_code'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Code);
  'statuses'?: (_envoy_service_ratelimit_v3_RateLimitResponse_DescriptorStatus)[];
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValue)[];
  'request_headers_to_add'?: (_envoy_config_core_v3_HeaderValue)[];
  'raw_body'?: (Buffer | Uint8Array | string);
  'dynamic_metadata'?: (_google_protobuf_Struct | null);
  'quota'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Quota | null);
}

export interface RateLimitResponse__Output {
  'overall_code'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Code__Output);
  'statuses'?: (_envoy_service_ratelimit_v3_RateLimitResponse_DescriptorStatus__Output)[];
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValue__Output)[];
  'request_headers_to_add'?: (_envoy_config_core_v3_HeaderValue__Output)[];
  'raw_body'?: (Buffer);
  'dynamic_metadata'?: (_google_protobuf_Struct__Output);
  'quota'?: (_envoy_service_ratelimit_v3_RateLimitResponse_Quota__Output);
}
