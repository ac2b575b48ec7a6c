// Original file: proto/envoy/service/status/v3/csds.proto

import type { Node as _envoy_config_core_v3_Node, Node__Output as _envoy_config_core_v3_Node__Output } from '../../../../envoy/config/core/v3/Node';
import type { PerXdsConfig as _envoy_service_status_v3_PerXdsConfig, PerXdsConfig__Output as _envoy_service_status_v3_PerXdsConfig__Output } from '../../../../envoy/service/status/v3/PerXdsConfig';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../../google/protobuf/Timestamp';
import type { ConfigStatus as _envoy_service_status_v3_ConfigStatus, ConfigStatus__Output as _envoy_service_status_v3_ConfigStatus__Output } from '../../../../envoy/service/status/v3/ConfigStatus';
import type { ClientResourceStatus as _envoy_admin_v3_ClientResourceStatus, ClientResourceStatus__Output as _envoy_admin_v3_ClientResourceStatus__Output } from '../../../../envoy/admin/v3/ClientResourceStatus';
import type { UpdateFailureState as _envoy_admin_v3_UpdateFailureState, UpdateFailureState__Output as _envoy_admin_v3_UpdateFailureState__Output } from '../../../../envoy/admin/v3/UpdateFailureState';

export interface _envoy_service_status_v3_ClientConfig_GenericXdsConfig {
  'type_url'?: (string);
  'name'?: (string);
  'version_info'?: (string);
  'xds_config'?: (_google_protobuf_Any | null);
  'last_updated'?: (_google_protobuf_Timestamp | null);
  'config_status'?: (_envoy_service_status_v3_ConfigStatus);
  'client_status'?: (_envoy_admin_v3_ClientResourceStatus);
  'error_state'?: (_envoy_admin_v3_UpdateFailureState | null);
  'is_static_resource'?: (boolean);
}

export interface _envoy_service_status_v3_ClientConfig_GenericXdsConfig__Output {
  'type_url'?: (string);
  'name'?: (string);
  'version_info'?: (string);
  'xds_config'?: (_google_protobuf_Any__Output);
  'last_updated'?: (_google_protobuf_Timestamp__Output);
  'config_status'?: (_envoy_service_status_v3_ConfigStatus__Output);
  'client_status'?: (_envoy_admin_v3_ClientResourceStatus__Output);
  'error_state'?: (_envoy_admin_v3_UpdateFailureState__Output);
  'is_static_resource'?: (boolean);
}

export interface ClientConfig {
  'node'?: (_envoy_config_core_v3_Node | null);
  'xds_config'?: (_envoy_service_status_v3_PerXdsConfig)[];
  'generic_xds_configs'?: (_envoy_service_status_v3_ClientConfig_GenericXdsConfig)[];
  'client_scope'?: (string);
}

export interface ClientConfig__Output {
  'node'?: (_envoy_config_core_v3_Node__Output);
  'xds_config'?: (_envoy_service_status_v3_PerXdsConfig__Output)[];
  'generic_xds_configs'?: (_envoy_service_status_v3_ClientConfig_GenericXdsConfig__Output)[];
  'client_scope'?: (string);
}
