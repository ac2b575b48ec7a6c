// Original file: proto/envoy/service/discovery/v3/discovery.proto

import type { Node as _envoy_config_core_v3_Node, Node__Output as _envoy_config_core_v3_Node__Output } from '../../../../envoy/config/core/v3/Node';
import type { Status as _google_rpc_Status, Status__Output as _google_rpc_Status__Output } from '../../../../google/rpc/Status';
import type { ResourceLocator as _envoy_service_discovery_v3_ResourceLocator, ResourceLocator__Output as _envoy_service_discovery_v3_ResourceLocator__Output } from '../../../../envoy/service/discovery/v3/ResourceLocator';

export interface DiscoveryRequest {
  'version_info'?: (string);
  'node'?: (_envoy_config_core_v3_Node | null);
  'resource_names'?: (string)[];
  'type_url'?: (string);
  'response_nonce'?: (string);
  'error_detail'?: (_google_rpc_Status | null);
  'resource_locators'?: (_envoy_service_discovery_v3_ResourceLocator)[];
}

export interface DiscoveryRequest__Output {
  'version_info'?: (string);
  'node'?: (_envoy_config_core_v3_Node__Output);
  'resource_names'?: (string)[];
  'type_url'?: (string);
  'response_nonce'?: (string);
  'error_detail'?: (_google_rpc_Status__Output);
  'resource_locators'?: (_envoy_service_discovery_v3_ResourceLocator__Output)[];
}
