// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { JwtRequirement as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement, JwtRequirement__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtRequirement';

export interface JwtRequirementOrList {
  'requirements'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement)[];
}

export interface JwtRequirementOrList__Output {
  'requirements'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirement__Output)[];
}
