// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto

import type { GrpcService as _envoy_config_core_v3_GrpcService, GrpcService__Output as _envoy_config_core_v3_GrpcService__Output } from '../../../../../../envoy/config/core/v3/GrpcService';
import type { HttpService as _envoy_extensions_filters_http_ext_authz_v3_HttpService, HttpService__Output as _envoy_extensions_filters_http_ext_authz_v3_HttpService__Output } from '../../../../../../envoy/extensions/filters/http/ext_authz/v3/HttpService';
import type { BufferSettings as _envoy_extensions_filters_http_ext_authz_v3_BufferSettings, BufferSettings__Output as _envoy_extensions_filters_http_ext_authz_v3_BufferSettings__Output } from '../../../../../../envoy/extensions/filters/http/ext_authz/v3/BufferSettings';
import type { HttpStatus as _envoy_type_v3_HttpStatus, HttpStatus__Output as _envoy_type_v3_HttpStatus__Output } from '../../../../../../envoy/type/v3/HttpStatus';
import type { RuntimeFractionalPercent as _envoy_config_core_v3_RuntimeFractionalPercent, RuntimeFractionalPercent__Output as _envoy_config_core_v3_RuntimeFractionalPercent__Output } from '../../../../../../envoy/config/core/v3/RuntimeFractionalPercent';
import type { RuntimeFeatureFlag as _envoy_config_core_v3_RuntimeFeatureFlag, RuntimeFeatureFlag__Output as _envoy_config_core_v3_RuntimeFeatureFlag__Output } from '../../../../../../envoy/config/core/v3/RuntimeFeatureFlag';
import type { ApiVersion as _envoy_config_core_v3_ApiVersion, ApiVersion__Output as _envoy_config_core_v3_ApiVersion__Output } from '../../../../../../envoy/config/core/v3/ApiVersion';
import type { MetadataMatcher as _envoy_type_matcher_v3_MetadataMatcher, MetadataMatcher__Output as _envoy_type_matcher_v3_MetadataMatcher__Output } from '../../../../../../envoy/type/matcher/v3/MetadataMatcher';
import type { ListStringMatcher as _envoy_type_matcher_v3_ListStringMatcher, ListStringMatcher__Output as _envoy_type_matcher_v3_ListStringMatcher__Output } from '../../../../../../envoy/type/matcher/v3/ListStringMatcher';
import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../../google/protobuf/BoolValue';
import type { HeaderMutationRules as _envoy_config_common_mutation_rules_v3_HeaderMutationRules, HeaderMutationRules__Output as _envoy_config_common_mutation_rules_v3_HeaderMutationRules__Output } from '../../../../../../envoy/config/common/mutation_rules/v3/HeaderMutationRules';

export interface ExtAuthz {
  'grpc_service'?: (_envoy_config_core_v3_GrpcService | null);
  'failure_mode_allow'?: (boolean);
  'http_service'?: (_envoy_extensions_filters_http_ext_authz_v3_HttpService | null);
  'with_request_body'?: (_envoy_extensions_filters_http_ext_authz_v3_BufferSettings | null);
  'clear_route_cache'?: (boolean);
  'status_on_error'?: (_envoy_type_v3_HttpStatus | null);
  'metadata_context_namespaces'?: (string)[];
  'filter_enabled'?: (_envoy_config_core_v3_RuntimeFractionalPercent | null);
  'include_peer_certificate'?: (boolean);
  'deny_at_disable'?: (_envoy_config_core_v3_RuntimeFeatureFlag | null);
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion);
  'stat_prefix'?: (string);
  'filter_enabled_metadata'?: (_envoy_type_matcher_v3_MetadataMatcher | null);
  'bootstrap_metadata_labels_key'?: (string);
  'typed_metadata_context_namespaces'?: (string)[];
  'allowed_headers'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'include_tls_session'?: (boolean);
  'failure_mode_allow_header_add'?: (boolean);
  'charge_cluster_response_stats'?: (_google_protobuf_BoolValue | null);
  'route_metadata_context_namespaces'?: (string)[];
  'route_typed_metadata_context_namespaces'?: (string)[];
  'encode_raw_headers'?: (boolean);
  'validate_mutations'?: (boolean);
  'disallowed_headers'?: (_envoy_type_matcher_v3_ListStringMatcher | null);
  'decoder_header_mutation_rules'?: (_envoy_config_common_mutation_rules_v3_HeaderMutationRules | null);
  'enable_dynamic_metadata_ingestion'?: (_google_protobuf_BoolValue | null);
  'services'?: "grpc_service"|"http_service";
}

export interface ExtAuthz__Output {
  'grpc_service'?: (_envoy_config_core_v3_GrpcService__Output);
  'failure_mode_allow'?: (boolean);
  'http_service'?: (_envoy_extensions_filters_http_ext_authz_v3_HttpService__Output);
  'with_request_body'?: (_envoy_extensions_filters_http_ext_authz_v3_BufferSettings__Output);
  'clear_route_cache'?: (boolean);
  'status_on_error'?: (_envoy_type_v3_HttpStatus__Output);
  'metadata_context_namespaces'?: (string)[];
  'filter_enabled'?: (_envoy_config_core_v3_RuntimeFractionalPercent__Output);
  'include_peer_certificate'?: (boolean);
  'deny_at_disable'?: (_envoy_config_core_v3_RuntimeFeatureFlag__Output);
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion__Output);
  'stat_prefix'?: (string);
  'filter_enabled_metadata'?: (_envoy_type_matcher_v3_MetadataMatcher__Output);
  'bootstrap_metadata_labels_key'?: (string);
  'typed_metadata_context_namespaces'?: (string)[];
  'allowed_headers'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'include_tls_session'?: (boolean);
  'failure_mode_allow_header_add'?: (boolean);
  'charge_cluster_response_stats'?: (_google_protobuf_BoolValue__Output);
  'route_metadata_context_namespaces'?: (string)[];
  'route_typed_metadata_context_namespaces'?: (string)[];
  'encode_raw_headers'?: (boolean);
  'validate_mutations'?: (boolean);
  'disallowed_headers'?: (_envoy_type_matcher_v3_ListStringMatcher__Output);
  'decoder_header_mutation_rules'?: (_envoy_config_common_mutation_rules_v3_HeaderMutationRules__Output);
  'enable_dynamic_metadata_ingestion'?: (_google_protobuf_BoolValue__Output);
  'services'?: "grpc_service"|"http_service";
}
