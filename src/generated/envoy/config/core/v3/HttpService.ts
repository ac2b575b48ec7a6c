// Original file: proto/envoy/config/core/v3/http_service.proto

import type { HttpUri as _envoy_config_core_v3_HttpUri, HttpUri__Output as _envoy_config_core_v3_HttpUri__Output } from '../../../../envoy/config/core/v3/HttpUri';
import type { HeaderValueOption as _envoy_config_core_v3_HeaderValueOption, HeaderValueOption__Output as _envoy_config_core_v3_HeaderValueOption__Output } from '../../../../envoy/config/core/v3/HeaderValueOption';

export interface HttpService {
  'http_uri'?: (_envoy_config_core_v3_HttpUri | null);
  'request_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption)[];
}

export interface HttpService__Output {
  'http_uri'?: (_envoy_config_core_v3_HttpUri__Output);
  'request_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
}
