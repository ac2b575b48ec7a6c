// Original file: proto/envoy/extensions/filters/http/ext_authz/v3/ext_authz.proto

import type { CheckSettings as _envoy_extensions_filters_http_ext_authz_v3_CheckSettings, CheckSettings__Output as _envoy_extensions_filters_http_ext_authz_v3_CheckSettings__Output } from '../../../../../../envoy/extensions/filters/http/ext_authz/v3/CheckSettings';

export interface ExtAuthzPerRoute {
  'disabled'?: (boolean);
  'check_settings'?: (_envoy_extensions_filters_http_ext_authz_v3_CheckSettings | null);
  'override'?: "disabled"|"check_settings";
}

export interface ExtAuthzPerRoute__Output {
  'disabled'?: (boolean);
  'check_settings'?: (_envoy_extensions_filters_http_ext_authz_v3_CheckSettings__Output);
  'override'?: "disabled"|"check_settings";
}
