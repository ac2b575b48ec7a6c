// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../../../envoy/config/core/v3/TypedExtensionConfig';
import type { HeaderMatcher as _envoy_config_route_v3_HeaderMatcher, HeaderMatcher__Output as _envoy_config_route_v3_HeaderMatcher__Output } from '../../../../../../envoy/config/route/v3/HeaderMatcher';
import type { MetadataKey as _envoy_type_metadata_v3_MetadataKey, MetadataKey__Output as _envoy_type_metadata_v3_MetadataKey__Output } from '../../../../../../envoy/type/metadata/v3/MetadataKey';

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action {
  'source_cluster'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_SourceCluster | null);
  'destination_cluster'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_DestinationCluster | null);
  'request_headers'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RequestHeaders | null);
  'remote_address'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RemoteAddress | null);
  'generic_key'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_GenericKey | null);
  'header_value_match'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_HeaderValueMatch | null);
  'metadata'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData | null);
  'extension'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'action_specifier'?: "source_cluster"|"destination_cluster"|"request_headers"|"remote_address"|"generic_key"|"header_value_match"|"metadata"|"extension";
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action__Output {
  'source_cluster'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_SourceCluster__Output);
  'destination_cluster'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_DestinationCluster__Output);
  'request_headers'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RequestHeaders__Output);
  'remote_address'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RemoteAddress__Output);
  'generic_key'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_GenericKey__Output);
  'header_value_match'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_HeaderValueMatch__Output);
  'metadata'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData__Output);
  'extension'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'action_specifier'?: "source_cluster"|"destination_cluster"|"request_headers"|"remote_address"|"generic_key"|"header_value_match"|"metadata"|"extension";
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_DestinationCluster {
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_DestinationCluster__Output {
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override_DynamicMetadata {
  'metadata_key'?: (_envoy_type_metadata_v3_MetadataKey | null);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override_DynamicMetadata__Output {
  'metadata_key'?: (_envoy_type_metadata_v3_MetadataKey__Output);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_GenericKey {
  'descriptor_value'?: (string);
  'descriptor_key'?: (string);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_GenericKey__Output {
  'descriptor_value'?: (string);
  'descriptor_key'?: (string);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_HeaderValueMatch {
  'descriptor_value'?: (string);
  'expect_match'?: (boolean);
  'headers'?: (_envoy_config_route_v3_HeaderMatcher)[];
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_HeaderValueMatch__Output {
  'descriptor_value'?: (string);
  'expect_match'?: (boolean);
  'headers'?: (_envoy_config_route_v3_HeaderMatcher__Output)[];
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData {
  'descriptor_key'?: (string);
  'metadata_key'?: (_envoy_type_metadata_v3_MetadataKey | null);
  'default_value'?: (string);
  'source'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source);
  'skip_if_absent'?: (boolean);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData__Output {
  'descriptor_key'?: (string);
  'metadata_key'?: (_envoy_type_metadata_v3_MetadataKey__Output);
  'default_value'?: (string);
  'source'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source__Output);
  'skip_if_absent'?: (boolean);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override {
  'dynamic_metadata'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override_DynamicMetadata | null);
  'override_specifier'?: "dynamic_metadata";
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override__Output {
  'dynamic_metadata'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override_DynamicMetadata__Output);
  'override_specifier'?: "dynamic_metadata";
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RemoteAddress {
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RemoteAddress__Output {
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RequestHeaders {
  'header_name'?: (string);
  'descriptor_key'?: (string);
  'skip_if_absent'?: (boolean);
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_RequestHeaders__Output {
  'header_name'?: (string);
  'descriptor_key'?: (string);
  'skip_if_absent'?: (boolean);
}

// Original file: proto/envoy/extensions/filters/http/ratelimit/v3/rate_limit.proto

export const _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source = {
  DYNAMIC: 'DYNAMIC',
  ROUTE_ENTRY: 'ROUTE_ENTRY',
} as const;

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source =
  | 'DYNAMIC'
  | 0
  | 'ROUTE_ENTRY'
  | 1

export type _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source__Output = typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source[keyof typeof _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_MetaData_Source]

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_SourceCluster {
}

export interface _envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action_SourceCluster__Output {
}

export interface RateLimitConfig {
  'stage'?: (number);
  'disable_key'?: (string);
  'actions'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action)[];
  'limit'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override | null);
}

export interface RateLimitConfig__Output {
  'stage'?: (number);
  'disable_key'?: (string);
  'actions'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Action__Output)[];
  'limit'?: (_envoy_extensions_filters_http_ratelimit_v3_RateLimitConfig_Override__Output);
}
