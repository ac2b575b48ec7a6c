// Original file: proto/envoy/type/matcher/v3/string.proto

import type { RegexMatcher as _envoy_type_matcher_v3_RegexMatcher, RegexMatcher__Output as _envoy_type_matcher_v3_RegexMatcher__Output } from '../../../../envoy/type/matcher/v3/RegexMatcher';
import type { TypedExtensionConfig as _xds_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _xds_core_v3_TypedExtensionConfig__Output } from '../../../../xds/core/v3/TypedExtensionConfig';

export interface StringMatcher {
  'exact'?: (string);
  'prefix'?: (string);
  'suffix'?: (string);
  'safe_regex'?: (_envoy_type_matcher_v3_RegexMatcher | null);
  'ignore_case'?: (boolean);
  'contains'?: (string);
  'custom'?: (_xds_core_v3_TypedExtensionConfig | null);
  'match_pattern'?: "exact"|"prefix"|"suffix"|"safe_regex"|"contains"|"custom";
}

export interface StringMatcher__Output {
  'exact'?: (string);
  'prefix'?: (string);
  'suffix'?: (string);
  'safe_regex'?: (_envoy_type_matcher_v3_RegexMatcher__Output);
  'ignore_case'?: (boolean);
  'contains'?: (string);
  'custom'?: (_xds_core_v3_TypedExtensionConfig__Output);
  'match_pattern'?: "exact"|"prefix"|"suffix"|"safe_regex"|"contains"|"custom";
}
