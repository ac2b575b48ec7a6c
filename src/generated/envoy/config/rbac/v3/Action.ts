// Original file: proto/envoy/config/rbac/v3/rbac.proto

import type { _envoy_config_rbac_v3_RBAC_Action, _envoy_config_rbac_v3_RBAC_Action__Output } from '../../../../envoy/config/rbac/v3/RBAC';

export interface Action {
  'name'?: (string);
  'action'?: (_envoy_config_rbac_v3_RBAC_Action);
}

export interface Action__Output {
  'name'?: (string);
  'action'?: (_envoy_config_rbac_v3_RBAC_Action__Output);
}
