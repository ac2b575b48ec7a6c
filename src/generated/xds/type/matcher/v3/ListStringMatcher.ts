// Original file: proto/xds/type/matcher/v3/string.proto

import type { StringMatcher as _xds_type_matcher_v3_StringMatcher, StringMatcher__Output as _xds_type_matcher_v3_StringMatcher__Output } from '../../../../xds/type/matcher/v3/StringMatcher';

export interface ListStringMatcher {
  'patterns'?: (_xds_type_matcher_v3_StringMatcher)[];
}

export interface ListStringMatcher__Output {
  'patterns'?: (_xds_type_matcher_v3_StringMatcher__Output)[];
}
