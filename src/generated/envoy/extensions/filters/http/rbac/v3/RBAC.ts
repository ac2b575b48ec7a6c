// Original file: proto/envoy/extensions/filters/http/rbac/v3/rbac.proto

import type { RBAC as _envoy_config_rbac_v3_RBAC, RBAC__Output as _envoy_config_rbac_v3_RBAC__Output } from '../../../../../../envoy/config/rbac/v3/RBAC';
import type { Matcher as _xds_type_matcher_v3_Matcher, Matcher__Output as _xds_type_matcher_v3_Matcher__Output } from '../../../../../../xds/type/matcher/v3/Matcher';

export interface RBAC {
  'rules'?: (_envoy_config_rbac_v3_RBAC | null);
  'shadow_rules'?: (_envoy_config_rbac_v3_RBAC | null);
  'shadow_rules_stat_prefix'?: (string);
  'matcher'?: (_xds_type_matcher_v3_Matcher | null);
  'shadow_matcher'?: (_xds_type_matcher_v3_Matcher | null);
  'rules_stat_prefix'?: (string);
  'track_per_rule_stats'?: (boolean);
}

export interface RBAC__Output {
  'rules'?: (_envoy_config_rbac_v3_RBAC__Output);
  'shadow_rules'?: (_envoy_config_rbac_v3_RBAC__Output);
  'shadow_rules_stat_prefix'?: (string);
  'matcher'?: (_xds_type_matcher_v3_Matcher__Output);
  'shadow_matcher'?: (_xds_type_matcher_v3_Matcher__Output);
  'rules_stat_prefix'?: (string);
  'track_per_rule_stats'?: (boolean);
}
