// Original file: proto/envoy/config/route/v3/route.proto

import type { ConfigSource as _envoy_config_core_v3_ConfigSource, ConfigSource__Output as _envoy_config_core_v3_ConfigSource__Output } from '../../../../envoy/config/core/v3/ConfigSource';

export interface Vhds {
  'config_source'?: (_envoy_config_core_v3_ConfigSource | null);
}

export interface Vhds__Output {
  'config_source'?: (_envoy_config_core_v3_ConfigSource__Output);
}
