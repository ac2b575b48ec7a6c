// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto

import type { HttpUri as _envoy_config_core_v3_HttpUri, HttpUri__Output as _envoy_config_core_v3_HttpUri__Output } from '../../../../../../envoy/config/core/v3/HttpUri';
import type { AuthorizationRequest as _envoy_extensions_filters_http_ext_authz_v3_AuthorizationRequest, AuthorizationRequest__Output as _envoy_extensions_filters_http_ext_authz_v3_AuthorizationRequest__Output } from '../../../../../../envoy/extensions/filters/http/ext_authz/v3/AuthorizationRequest';
import type { AuthorizationResponse as _envoy_extensions_filters_http_ext_authz_v3_AuthorizationResponse, AuthorizationResponse__Output as _envoy_extensions_filters_http_ext_authz_v3_AuthorizationResponse__Output } from '../../../../../../envoy/extensions/filters/http/ext_authz/v3/AuthorizationResponse';

export interface HttpService {
  'server_uri'?: (_envoy_config_core_v3_HttpUri | null);
  'path_prefix'?: (string);
  'authorization_request'?: (_envoy_extensions_filters_http_ext_authz_v3_AuthorizationRequest | null);
  'authorization_response'?: (_envoy_extensions_filters_http_ext_authz_v3_AuthorizationResponse | null);
}

export interface HttpService__Output {
  'server_uri'?: (_envoy_config_core_v3_HttpUri__Output);
  'path_prefix'?: (string);
  'authorization_request'?: (_envoy_extensions_filters_http_ext_authz_v3_AuthorizationRequest__Output);
  'authorization_response'?: (_envoy_extensions_filters_http_ext_authz_v3_AuthorizationResponse__Output);
}
