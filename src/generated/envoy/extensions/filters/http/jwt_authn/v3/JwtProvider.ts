// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { RemoteJwks as _envoy_extensions_filters_http_jwt_authn_v3_RemoteJwks, RemoteJwks__Output as _envoy_extensions_filters_http_jwt_authn_v3_RemoteJwks__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/RemoteJwks';
import type { DataSource as _envoy_config_core_v3_DataSource, DataSource__Output as _envoy_config_core_v3_DataSource__Output } from '../../../../../../envoy/config/core/v3/DataSource';
import type { JwtHeader as _envoy_extensions_filters_http_jwt_authn_v3_JwtHeader, JwtHeader__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtHeader__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtHeader';
import type { JwtCacheConfig as _envoy_extensions_filters_http_jwt_authn_v3_JwtCacheConfig, JwtCacheConfig__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtCacheConfig__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtCacheConfig';
import type { JwtClaimToHeader as _envoy_extensions_filters_http_jwt_authn_v3_JwtClaimToHeader, JwtClaimToHeader__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwtClaimToHeader__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwtClaimToHeader';
import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../../../envoy/type/matcher/v3/StringMatcher';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';

export interface _envoy_extensions_filters_http_jwt_authn_v3_JwtProvider_NormalizePayload {
  'space_delimited_claims'?: (string)[];
}

export interface _envoy_extensions_filters_http_jwt_authn_v3_JwtProvider_NormalizePayload__Output {
  'space_delimited_claims'?: (string)[];
}

export interface JwtProvider {
  'issuer'?: (string);
  'audiences'?: (string)[];
  'remote_jwks'?: (_envoy_extensions_filters_http_jwt_authn_v3_RemoteJwks | null);
  'local_jwks'?: (_envoy_config_core_v3_DataSource | null);
  'forward'?: (boolean);
  'from_headers'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtHeader)[];
  'from_params'?: (string)[];
  'forward_payload_header'?: (string);
  'payload_in_metadata'?: (string);
  'clock_skew_seconds'?: (number);
  'pad_forward_payload_header'?: (boolean);
  'jwt_cache_config'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtCacheConfig | null);
  'from_cookies'?: (string)[];
  'header_in_metadata'?: (string);
  'claim_to_headers'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtClaimToHeader)[];
  'failed_status_in_metadata'?: (string);
  'clear_route_cache'?: (boolean);
  'normalize_payload_in_metadata'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtProvider_NormalizePayload | null);
  'subjects'?: (_envoy_type_matcher_v3_StringMatcher | null);
  'require_expiration'?: (boolean);
  'max_lifetime'?: (_google_protobuf_Duration | null);
  'jwks_source_specifier'?: "remote_jwks"|"local_jwks";
}

export interface JwtProvider__Output {
  'issuer'?: (string);
  'audiences'?: (string)[];
  'remote_jwks'?: (_envoy_extensions_filters_http_jwt_authn_v3_RemoteJwks__Output);
  'local_jwks'?: (_envoy_config_core_v3_DataSource__Output);
  'forward'?: (boolean);
  'from_headers'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtHeader__Output)[];
  'from_params'?: (string)[];
  'forward_payload_header'?: (string);
  'payload_in_metadata'?: (string);
  'clock_skew_seconds'?: (number);
  'pad_forward_payload_header'?: (boolean);
  'jwt_cache_config'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtCacheConfig__Output);
  'from_cookies'?: (string)[];
  'header_in_metadata'?: (string);
  'claim_to_headers'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtClaimToHeader__Output)[];
  'failed_status_in_metadata'?: (string);
  'clear_route_cache'?: (boolean);
  'normalize_payload_in_metadata'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwtProvider_NormalizePayload__Output);
  'subjects'?: (_envoy_type_matcher_v3_StringMatcher__Output);
  'require_expiration'?: (boolean);
  'max_lifetime'?: (_google_protobuf_Duration__Output);
  'jwks_source_specifier'?: "remote_jwks"|"local_jwks";
}
