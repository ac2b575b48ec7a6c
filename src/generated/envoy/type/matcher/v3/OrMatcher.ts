// Original file: proto/envoy/type/matcher/v3/value.proto

import type { ValueMatcher as _envoy_type_matcher_v3_ValueMatcher, ValueMatcher__Output as _envoy_type_matcher_v3_ValueMatcher__Output } from '../../../../envoy/type/matcher/v3/ValueMatcher';

export interface OrMatcher {
  'value_matchers'?: (_envoy_type_matcher_v3_ValueMatcher)[];
}

export interface OrMatcher__Output {
  'value_matchers'?: (_envoy_type_matcher_v3_ValueMatcher__Output)[];
}
