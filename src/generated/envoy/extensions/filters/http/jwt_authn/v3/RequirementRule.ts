// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { RouteMatch as _envoy_config_route_v3_RouteMatch, RouteMatch__Output as _envoy_config_route_v3_RouteMatch__Output } from '../../../../../../envoy/config/route/v3/RouteMatch';
import type { JwtRequirement as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement, JwtRequirement__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtRequirement';

export interface RequirementRule {
  'match'?: (_envoy_config_route_v3_RouteMatch | null);
  'requires'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement | null);
  'requirement_name'?: (string);
  'requirement_type'?: "requires"|"requirement_name";
}

export interface RequirementRule__Output {
  'match'?: (_envoy_config_route_v3_RouteMatch__Output);
  'requires'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement__Output);
  'requirement_name'?: (string);
  'requirement_type'?: "requires"|"requirement_name";
}
