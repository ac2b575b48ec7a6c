// Original file: proto/envoy/extensions/filters/http/stateful_session/v3/stateful_session.proto

import type { TypedExtensionConfig as _envoy_config_core_v3_TypedExtensionConfig, TypedExtensionConfig__Output as _envoy_config_core_v3_TypedExtensionConfig__Output } from '../../../../../../envoy/config/core/v3/TypedExtensionConfig';

export interface StatefulSession {
  'session_state'?: (_envoy_config_core_v3_TypedExtensionConfig | null);
  'strict'?: (boolean);
}

export interface StatefulSession__Output {
  'session_state'?: (_envoy_config_core_v3_TypedExtensionConfig__Output);
  'strict'?: (boolean);
}
