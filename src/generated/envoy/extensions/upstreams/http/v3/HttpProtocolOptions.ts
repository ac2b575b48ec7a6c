// Original file: proto/envoy/extensions/upstreams/http/v3/http_protocol_options.proto

import type { HttpProtocolOptions as _envoy_config_core_v3_HttpProtocolOptions, HttpProtocolOptions__Output as _envoy_config_core_v3_HttpProtocolOptions__Output } from '../../../../../envoy/config/core/v3/HttpProtocolOptions';
import type { UpstreamHttpProtocolOptions as _envoy_config_core_v3_UpstreamHttpProtocolOptions, UpstreamHttpProtocolOptions__Output as _envoy_config_core_v3_UpstreamHttpProtocolOptions__Output } from '../../../../../envoy/config/core/v3/UpstreamHttpProtocolOptions';
import type { HttpFilter as _envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter, HttpFilter__Output as _envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter__Output } from '../../../../../envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../../envoy/config/core/v3/TypedExtensionConfig';
import type { Http1ProtocolOptions as _envoy_config_core_v3_Http1ProtocolOptions, Http1ProtocolOptions__Output as _envoy_config_core_v3_Http1ProtocolOptions__Output } from '../../../../../envoy/config/core/v3/Http1ProtocolOptions';
import type { Http2ProtocolOptions as _envoy_config_core_v3_Http2ProtocolOptions, Http2ProtocolOptions__Output as _envoy_config_core_v3_Http2ProtocolOptions__Output } from '../../../../../envoy/config/core/v3/Http2ProtocolOptions';
import type { Http3ProtocolOptions as _envoy_config_core_v3_Http3ProtocolOptions, Http3ProtocolOptions__Output as _envoy_config_core_v3_Http3ProtocolOptions__Output } from '../../../../../envoy/config/core/v3/Http3ProtocolOptions';
import type { AlternateProtocolsCacheOptions as _envoy_config_core_v3_AlternateProtocolsCacheOptions, AlternateProtocolsCacheOptions__Output as _envoy_config_core_v3_AlternateProtocolsCacheOptions__Output } from '../../../../../envoy/config/core/v3/AlternateProtocolsCacheOptions';

export interface _envoy_extensions_upstreams_http_v3_HttpProtocolOptions_AutoHttpConfig {
  'http_protocol_options'?: (_envoy_config_core_v3_Http1ProtocolOptions | null);
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions | null);
  'http3_protocol_options'?: (_envoy_config_core_v3_Http3ProtocolOptions | null);
  'alternate_protocols_cache_options'?: (_envoy_config_core_v3_AlternateProtocolsCacheOptions | null);
}

export interface _envoy_extensions_upstreams_http_v3_HttpProtocolOptions_AutoHttpConfig__Output {
  'http_protocol_options'?: (_envoy_config_core_v3_Http1ProtocolOptions__Output);
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions__Output);
  'http3_protocol_options'?: (_envoy_config_core_v3_Http3ProtocolOptions__Output);
  'alternate_protocols_cache_options'?: (_envoy_config_core_v3_AlternateProtocolsCacheOptions__Output);
}

export interface _envoy_extensions_upstreams_http_v3_HttpProtocolOptions_ExplicitHttpConfig {
  'http_protocol_options'?: (_envoy_config_core_v3_Http1ProtocolOptions | null);
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions | null);
  'http3_protocol_options'?: (_envoy_config_core_v3_Http3ProtocolOptions | null);
  'protocol_config'?: "http_protocol_options"|"http2_protocol_options"|"http3_protocol_options";
}

export interface _envoy_extensions_upstreams_http_v3_HttpProtocolOptions_ExplicitHttpConfig__Output {
  'http_protocol_options'?: (_envoy_config_core_v3_Http1ProtocolOptions__Output);
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions__Output);
  'http3_protocol_options'?: (_envoy_config_core_v3_Http3ProtocolOptions__Output);
  'protocol_config'?: "http_protocol_options"|"http2_protocol_options"|"http3_protocol_options";
}

export interface _envoy_extensions_upstreams_http_v3_HttpProtocolOptions_UseDownstreamHttpConfig {
  'http_protocol_options'?: (_envoy_config_core_v3_Http1ProtocolOptions | null);
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions | null);
  'http3_protocol_options'?: (_envoy_config_core_v3_Http3ProtocolOptions | null);
}

export interface _envoy_extensions_upstreams_http_v3_HttpProtocolOptions_UseDownstreamHttpConfig__Output {
  'http_protocol_options'?: (_envoy_config_core_v3_Http1ProtocolOptions__Output);
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions__Output);
  'http3_protocol_options'?: (_envoy_config_core_v3_Http3ProtocolOptions__Output);
}

export interface HttpProtocolOptions {
  'common_http_protocol_options'?: (_envoy_config_core_v3_HttpProtocolOptions | null);
  'upstream_http_protocol_options'?: (_envoy_config_core_v3_UpstreamHttpProtocolOptions | null);
  'explicit_http_config'?: (_envoy_extensions_upstreams_http_v3_HttpProtocolOptions_ExplicitHttpConfig | null);
  'use_downstream_protocol_config'?: (_envoy_extensions_upstreams_http_v3_HttpProtocolOptions_UseDownstreamHttpConfig | null);
  'auto_config'?: (_envoy_extensions_upstreams_http_v3_HttpProtocolOptions_AutoHttpConfig | null);
  'http_filters'?: (_envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter)[];
  'header_validation_config'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'upstream_protocol_options'?: "explicit_http_config"|"use_downstream_protocol_config"|"auto_config";
}

export interface HttpProtocolOptions__Output {
  'common_http_protocol_options'?: (_envoy_config_core_v3_HttpProtocolOptions__Output);
  'upstream_http_protocol_options'?: (_envoy_config_core_v3_UpstreamHttpProtocolOptions__Output);
  'explicit_http_config'?: (_envoy_extensions_upstreams_http_v3_HttpProtocolOptions_ExplicitHttpConfig__Output);
  'use_downstream_protocol_config'?: (_envoy_extensions_upstreams_http_v3_HttpProtocolOptions_UseDownstreamHttpConfig__Output);
  'auto_config'?: (_envoy_extensions_upstreams_http_v3_HttpProtocolOptions_AutoHttpConfig__Output);
  'http_filters'?: (_envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter__Output)[];
  'header_validation_config'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'upstream_protocol_options'?: "explicit_http_config"|"use_downstream_protocol_config"|"auto_config";
}
