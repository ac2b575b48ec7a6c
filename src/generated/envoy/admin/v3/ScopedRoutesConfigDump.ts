// Original file: proto/envoy/admin/v3/config_dump_shared.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../google/protobuf/Any';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp';
import type { UpdateFailureState as _envoy_admin_v3_UpdateFailureState, UpdateFailureState__Output as _envoy_admin_v3_UpdateFailureState__Output } from '../../../envoy/admin/v3/UpdateFailureState';
import type { ClientResourceStatus as _envoy_admin_v3_ClientResourceStatus, ClientResourceStatus__Output as _envoy_admin_v3_ClientResourceStatus__Output } from '../../../envoy/admin/v3/ClientResourceStatus';

export interface _envoy_admin_v3_ScopedRoutesConfigDump_DynamicScopedRouteConfigs {
  'name'?: (string);
  'version_info'?: (string);
  'scoped_route_configs'?: (_google_protobuf_Any)[];
  'last_updated'?: (_google_protobuf_Timestamp | null);
  'error_state'?: (_envoy_admin_v3_UpdateFailureState | null);
  'client_status'?: (_envoy_admin_v3_ClientResourceStatus);
}

export interface _envoy_admin_v3_ScopedRoutesConfigDump_DynamicScopedRouteConfigs__Output {
  'name'?: (string);
  'version_info'?: (string);
  'scoped_route_configs'?: (_google_protobuf_Any__Output)[];
  'last_updated'?: (_google_protobuf_Timestamp__Output);
  'error_state'?: (_envoy_admin_v3_UpdateFailureState__Output);
  'client_status'?: (_envoy_admin_v3_ClientResourceStatus__Output);
}

export interface _envoy_admin_v3_ScopedRoutesConfigDump_InlineScopedRouteConfigs {
  'name'?: (string);
  'scoped_route_configs'?: (_google_protobuf_Any)[];
  'last_updated'?: (_google_protobuf_Timestamp | null);
}

export interface _envoy_admin_v3_ScopedRoutesConfigDump_InlineScopedRouteConfigs__Output {
  'name'?: (string);
  'scoped_route_configs'?: (_google_protobuf_Any__Output)[];
  'last_updated'?: (_google_protobuf_Timestamp__Output);
}

export interface ScopedRoutesConfigDump {
  'inline_scoped_route_configs'?: (_envoy_admin_v3_ScopedRoutesConfigDump_InlineScopedRouteConfigs)[];
  'dynamic_scoped_route_configs'?: (_envoy_admin_v3_ScopedRoutesConfigDump_DynamicScopedRouteConfigs)[];
}

export interface ScopedRoutesConfigDump__Output {
  'inline_scoped_route_configs'?: (_envoy_admin_v3_ScopedRoutesConfigDump_InlineScopedRouteConfigs__Output)[];
  'dynamic_scoped_route_configs'?: (_envoy_admin_v3_ScopedRoutesConfigDump_DynamicScopedRouteConfigs__Output)[];
}
