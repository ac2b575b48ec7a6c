// Original file: proto/envoy/config/common/mutation_rules/v3/mutation_rules.proto

import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../google/protobuf/BoolValue';
import type { RegexMatcher as _envoy_type_matcher_v3_RegexMatcher, RegexMatcher__Output as _envoy_type_matcher_v3_RegexMatcher__Output } from '../../../../../envoy/type/matcher/v3/RegexMatcher';

export interface HeaderMutationRules {
  'allow_all_routing'?: (_google_protobuf_BoolValue | null);
  'allow_envoy'?: (_google_protobuf_BoolValue | null);
  'disallow_system'?: (_google_protobuf_BoolValue | null);
  'disallow_all'?: (_google_protobuf_BoolValue | null);
  'allow_expression'?: (_envoy_type_matcher_v3_RegexMatcher | null);
  'disallow_expression'?: (_envoy_type_matcher_v3_RegexMatcher | null);
  'disallow_is_error'?: (_google_protobuf_BoolValue | null);
}

export interface HeaderMutationRules__Output {
  'allow_all_routing'?: (_google_protobuf_BoolValue__Output);
  'allow_envoy'?: (_google_protobuf_BoolValue__Output);
  'disallow_system'?: (_google_protobuf_BoolValue__Output);
  'disallow_all'?: (_google_protobuf_BoolValue__Output);
  'allow_expression'?: (_envoy_type_matcher_v3_RegexMatcher__Output);
  'disallow_expression'?: (_envoy_type_matcher_v3_RegexMatcher__Output);
  'disallow_is_error'?: (_google_protobuf_BoolValue__Output);
}
