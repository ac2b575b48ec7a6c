// Original file: proto/envoy/extensions/filters/http/oauth2/v3/oauth.proto

import type { OAuth2Config as _envoy_extensions_filters_http_oauth2_v3_OAuth2Config, OAuth2Config__Output as _envoy_extensions_filters_http_oauth2_v3_OAuth2Config__Output } from '../../../../../../envoy/extensions/filters/http/oauth2/v3/OAuth2Config';

export interface OAuth2 {
  'config'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Config | null);
}

export interface OAuth2__Output {
  'config'?: (_envoy_extensions_filters_http_oauth2_v3_OAuth2Config__Output);
}
