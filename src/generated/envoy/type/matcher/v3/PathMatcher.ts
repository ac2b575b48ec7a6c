// Original file: proto/envoy/type/matcher/v3/path.proto

import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../envoy/type/matcher/v3/StringMatcher';

export interface PathMatcher {
  'path'?: (_envoy_type_matcher_v3_StringMatcher | null);
  'rule'?: "path";
}

export interface PathMatcher__Output {
  'path'?: (_envoy_type_matcher_v3_StringMatcher__Output);
  'rule'?: "path";
}
