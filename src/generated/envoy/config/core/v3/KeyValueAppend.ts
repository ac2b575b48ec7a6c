// Original file: proto/envoy/config/core/v3/base.proto

import type { KeyValue as _envoy_config_core_v3_KeyValue, KeyValue__Output as _envoy_config_core_v3_KeyValue__Output } from '../../../../envoy/config/core/v3/KeyValue';

// Original file: proto/envoy/config/core/v3/base.proto

export const _envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction = {
  APPEND_IF_EXISTS_OR_ADD: 'APPEND_IF_EXISTS_OR_ADD',
  ADD_IF_ABSENT: 'ADD_IF_ABSENT',
  OVERWRITE_IF_EXISTS_OR_ADD: 'OVERWRITE_IF_EXISTS_OR_ADD',
  OVERWRITE_IF_EXISTS: 'OVERWRITE_IF_EXISTS',
} as const;

export type _envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction =
  | 'APPEND_IF_EXISTS_OR_ADD'
  | 0
  | 'ADD_IF_ABSENT'
  | 1
  | 'OVERWRITE_IF_EXISTS_OR_ADD'
  | 2
  | 'OVERWRITE_IF_EXISTS'
  | 3

export type _envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction__Output = typeof _envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction[keyof typeof _envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction]

export interface KeyValueAppend {
  'entry'?: (_envoy_config_core_v3_KeyValue | null);
  'action'?: (_envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction);
}

export interface KeyValueAppend__Output {
  'entry'?: (_envoy_config_core_v3_KeyValue__Output);
  'action'?: (_envoy_config_core_v3_KeyValueAppend_KeyValueAppendAction__Output);
}
