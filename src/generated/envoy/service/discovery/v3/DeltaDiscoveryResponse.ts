// Original file: proto/envoy/service/discovery/v3/discovery.proto

import type { Resource as _envoy_service_discovery_v3_Resource, Resource__Output as _envoy_service_discovery_v3_Resource__Output } from '../../../../envoy/service/discovery/v3/Resource';
import type { ControlPlane as _envoy_config_core_v3_ControlPlane, ControlPlane__Output as _envoy_config_core_v3_ControlPlane__Output } from '../../../../envoy/config/core/v3/ControlPlane';
import type { ResourceName as _envoy_service_discovery_v3_ResourceName, ResourceName__Output as _envoy_service_discovery_v3_ResourceName__Output } from '../../../../envoy/service/discovery/v3/ResourceName';

export interface DeltaDiscoveryResponse {
  'system_version_info'?: (string);
  'resources'?: (_envoy_service_discovery_v3_Resource)[];
  'type_url'?: (string);
  'nonce'?: (string);
  'removed_resources'?: (string)[];
  'control_plane'?: (_envoy_config_core_v3_ControlPlane | null);
  'removed_resource_names'?: (_envoy_service_discovery_v3_ResourceName)[];
}

export interface DeltaDiscoveryResponse__Output {
  'system_version_info'?: (string);
  'resources'?: (_envoy_service_discovery_v3_Resource__Output)[];
  'type_url'?: (string);
  'nonce'?: (string);
  'removed_resources'?: (string)[];
  'control_plane'?: (_envoy_config_core_v3_ControlPlane__Output);
  'removed_resource_names'?: (_envoy_service_discovery_v3_ResourceName__Output)[];
}
