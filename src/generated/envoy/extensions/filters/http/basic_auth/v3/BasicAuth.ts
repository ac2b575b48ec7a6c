// Original file: proto/envoy/extensions/filters/http/basic_auth/v3/basic_auth.proto

import type { DataSource as _envoy_config_core_v3_DataSource, DataSource__Output as _envoy_config_core_v3_DataSource__Output } from '../../../../../../envoy/config/core/v3/DataSource';

export interface BasicAuth {
  'users'?: (_envoy_config_core_v3_DataSource | null);
  'forward_username_header'?: (string);
}

export interface BasicAuth__Output {
  'users'?: (_envoy_config_core_v3_DataSource__Output);
  'forward_username_header'?: (string);
}
