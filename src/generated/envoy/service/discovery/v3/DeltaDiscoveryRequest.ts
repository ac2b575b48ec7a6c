// Original file: proto/envoy/service/discovery/v3/discovery.proto

import type { Node as _envoy_config_core_v3_Node, Node__Output as _envoy_config_core_v3_Node__Output } from '../../../../envoy/config/core/v3/Node';
import type { Status as _google_rpc_Status, Status__Output as _google_rpc_Status__Output } from '../../../../google/rpc/Status';
import type { ResourceLocator as _envoy_service_discovery_v3_ResourceLocator, ResourceLocator__Output as _envoy_service_discovery_v3_ResourceLocator__Output } from '../../../../envoy/service/discovery/v3/ResourceLocator';

export interface DeltaDiscoveryRequest {
  'node'?: (_envoy_config_core_v3_Node | null);
  'type_url'?: (string);
  'resource_names_subscribe'?: (string)[];
  'resource_names_unsubscribe'?: (string)[];
  'initial_resource_versions'?: ({[key: string]: string});
  'response_nonce'?: (string);
  'error_detail'?: (_google_rpc_Status | null);
  'resource_locators_subscribe'?: (_envoy_service_discovery_v3_ResourceLocator)[];
  'resource_locators_unsubscribe'?: (_envoy_service_discovery_v3_ResourceLocator)[];
}

export interface DeltaDiscoveryRequest__Output {
  'node'?: (_envoy_config_core_v3_Node__Output);
  'type_url'?: (string);
  'resource_names_subscribe'?: (string)[];
  'resource_names_unsubscribe'?: (string)[];
  'initial_resource_versions'?: ({[key: string]: string});
  'response_nonce'?: (string);
  'error_detail'?: (_google_rpc_Status__Output);
  'resource_locators_subscribe'?: (_envoy_service_discovery_v3_ResourceLocator__Output)[];
  'resource_locators_unsubscribe'?: (_envoy_service_discovery_v3_ResourceLocator__Output)[];
}
