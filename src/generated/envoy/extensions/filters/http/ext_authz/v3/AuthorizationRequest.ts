// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto

import type { ListStringMatcher as _envoy_type_matcher_v3_ListStringMatcher, ListStringMatcher__Output as _envoy_type_matcher_v3_ListStringMatcher__Output } from '../../../../../../envoy/type/matcher/v3/ListStringMatcher';
import type { HeaderValue as _envoy_config_core_v3_HeaderValue, HeaderValue__Output as _envoy_config_core_v3_HeaderValue__Output } from '../../../../../../envoy/config/core/v3/HeaderValue';

export interface AuthorizationRequest {
  'allowed_headers'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'headers_to_add'?: (_envoy_config_core_v3_HeaderValue)[];
}

export interface AuthorizationRequest__Output {
  'allowed_headers'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'headers_to_add'?: (_envoy_config_core_v3_HeaderValue__Output)[];
}
