// Original file: proto/envoy/service/discovery/v3/discovery.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';
import type { ControlPlane as _envoy_config_core_v3_ControlPlane, ControlPlane__Output as _envoy_config_core_v3_ControlPlane__Output } from '../../../../envoy/config/core/v3/ControlPlane';

export interface DiscoveryResponse {
  'version_info'?: (string);
  'resources'?: (_google_protobuf_Any)[];
  'canary'?: (boolean);
  'type_url'?: (string);
  'nonce'?: (string);
  'control_plane'?: (_envoy_config_core_v3_ControlPlane | null);
}

export interface DiscoveryResponse__Output {
  'version_info'?: (string);
  'resources'?: (_google_protobuf_Any__Output)[];
  'canary'?: (boolean);
  'type_url'?: (string);
  'nonce'?: (string);
  'control_plane'?: (_envoy_config_core_v3_ControlPlane__Output);
}
