// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { JwtProvider as _envoy_extensions_filters_http_jwt_authn_v3_JwtProvider, JwtProvider__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtProvider__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtProvider';
import type { RequirementRule as _envoy_extensions_filters_http_jwt_authn_v3_RequirementRule, RequirementRule__Output as _envoy_extensions_filters_http_jwt_authn_v3_RequirementRule__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/RequirementRule';
import type { FilterStateRule as _envoy_extensions_filters_http_jwt_authn_v3_FilterStateRule, FilterStateRule__Output as _envoy_extensions_filters_http_jwt_authn_v3_FilterStateRule__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/FilterStateRule';
import type { JwtRequirement as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement, JwtRequirement__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtRequirement';

export interface JwtAuthentication {
  'providers'?: ({[key: string]: _envoy_extensions_filters_http_jwt_authn_v3_JwtProvider});
  'rules'?: (_envoy_extensions_filters_http_jwt_authn_v3_RequirementRule)[];
  'filter_state_rules'?: (_envoy_extensions_filters_http_jwt_authn_v3_FilterStateRule | null);
  'bypass_cors_preflight'?: (boolean);
  'requirement_map'?: ({[key: string]: _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement});
  'strip_failure_response'?: (boolean);
}

export interface JwtAuthentication__Output {
  'providers'?: ({[key: string]: _envoy_extensions_filters_http_jwt_authn_v3_JwtProvider__Output});
  'rules'?: (_envoy_extensions_filters_http_jwt_authn_v3_RequirementRule__Output)[];
  'filter_state_rules'?: (_envoy_extensions_filters_http_jwt_authn_v3_FilterStateRule__Output);
  'bypass_cors_preflight'?: (boolean);
  'requirement_map'?: ({[key: string]: _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement__Output});
  'strip_failure_response'?: (boolean);
}
