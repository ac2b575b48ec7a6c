// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { ProviderWithAudiences as _envoy_extensions_filters_http_jwt_authn_v3_ProviderWithAudiences, ProviderWithAudiences__Output as _envoy_extensions_filters_http_jwt_authn_v3_ProviderWithAudiences__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/ProviderWithAudiences';
import type { JwtRequirementOrList as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementOrList, JwtRequirementOrList__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementOrList__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtRequirementOrList';
import type { JwtRequirementAndList as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementAndList, JwtRequirementAndList__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementAndList__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtRequirementAndList';
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from '../../../../../../google/protobuf/Empty';

export interface JwtRequirement {
  'provider_name'?: (string);
  'provider_and_audiences'?: (_envoy_extensions_filters_http_jwt_authn_v3_ProviderWithAudiences | null);
  'requires_any'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementOrList | null);
  'requires_all'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementAndList | null);
  'allow_missing_or_failed'?: (_google_protobuf_Empty | null);
  'allow_missing'?: (_google_protobuf_Empty | null);
  'requires_type'?: "provider_name"|"provider_and_audiences"|"requires_any"|"requires_all"|"allow_missing_or_failed"|"allow_missing";
}

export interface JwtRequirement__Output {
  'provider_name'?: (string);
  'provider_and_audiences'?: (_envoy_extensions_filters_http_jwt_authn_v3_ProviderWithAudiences__Output);
  'requires_any'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementOrList__Output);
  'requires_all'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtRequirementAndList__Output);
  'allow_missing_or_failed'?: (_google_protobuf_Empty__Output);
  'allow_missing'?: (_google_protobuf_Empty__Output);
  'requires_type'?: "provider_name"|"provider_and_audiences"|"requires_any"|"requires_all"|"allow_missing_or_failed"|"allow_missing";
}
