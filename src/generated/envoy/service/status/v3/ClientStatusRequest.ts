// Original file: proto/envoy/service/status/v3/csds.proto

import type { NodeMatcher as _envoy_type_matcher_v3_NodeMatcher, NodeMatcher__Output as _envoy_type_matcher_v3_NodeMatcher__Output } from '../../../../envoy/type/matcher/v3/NodeMatcher';
import type { Node as _envoy_config_core_v3_Node, Node__Output as _envoy_config_core_v3_Node__Output } from '../../../../envoy/config/core/v3/Node';

export interface ClientStatusRequest {
  'node_matchers'?: (_envoy_type_matcher_v3_NodeMatcher)[];
  'node'?: (_envoy_config_core_v3_Node | null);
  'exclude_resource_contents'?: (boolean);
}

export interface ClientStatusRequest__Output {
  'node_matchers'?: (_envoy_type_matcher_v3_NodeMatcher__Output)[];
  'node'?: (_envoy_config_core_v3_Node__Output);
  'exclude_resource_contents'?: (boolean);
}
