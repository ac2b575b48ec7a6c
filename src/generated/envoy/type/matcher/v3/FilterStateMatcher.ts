// Original file: proto/envoy/type/matcher/v3/filter_state.proto

import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../envoy/type/matcher/v3/StringMatcher';

export interface FilterStateMatcher {
  'key'?: (string);
  'string_match'?: (_envoy_type_matcher_v3_StringMatcher | null);
  'matcher'?: "string_match";
}

export interface FilterStateMatcher__Output {
  'key'?: (string);
  'string_match'?: (_envoy_type_matcher_v3_StringMatcher__Output);
  'matcher'?: "string_match";
}
