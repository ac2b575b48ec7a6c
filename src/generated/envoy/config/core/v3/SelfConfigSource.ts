// Original file: proto/envoy/config/core/v3/config_source.proto

import type { ApiVersion as _envoy_config_core_v3_ApiVersion, ApiVersion__Output as _envoy_config_core_v3_ApiVersion__Output } from '../../../../envoy/config/core/v3/ApiVersion';

export interface SelfConfigSource {
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion);
}

export interface SelfConfigSource__Output {
  'transport_api_version'?: (_envoy_config_core_v3_ApiVersion__Output);
}
