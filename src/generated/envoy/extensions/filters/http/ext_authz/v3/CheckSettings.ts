// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto

import type { BufferSettings as _envoy_extensions_filters_http_ext_authz_v3_BufferSettings, BufferSettings__Output as _envoy_extensions_filters_http_ext_authz_v3_BufferSettings__Output } from '../../../../../../envoy/extensions/filters/http/ext_authz/v3/BufferSettings';

export interface CheckSettings {
  'context_extensions'?: ({[key: string]: string});
  'disable_request_body_buffering'?: (boolean);
  'with_request_body'?: (_envoy_extensions_filters_http_ext_authz_v3_BufferSettings | null);
}

export interface CheckSettings__Output {
  'context_extensions'?: ({[key: string]: string});
  'disable_request_body_buffering'?: (boolean);
  'with_request_body'?: (_envoy_extensions_filters_http_ext_authz_v3_BufferSettings__Output);
}
