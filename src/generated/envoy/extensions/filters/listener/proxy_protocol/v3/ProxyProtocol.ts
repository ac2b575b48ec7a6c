// Original file: proto/envoy/extensions/filters/listener/proxy_protocol/v3/proxy_protocol.proto

import type { ProxyProtocolPassThroughTLVs as _envoy_config_core_v3_ProxyProtocolPassThroughTLVs, ProxyProtocolPassThroughTLVs__Output as _envoy_config_core_v3_ProxyProtocolPassThroughTLVs__Output } from '../../../../../../envoy/config/core/v3/ProxyProtocolPassThroughTLVs';
import type { _envoy_config_core_v3_ProxyProtocolConfig_Version, _envoy_config_core_v3_ProxyProtocolConfig_Version__Output } from '../../../../../../envoy/config/core/v3/ProxyProtocolConfig';

export interface _envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_KeyValuePair {
  'metadata_namespace'?: (string);
  'key'?: (string);
}

export interface _envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_KeyValuePair__Output {
  'metadata_namespace'?: (string);
  'key'?: (string);
}

export interface _envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_Rule {
  'tlv_type'?: (number);
  'on_tlv_present'?: (_envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_KeyValuePair | null);
}

export interface _envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_Rule__Output {
  'tlv_type'?: (number);
  'on_tlv_present'?: (_envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_KeyValuePair__Output);
}

export interface ProxyProtocol {
  'rules'?: (_envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_Rule)[];
  'allow_requests_without_proxy_protocol'?: (boolean);
  'pass_through_tlvs'?: (_envoy_config_core_v3_ProxyProtocolPassThroughTLVs | null);
  'disallowed_versions'?: (_envoy_config_core_v3_ProxyProtocolConfig_Version)[];
  'stat_prefix'?: (string);
}

export interface ProxyProtocol__Output {
  'rules'?: (_envoy_extensions_filters_listener_proxy_protocol_v3_ProxyProtocol_Rule__Output)[];
  'allow_requests_without_proxy_protocol'?: (boolean);
  'pass_through_tlvs'?: (_envoy_config_core_v3_ProxyProtocolPassThroughTLVs__Output);
  'disallowed_versions'?: (_envoy_config_core_v3_ProxyProtocolConfig_Version__Output)[];
  'stat_prefix'?: (string);
}
