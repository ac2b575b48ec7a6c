// Original file: proto/envoy/extensions/filters/http/oauth2/v3/oauth.proto

import type { HttpUri as _envoy_config_core_v3_HttpUri, HttpUri__Output as _envoy_config_core_v3_HttpUri__Output } from '../../../../../../envoy/config/core/v3/HttpUri';
import type { OAuth2Credentials as _envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials, OAuth2Credentials__Output as _envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials__Output } from '../../../../../../envoy/extensions/filters/http/oauth2/v3/OAuth2Credentials';
import type { PathMatcher as _envoy_type_matcher_v3_PathMatcher, PathMatcher__Output as _envoy_type_matcher_v3_PathMatcher__Output } from '../../../../../../envoy/type/matcher/v3/PathMatcher';
import type { HeaderMatcher as _envoy_config_route_v3_HeaderMatcher, HeaderMatcher__Output as _envoy_config_route_v3_HeaderMatcher__Output } from '../../../../../../envoy/config/route/v3/HeaderMatcher';
import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../../google/protobuf/BoolValue';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';
import type { OAuth2TokenForwarding as _envoy_extensions_filters_http_oauth2_v3_OAuth2TokenForwarding, OAuth2TokenForwarding__Output as _envoy_extensions_filters_http_oauth2_v3_OAuth2TokenForwarding__Output } from '../../../../../../envoy/extensions/filters/http/oauth2/v3/OAuth2TokenForwarding';

// Original file: proto/envoy/extensions/filters/http/oauth2/v3/oauth.proto

export const _envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType = {
  URL_ENCODED_BODY: 'URL_ENCODED_BODY',
  BASIC_AUTH: 'BASIC_AUTH',
} as const;

export type _envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType =
  | 'URL_ENCODED_BODY'
  | 0
  | 'BASIC_AUTH'
  | 1

export type _envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType__Output = typeof _envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType[keyof typeof _envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType]

export interface OAuth2Config {
  'token_endpoint'?: (_envoy_config_core_v3_HttpUri | null);
  'authorization_endpoint'?: (string);
  'credentials'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials | null);
  'redirect_uri'?: (string);
  'redirect_path_matcher'?: (_envoy_type_matcher_v3_PathMatcher | null);
  'signout_path'?: (_envoy_type_matcher_v3_PathMatcher | null);
  'forward_bearer_token'?: (boolean);
  'pass_through_matcher'?: (_envoy_config_route_v3_HeaderMatcher)[];
  'auth_scopes'?: (string)[];
  'resources'?: (string)[];
  'auth_type'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType);
  'use_refresh_token'?: (_google_protobuf_BoolValue | null);
  'default_expires_in'?: (_google_protobuf_Duration | null);
  'deny_redirect_matcher'?: (_envoy_config_route_v3_HeaderMatcher)[];
  'default_refresh_token_expires_in'?: (_google_protobuf_Duration | null);
  'preserve_authorization_header'?: (boolean);
  'disable_id_token_set_cookie'?: (boolean);
  'stat_prefix'?: (string);
  'end_session_endpoint'?: (string);
  'forward_id_token'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2TokenForwarding | null);
}

export interface OAuth2Config__Output {
  'token_endpoint'?: (_envoy_config_core_v3_HttpUri__Output);
  'authorization_endpoint'?: (string);
  'credentials'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials__Output);
  'redirect_uri'?: (string);
  'redirect_path_matcher'?: (_envoy_type_matcher_v3_PathMatcher__Output);
  'signout_path'?: (_envoy_type_matcher_v3_PathMatcher__Output);
  'forward_bearer_token'?: (boolean);
  'pass_through_matcher'?: (_envoy_config_route_v3_HeaderMatcher__Output)[];
  'auth_scopes'?: (string)[];
  'resources'?: (string)[];
  'auth_type'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Config_AuthType__Output);
  'use_refresh_token'?: (_google_protobuf_BoolValue__Output);
  'default_expires_in'?: (_google_protobuf_Duration__Output);
  'deny_redirect_matcher'?: (_envoy_config_route_v3_HeaderMatcher__Output)[];
  'default_refresh_token_expires_in'?: (_google_protobuf_Duration__Output);
  'preserve_authorization_header'?: (boolean);
  'disable_id_token_set_cookie'?: (boolean);
  'stat_prefix'?: (string);
  'end_session_endpoint'?: (string);
  'forward_id_token'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2TokenForwarding__Output);
}
