// Original file: proto/envoy/config/rbac/v3/rbac.proto

import type { CidrRange as _envoy_config_core_v3_CidrRange, CidrRange__Output as _envoy_config_core_v3_CidrRange__Output } from '../../../../envoy/config/core/v3/CidrRange';
import type { HeaderMatcher as _envoy_config_route_v3_HeaderMatcher, HeaderMatcher__Output as _envoy_config_route_v3_HeaderMatcher__Output } from '../../../../envoy/config/route/v3/HeaderMatcher';
import type { MetadataMatcher as _envoy_type_matcher_v3_MetadataMatcher, MetadataMatcher__Output as _envoy_type_matcher_v3_MetadataMatcher__Output } from '../../../../envoy/type/matcher/v3/MetadataMatcher';
import type { Principal as _envoy_config_rbac_v3_Principal, Principal__Output as _envoy_config_rbac_v3_Principal__Output } from '../../../../envoy/config/rbac/v3/Principal';
import type { PathMatcher as _envoy_type_matcher_v3_PathMatcher, PathMatcher__Output as _envoy_type_matcher_v3_PathMatcher__Output } from '../../../../envoy/type/matcher/v3/PathMatcher';
import type { FilterStateMatcher as _envoy_type_matcher_v3_FilterStateMatcher, FilterStateMatcher__Output as _envoy_type_matcher_v3_FilterStateMatcher__Output } from '../../../../envoy/type/matcher/v3/FilterStateMatcher';
import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../envoy/type/matcher/v3/StringMatcher';

export interface _envoy_config_rbac_v3_Principal_Authenticated {
  'principal_name'?: (_envoy_type_matcher_v3_StringMatcher | null);
}

export interface _envoy_config_rbac_v3_Principal_Authenticated__Output {
  'principal_name'?: (_envoy_type_matcher_v3_StringMatcher__Output);
}

export interface _envoy_config_rbac_v3_Principal_Set {
  'ids'?: (_envoy_config_rbac_v3_Principal)[];
}

export interface _envoy_config_rbac_v3_Principal_Set__Output {
  'ids'?: (_envoy_config_rbac_v3_Principal__Output)[];
}

export interface Principal {
  'and_ids'?: (_envoy_config_rbac_v3_Principal_Set | null);
  'or_ids'?: (_envoy_config_rbac_v3_Principal_Set | null);
  'any'?: (boolean);
  'authenticated'?: (_envoy_config_rbac_v3_Principal_Authenticated | null);
  'source_ip'?: (_envoy_config_core_v3_CidrRange | null);
  'header'?: (_envoy_config_route_v3_HeaderMatcher | null);
  'metadata'?: (_envoy_type_matcher_v3_MetadataMatcher | null);
  'not_id'?: (_envoy_config_rbac_v3_Principal | null);
  'url_path'?: (_envoy_type_matcher_v3_PathMatcher | null);
  'direct_remote_ip'?: (_envoy_config_core_v3_CidrRange | null);
  'remote_ip'?: (_envoy_config_core_v3_CidrRange | null);
  'filter_state'?: (_envoy_type_matcher_v3_FilterStateMatcher | null);
  'identifier'?: "and_ids"|"or_ids"|"any"|"authenticated"|"source_ip"|"direct_remote_ip"|"remote_ip"|"header"|"url_path"|"metadata"|"filter_state"|"not_id";
}

export interface Principal__Output {
  'and_ids'?: (_envoy_config_rbac_v3_Principal_Set__Output);
  'or_ids'?: (_envoy_config_rbac_v3_Principal_Set__Output);
  'any'?: (boolean);
  'authenticated'?: (_envoy_config_rbac_v3_Principal_Authenticated__Output);
  'source_ip'?: (_envoy_config_core_v3_CidrRange__Output);
  'header'?: (_envoy_config_route_v3_HeaderMatcher__Output);
  'metadata'?: (_envoy_type_matcher_v3_MetadataMatcher__Output);
  'not_id'?: (_envoy_config_rbac_v3_Principal__Output);
  'url_path'?: (_envoy_type_matcher_v3_PathMatcher__Output);
  'direct_remote_ip'?: (_envoy_config_core_v3_CidrRange__Output);
  'remote_ip'?: (_envoy_config_core_v3_CidrRange__Output);
  'filter_state'?: (_envoy_type_matcher_v3_FilterStateMatcher__Output);
  'identifier'?: "and_ids"|"or_ids"|"any"|"authenticated"|"source_ip"|"direct_remote_ip"|"remote_ip"|"header"|"url_path"|"metadata"|"filter_state"|"not_id";
}
