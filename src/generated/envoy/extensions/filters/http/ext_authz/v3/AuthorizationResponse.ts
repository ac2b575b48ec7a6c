// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto

import type { ListStringMatcher as _envoy_type_matcher_v3_ListStringMatcher, ListStringMatcher__Output as _envoy_type_matcher_v3_ListStringMatcher__Output } from '../../../../../../envoy/type/matcher/v3/ListStringMatcher';

export interface AuthorizationResponse {
  'allowed_upstream_headers'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'allowed_client_headers'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'allowed_upstream_headers_to_append'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'allowed_client_headers_on_success'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'dynamic_metadata_from_headers'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
}

export interface AuthorizationResponse__Output {
  'allowed_upstream_headers'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'allowed_client_headers'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'allowed_upstream_headers_to_append'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'allowed_client_headers_on_success'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'dynamic_metadata_from_headers'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
}
