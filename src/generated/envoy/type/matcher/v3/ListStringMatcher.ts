// Original file: proto/envoy/type/matcher/v3/string.proto

import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../envoy/type/matcher/v3/StringMatcher';

export interface ListStringMatcher {
  'patterns'?: (_envoy_type_matcher_v3_StringMatcher)[];
}

export interface ListStringMatcher__Output {
  'patterns'?: (_envoy_type_matcher_v3_StringMatcher__Output)[];
}
