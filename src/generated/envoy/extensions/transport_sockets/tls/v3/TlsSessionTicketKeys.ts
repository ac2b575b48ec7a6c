// Original file: proto/envoy/extensions/transport_sockets/tls/v3/common.proto

import type { DataSource as _envoy_config_core_v3_DataSource, DataSource__Output as _envoy_config_core_v3_DataSource__Output } from '../../../../../envoy/config/core/v3/DataSource';

export interface TlsSessionTicketKeys {
  'keys'?: (_envoy_config_core_v3_DataSource)[];
}

export interface TlsSessionTicketKeys__Output {
  'keys'?: (_envoy_config_core_v3_DataSource__Output)[];
}
