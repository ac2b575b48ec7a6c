// Original file: proto/envoy/admin/v3/config_dump_shared.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../google/protobuf/Any';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp';
import type { UpdateFailureState as _envoy_admin_v3_UpdateFailureState, UpdateFailureState__Output as _envoy_admin_v3_UpdateFailureState__Output } from '../../../envoy/admin/v3/UpdateFailureState';
import type { ClientResourceStatus as _envoy_admin_v3_ClientResourceStatus, ClientResourceStatus__Output as _envoy_admin_v3_ClientResourceStatus__Output } from '../../../envoy/admin/v3/ClientResourceStatus';

export interface _envoy_admin_v3_ListenersConfigDump_DynamicListener {
  'name'?: (string);
  'active_state'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListenerState | null);
  'warming_state'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListenerState | null);
  'draining_state'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListenerState | null);
  'error_state'?: (_envoy_admin_v3_UpdateFailureState | null);
  'client_status'?: (_envoy_admin_v3_ClientResourceStatus);
}

export interface _envoy_admin_v3_ListenersConfigDump_DynamicListener__Output {
  'name'?: (string);
  'active_state'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListenerState__Output);
  'warming_state'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListenerState__Output);
  'draining_state'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListenerState__Output);
  'error_state'?: (_envoy_admin_v3_UpdateFailureState__Output);
  'client_status'?: (_envoy_admin_v3_ClientResourceStatus__Output);
}

export interface _envoy_admin_v3_ListenersConfigDump_DynamicListenerState {
  'version_info'?: (string);
  'listener'?: (_google_protobuf_Any | null);
  'last_updated'?: (_google_protobuf_Timestamp | null);
}

export interface _envoy_admin_v3_ListenersConfigDump_DynamicListenerState__Output {
  'version_info'?: (string);
  'listener'?: (_google_protobuf_Any__Output);
  'last_updated'?: (_google_protobuf_Timestamp__Output);
}

export interface _envoy_admin_v3_ListenersConfigDump_StaticListener {
  'listener'?: (_google_protobuf_Any | null);
  'last_updated'?: (_google_protobuf_Timestamp | null);
}

export interface _envoy_admin_v3_ListenersConfigDump_StaticListener__Output {
  'listener'?: (_google_protobuf_Any__Output);
  'last_updated'?: (_google_protobuf_Timestamp__Output);
}

export interface ListenersConfigDump {
  'version_info'?: (string);
  'static_listeners'?: (_envoy_admin_v3_ListenersConfigDump_StaticListener)[];
  'dynamic_listeners'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListener)[];
}

export interface ListenersConfigDump__Output {
  'version_info'?: (string);
  'static_listeners'?: (_envoy_admin_v3_ListenersConfigDump_StaticListener__Output)[];
  'dynamic_listeners'?: (_envoy_admin_v3_ListenersConfigDump_DynamicListener__Output)[];
}
