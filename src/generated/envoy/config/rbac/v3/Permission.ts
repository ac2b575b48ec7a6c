// Original file: proto/envoy/config/rbac/v3/rbac.proto

import type { HeaderMatcher as _envoy_config_route_v3_HeaderMatcher, HeaderMatcher__Output as _envoy_config_route_v3_HeaderMatcher__Output } from '../../../../envoy/config/route/v3/HeaderMatcher';
import type { CidrRange as _envoy_config_core_v3_CidrRange, CidrRange__Output as _envoy_config_core_v3_CidrRange__Output } from '../../../../envoy/config/core/v3/CidrRange';
import type { MetadataMatcher as _envoy_type_matcher_v3_MetadataMatcher, MetadataMatcher__Output as _envoy_type_matcher_v3_MetadataMatcher__Output } from '../../../../envoy/type/matcher/v3/MetadataMatcher';
import type { Permission as _envoy_config_rbac_v3_Permission, Permission__Output as _envoy_config_rbac_v3_Permission__Output } from '../../../../envoy/config/rbac/v3/Permission';
import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../envoy/type/matcher/v3/StringMatcher';
import type { PathMatcher as _envoy_type_matcher_v3_PathMatcher, PathMatcher__Output as _envoy_type_matcher_v3_PathMatcher__Output } from '../../../../envoy/type/matcher/v3/PathMatcher';
import type { Int32Range as _envoy_type_v3_Int32Range, Int32Range__Output as _envoy_type_v3_Int32Range__Output } from '../../../../envoy/type/v3/Int32Range';
import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../envoy/config/core/v3/TypedExtensionConfig';

export interface _envoy_config_rbac_v3_Permission_Set {
  'rules'?: (_envoy_config_rbac_v3_Permission)[];
}

export interface _envoy_config_rbac_v3_Permission_Set__Output {
  'rules'?: (_envoy_config_rbac_v3_Permission__Output)[];
}

export interface Permission {
  'and_rules'?: (_envoy_config_rbac_v3_Permission_Set | null);
  'or_rules'?: (_envoy_config_rbac_v3_Permission_Set | null);
  'any'?: (boolean);
  'header'?: (_envoy_config_route_v3_HeaderMatcher | null);
  'destination_ip'?: (_envoy_config_core_v3_CidrRange | null);
  'destination_port'?: (number);
  'metadata'?: (_envoy_type_matcher_v3_MetadataMatcher | null);
  'not_rule'?: (_envoy_config_rbac_v3_Permission | null);
  'requested_server_name'?: (_envoy_type_matcher_v3_StringMatcher | null);
  'url_path'?: (_envoy_type_matcher_v3_PathMatcher | null);
  'destination_port_range'?: (_envoy_type_v3_Int32Range | null);
  'matcher'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'uri_template'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'rule'?: "and_rules"|"or_rules"|"any"|"header"|"url_path"|"destination_ip"|"destination_port"|"destination_port_range"|"metadata"|"not_rule"|"requested_server_name"|"matcher"|"uri_template";
}

export interface Permission__Output {
  'and_rules'?: (_envoy_config_rbac_v3_Permission_Set__Output);
  'or_rules'?: (_envoy_config_rbac_v3_Permission_Set__Output);
  'any'?: (boolean);
  'header'?: (_envoy_config_route_v3_HeaderMatcher__Output);
  'destination_ip'?: (_envoy_config_core_v3_CidrRange__Output);
  'destination_port'?: (number);
  'metadata'?: (_envoy_type_matcher_v3_MetadataMatcher__Output);
  'not_rule'?: (_envoy_config_rbac_v3_Permission__Output);
  'requested_server_name'?: (_envoy_type_matcher_v3_StringMatcher__Output);
  'url_path'?: (_envoy_type_matcher_v3_PathMatcher__Output);
  'destination_port_range'?: (_envoy_type_v3_Int32Range__Output);
  'matcher'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'uri_template'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'rule'?: "and_rules"|"or_rules"|"any"|"header"|"url_path"|"destination_ip"|"destination_port"|"destination_port_range"|"metadata"|"not_rule"|"requested_server_name"|"matcher"|"uri_template";
}
