// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { HttpUri as _envoy_config_core_v3_HttpUri, HttpUri__Output as _envoy_config_core_v3_HttpUri__Output } from '../../../../../../envoy/config/core/v3/HttpUri';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';
import type { JwksAsyncFetch as _envoy_extensions_filters_http_jwt_authn_v3_JwksAsyncFetch, JwksAsyncFetch__Output as _envoy_extensions_filters_http_jwt_authn_v3_JwksAsyncFetch__Output } from '../../../../../../envoy/extensions/filters/http/jwt_authn/v3/JwksAsyncFetch';
import type { RetryPolicy as _envoy_config_core_v3_RetryPolicy, RetryPolicy__Output as _envoy_config_core_v3_RetryPolicy__Output } from '../../../../../../envoy/config/core/v3/RetryPolicy';

export interface RemoteJwks {
  'http_uri'?: (_envoy_config_core_v3_HttpUri | null);
  'cache_duration'?: (_google_protobuf_Duration | null);
  'async_fetch'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwksAsyncFetch | null);
  'retry_policy'?: (_envoy_config_core_v3_RetryPolicy | null);
}

export interface RemoteJwks__Output {
  'http_uri'?: (_envoy_config_core_v3_HttpUri__Output);
  'cache_duration'?: (_google_protobuf_Duration__Output);
  'async_fetch'?: (_envoy_extensions_filters_http_jwt_authn_v3_JwksAsyncFetch__Output);
  'retry_policy'?: (_envoy_config_core_v3_RetryPolicy__Output);
}
