// Original file: proto/envoy/type/matcher/v3/node.proto

import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../envoy/type/matcher/v3/StringMatcher';
import type { StructMatcher as _envoy_type_matcher_v3_StructMatcher, StructMatcher__Output as _envoy_type_matcher_v3_StructMatcher__Output } from '../../../../envoy/type/matcher/v3/StructMatcher';

export interface NodeMatcher {
  'node_id'?: (_envoy_type_matcher_v3_StringMatcher | null);
  'node_metadatas'?: (_envoy_type_matcher_v3_StructMatcher)[];
}

export interface NodeMatcher__Output {
  'node_id'?: (_envoy_type_matcher_v3_StringMatcher__Output);
  'node_metadatas'?: (_envoy_type_matcher_v3_StructMatcher__Output)[];
}
