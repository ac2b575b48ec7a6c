// Original file: proto/envoy/extensions/filters/network/connection_limit/v3/connection_limit.proto

import type { UInt64Value as _google_protobuf_UInt64Value, UInt64Value__Output as _google_protobuf_UInt64Value__Output } from '../../../../../../google/protobuf/UInt64Value';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';
import type { RuntimeFeatureFlag as _envoy_config_core_v3_RuntimeFeatureFlag, RuntimeFeatureFlag__Output as _envoy_config_core_v3_RuntimeFeatureFlag__Output } from '../../../../../../envoy/config/core/v3/RuntimeFeatureFlag';

export interface ConnectionLimit {
  'stat_prefix'?: (string);
  'max_connections'?: (_google_protobuf_UInt64Value | null);
  'delay'?: (_google_protobuf_Duration | null);
  'runtime_enabled'?: (_envoy_config_core_v3_RuntimeFeatureFlag | null);
}

export interface ConnectionLimit__Output {
  'stat_prefix'?: (string);
  'max_connections'?: (_google_protobuf_UInt64Value__Output);
  'delay'?: (_google_protobuf_Duration__Output);
  'runtime_enabled'?: (_envoy_config_core_v3_RuntimeFeatureFlag__Output);
}
