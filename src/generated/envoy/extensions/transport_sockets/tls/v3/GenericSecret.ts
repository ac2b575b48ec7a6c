// Original file: proto/envoy/extensions/transport_sockets/tls/v3/secret.proto

import type { DataSource as _envoy_config_core_v3_DataSource, DataSource__Output as _envoy_config_core_v3_DataSource__Output } from '../../../../../envoy/config/core/v3/DataSource';

export interface GenericSecret {
  'secret'?: (_envoy_config_core_v3_DataSource | null);
}

export interface GenericSecret__Output {
  'secret'?: (_envoy_config_core_v3_DataSource__Output);
}
