// Original file: proto/envoy/type/matcher/v3/struct.proto

import type { ValueMatcher as _envoy_type_matcher_v3_ValueMatcher, ValueMatcher__Output as _envoy_type_matcher_v3_ValueMatcher__Output } from '../../../../envoy/type/matcher/v3/ValueMatcher';

export interface _envoy_type_matcher_v3_StructMatcher_PathSegment {
  'key'?: (string);
  'segment'?: "key";
}

export interface _envoy_type_matcher_v3_StructMatcher_PathSegment__Output {
  'key'?: (string);
  'segment'?: "key";
}

export interface StructMatcher {
  'path'?: (_envoy_type_matcher_v3_StructMatcher_PathSegment)[];
  'value'?: (_envoy_type_matcher_v3_ValueMatcher | null);
}

export interface StructMatcher__Output {
  'path'?: (_envoy_type_matcher_v3_StructMatcher_PathSegment__Output)[];
  'value'?: (_envoy_type_matcher_v3_ValueMatcher__Output);
}
