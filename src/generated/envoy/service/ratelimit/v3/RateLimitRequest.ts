// Original file: proto/envoy/service/ratelimit/v3/rls.proto

import type { RateLimitDescriptor as _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor, RateLimitDescriptor__Output as _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor__Output } from '../../../../envoy/extensions/common/ratelimit/v3/RateLimitDescriptor';

export interface RateLimitRequest {
  'domain'?: (string);
  'descriptors'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor)[];
  'hits_addend'?: (number);
}

export interface RateLimitRequest__Output {
  'domain'?: (string);
  'descriptors'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor__Output)[];
  'hits_addend'?: (number);
}
