// Original file: proto/envoy/extensions/filters/http/compressor/v3/compressor.proto

import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';
import type { RuntimeFeatureFlag as _envoy_config_core_v3_RuntimeFeatureFlag, RuntimeFeatureFlag__Output as _envoy_config_core_v3_RuntimeFeatureFlag__Output } from '../../../../../../envoy/config/core/v3/RuntimeFeatureFlag';
import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../../../envoy/config/core/v3/TypedExtensionConfig';

export interface _envoy_extensions_filters_http_compressor_v3_Compressor_CommonDirectionConfig {
  'enabled'?: (_envoy_config_core_v3_RuntimeFeatureFlag | null);
  'min_content_length'?: (_google_protobuf_UInt32Value | null);
  'content_type'?: (string)[];
}

export interface _envoy_extensions_filters_http_compressor_v3_Compressor_CommonDirectionConfig__Output {
  'enabled'?: (_envoy_config_core_v3_RuntimeFeatureFlag__Output);
  'min_content_length'?: (_google_protobuf_UInt32Value__Output);
  'content_type'?: (string)[];
}

export interface _envoy_extensions_filters_http_compressor_v3_Compressor_RequestDirectionConfig {
  'common_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_CommonDirectionConfig | null);
}

export interface _envoy_extensions_filters_http_compressor_v3_Compressor_RequestDirectionConfig__Output {
  'common_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_CommonDirectionConfig__Output);
}

export interface _envoy_extensions_filters_http_compressor_v3_Compressor_ResponseDirectionConfig {
  'common_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_CommonDirectionConfig | null);
  'disable_on_etag_header'?: (boolean);
  'remove_accept_encoding_header'?: (boolean);
}

export interface _envoy_extensions_filters_http_compressor_v3_Compressor_ResponseDirectionConfig__Output {
  'common_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_CommonDirectionConfig__Output);
  'disable_on_etag_header'?: (boolean);
  'remove_accept_encoding_header'?: (boolean);
}

export interface Compressor {
  'content_length'?: (_google_protobuf_UInt32Value | null);
  'content_type'?: (string)[];
  'disable_on_etag_header'?: (boolean);
  'remove_accept_encoding_header'?: (boolean);
  'runtime_enabled'?: (_envoy_config_core_v3_RuntimeFeatureFlag | null);
  'compressor_library'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'request_direction_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_RequestDirectionConfig | null);
  'response_direction_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_ResponseDirectionConfig | null);
  'choose_first'?: (boolean);
}

export interface Compressor__Output {
  'content_length'?: (_google_protobuf_UInt32Value__Output);
  'content_type'?: (string)[];
  'disable_on_etag_header'?: (boolean);
  'remove_accept_encoding_header'?: (boolean);
  'runtime_enabled'?: (_envoy_config_core_v3_RuntimeFeatureFlag__Output);
  'compressor_library'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'request_direction_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_RequestDirectionConfig__Output);
  'response_direction_config'?: (_envoy_extensions_filters_http_compressor_v3_Compressor_ResponseDirectionConfig__Output);
  'choose_first'?: (boolean);
}
