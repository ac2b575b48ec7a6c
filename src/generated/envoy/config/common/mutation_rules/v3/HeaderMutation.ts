// Original file: proto/envoy/config/common/mutation_rules/v3/mutation_rules.proto

import type { HeaderValueOption as _envoy_config_core_v3_HeaderValueOption, HeaderValueOption__Output as _envoy_config_core_v3_HeaderValueOption__Output } from '../../../../../envoy/config/core/v3/HeaderValueOption';

export interface HeaderMutation {
  'remove'?: (string);
  'append'?: (_envoy_config_core_v3_HeaderValueOption | null);
  'action'?: "remove"|"append";
}

export interface HeaderMutation__Output {
  'remove'?: (string);
  'append'?: (_envoy_config_core_v3_HeaderValueOption__Output);
  'action'?: "remove"|"append";
}
