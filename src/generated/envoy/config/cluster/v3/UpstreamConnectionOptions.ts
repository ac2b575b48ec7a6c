// Original file: proto/envoy/config/cluster/v3/cluster.proto

import type { TcpKeepalive as _envoy_config_core_v3_TcpKeepalive, TcpKeepalive__Output as _envoy_config_core_v3_TcpKeepalive__Output } from '../../../../envoy/config/core/v3/TcpKeepalive';
import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../google/protobuf/UInt32Value';

// Original file: proto/envoy/config/cluster/v3/cluster.proto

export const _envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion = {
  DEFAULT: 'DEFAULT',
  V4: 'V4',
  V6: 'V6',
} as const;

export type _envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion =
  | 'DEFAULT'
  | 0
  | 'V4'
  | 1
  | 'V6'
  | 2

export type _envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion__Output = typeof _envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion[keyof typeof _envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion]

export interface _envoy_config_cluster_v3_UpstreamConnectionOptions_HappyEyeballsConfig {
  'first_address_family_version'?: (_envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion);
  'first_address_family_count'?: (_google_protobuf_UInt32Value | null);
}

export interface _envoy_config_cluster_v3_UpstreamConnectionOptions_HappyEyeballsConfig__Output {
  'first_address_family_version'?: (_envoy_config_cluster_v3_UpstreamConnectionOptions_FirstAddressFamilyVersion__Output);
  'first_address_family_count'?: (_google_protobuf_UInt32Value__Output);
}

export interface UpstreamConnectionOptions {
  'tcp_keepalive'?: (_envoy_config_core_v3_TcpKeepalive | null);
  'set_local_interface_name_on_upstream_connections'?: (boolean);
  'happy_eyeballs_config'?: (_envoy_config_cluster_v3_UpstreamConnectionOptions_HappyEyeballsConfig | null);
}

export interface UpstreamConnectionOptions__Output {
  'tcp_keepalive'?: (_envoy_config_core_v3_TcpKeepalive__Output);
  'set_local_interface_name_on_upstream_connections'?: (boolean);
  'happy_eyeballs_config'?: (_envoy_config_cluster_v3_UpstreamConnectionOptions_HappyEyeballsConfig__Output);
}
