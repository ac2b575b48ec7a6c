// Original file: proto/envoy/extensions/common/ratelimit/v3/ratelimit.proto

import type { RateLimitUnit as _envoy_type_v3_RateLimitUnit, RateLimitUnit__Output as _envoy_type_v3_RateLimitUnit__Output } from '../../../../../envoy/type/v3/RateLimitUnit';

export interface _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry {
  'key'?: (string);
  'value'?: (string);
}

export interface _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry__Output {
  'key'?: (string);
  'value'?: (string);
}

export interface _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_RateLimitOverride {
  'requests_per_unit'?: (number);
  'unit'?: (_envoy_type_v3_RateLimitUnit);
}

export interface _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_RateLimitOverride__Output {
  'requests_per_unit'?: (number);
  'unit'?: (_envoy_type_v3_RateLimitUnit__Output);
}

export interface RateLimitDescriptor {
  'entries'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry)[];
  'limit'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_RateLimitOverride | null);
}

export interface RateLimitDescriptor__Output {
  'entries'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry__Output)[];
  'limit'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_RateLimitOverride__Output);
}
