// Original file: proto/envoy/extensions/filters/http/api_key_auth/v3/api_key_auth.proto

import type { Credential as _envoy_extensions_filters_http_api_key_auth_v3_Credential, Credential__Output as _envoy_extensions_filters_http_api_key_auth_v3_Credential__Output } from '../../../../../../envoy/extensions/filters/http/api_key_auth/v3/Credential';
import type { KeySource as _envoy_extensions_filters_http_api_key_auth_v3_KeySource, KeySource__Output as _envoy_extensions_filters_http_api_key_auth_v3_KeySource__Output } from '../../../../../../envoy/extensions/filters/http/api_key_auth/v3/KeySource';
import type { Forwarding as _envoy_extensions_filters_http_api_key_auth_v3_Forwarding, Forwarding__Output as _envoy_extensions_filters_http_api_key_auth_v3_Forwarding__Output } from '../../../../../../envoy/extensions/filters/http/api_key_auth/v3/Forwarding';

export interface ApiKeyAuth {
  'credentials'?: (_envoy_extensions_filters_http_api_key_auth_v3_Credential)[];
  'key_sources'?: (_envoy_extensions_filters_http_api_key_auth_v3_KeySource)[];
  'forwarding'?: (_envoy_extensions_filters_http_api_key_auth_v3_Forwarding | null);
}

export interface ApiKeyAuth__Output {
  'credentials'?: (_envoy_extensions_filters_http_api_key_auth_v3_Credential__Output)[];
  'key_sources'?: (_envoy_extensions_filters_http_api_key_auth_v3_KeySource__Output)[];
  'forwarding'?: (_envoy_extensions_filters_http_api_key_auth_v3_Forwarding__Output);
}
