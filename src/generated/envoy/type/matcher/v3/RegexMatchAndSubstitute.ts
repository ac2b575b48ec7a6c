// Original file: proto/envoy/type/matcher/v3/regex.proto

import type { RegexMatcher as _envoy_type_matcher_v3_RegexMatcher, RegexMatcher__Output as _envoy_type_matcher_v3_RegexMatcher__Output } from '../../../../envoy/type/matcher/v3/RegexMatcher';

export interface RegexMatchAndSubstitute {
  'pattern'?: (_envoy_type_matcher_v3_RegexMatcher | null);
  'substitution'?: (string);
}

export interface RegexMatchAndSubstitute__Output {
  'pattern'?: (_envoy_type_matcher_v3_RegexMatcher__Output);
  'substitution'?: (string);
}
