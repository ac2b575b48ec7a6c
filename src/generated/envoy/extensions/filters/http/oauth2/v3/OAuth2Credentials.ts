// Original file: proto/envoy/extensions/filters/http/oauth2/v3/oauth.proto

import type { SdsSecretConfig as _envoy_extensions_transport_sockets_tls_v3_SdsSecretConfig, SdsSecretConfig__Output as _envoy_extensions_transport_sockets_tls_v3_SdsSecretConfig__Output } from '../../../../../../envoy/extensions/transport_sockets/tls/v3/SdsSecretConfig';

export interface _envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials_CookieNames {
  'bearer_token'?: (string);
  'oauth_hmac'?: (string);
  'oauth_expires'?: (string);
  'id_token'?: (string);
  'refresh_token'?: (string);
  'oauth_nonce'?: (string);
  'code_verifier'?: (string);
}

export interface _envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials_CookieNames__Output {
  'bearer_token'?: (string);
  'oauth_hmac'?: (string);
  'oauth_expires'?: (string);
  'id_token'?: (string);
  'refresh_token'?: (string);
  'oauth_nonce'?: (string);
  'code_verifier'?: (string);
}

export interface OAuth2Credentials {
  'client_id'?: (string);
  'token_secret'?: (_envoy_extensions_transport_sockets_tls_v3_SdsSecretConfig | null);
  'hmac_secret'?: (_envoy_extensions_transport_sockets_tls_v3_SdsSecretConfig | null);
  'cookie_names'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials_CookieNames | null);
  'cookie_domain'?: (string);
  'token_formation'?: "hmac_secret";
}

export interface OAuth2Credentials__Output {
  'client_id'?: (string);
  'token_secret'?: (_envoy_extensions_transport_sockets_tls_v3_SdsSecretConfig__Output);
  'hmac_secret'?: (_envoy_extensions_transport_sockets_tls_v3_SdsSecretConfig__Output);
  'cookie_names'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Credentials_CookieNames__Output);
  'cookie_domain'?: (string);
  'token_formation'?: "hmac_secret";
}
