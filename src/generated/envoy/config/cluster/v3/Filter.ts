// Original file: proto/envoy/config/cluster/v3/filter.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';
import type { ExtensionConfigSource as _envoy_config_core_v3_ExtensionConfigSource, ExtensionConfigSource__Output as _envoy_config_core_v3_ExtensionConfigSource__Output } from '../../../../envoy/config/core/v3/ExtensionConfigSource';

export interface Filter {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any | null);
  'config_discovery'?: (_envoy_config_core_v3_ExtensionConfigSource | null);
}

export interface Filter__Output {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any__Output);
  'config_discovery'?: (_envoy_config_core_v3_ExtensionConfigSource__Output);
}
