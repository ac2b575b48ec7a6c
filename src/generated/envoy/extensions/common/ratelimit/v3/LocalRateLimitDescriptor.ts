// Original file: proto/envoy/extensions/common/ratelimit/v3/ratelimit.proto

import type { _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry, _envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry__Output } from '../../../../../envoy/extensions/common/ratelimit/v3/RateLimitDescriptor';
import type { TokenBucket as _envoy_type_v3_TokenBucket, TokenBucket__Output as _envoy_type_v3_TokenBucket__Output } from '../../../../../envoy/type/v3/TokenBucket';

export interface LocalRateLimitDescriptor {
  'entries'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry)[];
  'token_bucket'?: (_envoy_type_v3_TokenBucket | null);
}

export interface LocalRateLimitDescriptor__Output {
  'entries'?: (_envoy_extensions_common_ratelimit_v3_RateLimitDescriptor_Entry__Output)[];
  'token_bucket'?: (_envoy_type_v3_TokenBucket__Output);
}
