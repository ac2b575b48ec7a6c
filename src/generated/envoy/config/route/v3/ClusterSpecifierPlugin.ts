// Original file: proto/envoy/config/route/v3/route_components.proto

import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../envoy/config/core/v3/TypedExtensionConfig';

export interface ClusterSpecifierPlugin {
  'extension'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'is_optional'?: (boolean);
}

export interface ClusterSpecifierPlugin__Output {
  'extension'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'is_optional'?: (boolean);
}
