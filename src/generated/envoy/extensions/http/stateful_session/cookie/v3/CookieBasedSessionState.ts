// Original file: proto/envoy/extensions/http/stateful_session/cookie/v3/cookie.proto

import type { Cookie as _envoy_type_http_v3_Cookie, Cookie__Output as _envoy_type_http_v3_Cookie__Output } from '../../../../../../envoy/type/http/v3/Cookie';

export interface CookieBasedSessionState {
  'cookie'?: (_envoy_type_http_v3_Cookie | null);
}

export interface CookieBasedSessionState__Output {
  'cookie'?: (_envoy_type_http_v3_Cookie__Output);
}
