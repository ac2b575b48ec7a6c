// Original file: proto/envoy/extensions/filters/udp/udp_proxy/v3/udp_proxy.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';
import type { UdpSocketConfig as _envoy_config_core_v3_UdpSocketConfig, UdpSocketConfig__Output as _envoy_config_core_v3_UdpSocketConfig__Output } from '../../../../../../envoy/config/core/v3/UdpSocketConfig';
import type { AccessLog as _envoy_config_accesslog_v3_AccessLog, AccessLog__Output as _envoy_config_accesslog_v3_AccessLog__Output } from '../../../../../../envoy/config/accesslog/v3/AccessLog';
import type { Matcher as _xds_type_matcher_v3_Matcher, Matcher__Output as _xds_type_matcher_v3_Matcher__Output } from '../../../../../../xds/type/matcher/v3/Matcher';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../../../google/protobuf/Any';
import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';
import type { HeaderValueOption as _envoy_config_core_v3_HeaderValueOption, HeaderValueOption__Output as _envoy_config_core_v3_HeaderValueOption__Output } from '../../../../../../envoy/config/core/v3/HeaderValueOption';
import type { UInt64Value as _google_protobuf_UInt64Value, UInt64Value__Output as _google_protobuf_UInt64Value__Output } from '../../../../../../google/protobuf/UInt64Value';

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_BufferOptions {
  'max_buffered_datagrams'?: (_google_protobuf_UInt32Value | null);
  'max_buffered_bytes'?: (_google_protobuf_UInt64Value | null);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_BufferOptions__Output {
  'max_buffered_datagrams'?: (_google_protobuf_UInt32Value__Output);
  'max_buffered_bytes'?: (_google_protobuf_UInt64Value__Output);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_HashPolicy {
  'source_ip'?: (boolean);
  'key'?: (string);
  'policy_specifier'?: "source_ip"|"key";
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_HashPolicy__Output {
  'source_ip'?: (boolean);
  'key'?: (string);
  'policy_specifier'?: "source_ip"|"key";
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_RetryOptions {
  'max_connect_attempts'?: (_google_protobuf_UInt32Value | null);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_RetryOptions__Output {
  'max_connect_attempts'?: (_google_protobuf_UInt32Value__Output);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_SessionFilter {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any | null);
  'config_type'?: "typed_config";
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_SessionFilter__Output {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any__Output);
  'config_type'?: "typed_config";
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpAccessLogOptions {
  'access_log_flush_interval'?: (_google_protobuf_Duration | null);
  'flush_access_log_on_tunnel_connected'?: (boolean);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpAccessLogOptions__Output {
  'access_log_flush_interval'?: (_google_protobuf_Duration__Output);
  'flush_access_log_on_tunnel_connected'?: (boolean);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig {
  'proxy_host'?: (string);
  'proxy_port'?: (_google_protobuf_UInt32Value | null);
  'target_host'?: (string);
  'default_target_port'?: (number);
  'use_post'?: (boolean);
  'post_path'?: (string);
  'retry_options'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_RetryOptions | null);
  'headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption)[];
  'buffer_options'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_BufferOptions | null);
  'propagate_response_headers'?: (boolean);
  'propagate_response_trailers'?: (boolean);
}

export interface _envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig__Output {
  'proxy_host'?: (string);
  'proxy_port'?: (_google_protobuf_UInt32Value__Output);
  'target_host'?: (string);
  'default_target_port'?: (number);
  'use_post'?: (boolean);
  'post_path'?: (string);
  'retry_options'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_RetryOptions__Output);
  'headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
  'buffer_options'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig_BufferOptions__Output);
  'propagate_response_headers'?: (boolean);
  'propagate_response_trailers'?: (boolean);
}

export interface UdpProxyConfig {
  'stat_prefix'?: (string);
  'cluster'?: (string);
  'idle_timeout'?: (_google_protobuf_Duration | null);
  'use_original_src_ip'?: (boolean);
  'hash_policies'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_HashPolicy)[];
  'upstream_socket_config'?: (_envoy_config_core_v3_UdpSocketConfig | null);
  'use_per_packet_load_balancing'?: (boolean);
  'access_log'?: (_envoy_config_accesslog_v3_AccessLog)[];
  'matcher'?: (_xds_type_matcher_v3_Matcher | null);
  'proxy_access_log'?: (_envoy_config_accesslog_v3_AccessLog)[];
  'session_filters'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_SessionFilter)[];
  'tunneling_config'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig | null);
  'access_log_options'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpAccessLogOptions | null);
  'route_specifier'?: "cluster"|"matcher";
}

export interface UdpProxyConfig__Output {
  'stat_prefix'?: (string);
  'cluster'?: (string);
  'idle_timeout'?: (_google_protobuf_Duration__Output);
  'use_original_src_ip'?: (boolean);
  'hash_policies'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_HashPolicy__Output)[];
  'upstream_socket_config'?: (_envoy_config_core_v3_UdpSocketConfig__Output);
  'use_per_packet_load_balancing'?: (boolean);
  'access_log'?: (_envoy_config_accesslog_v3_AccessLog__Output)[];
  'matcher'?: (_xds_type_matcher_v3_Matcher__Output);
  'proxy_access_log'?: (_envoy_config_accesslog_v3_AccessLog__Output)[];
  'session_filters'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_SessionFilter__Output)[];
  'tunneling_config'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpTunnelingConfig__Output);
  'access_log_options'?: (_envoy_extensions_filters_udp_udp_proxy_v3_UdpProxyConfig_UdpAccessLogOptions__Output);
  'route_specifier'?: "cluster"|"matcher";
}
