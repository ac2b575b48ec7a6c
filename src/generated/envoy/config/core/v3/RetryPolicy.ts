// Original file: proto/envoy/config/core/v3/base.proto

import type { BackoffStrategy as _envoy_config_core_v3_BackoffStrategy, BackoffStrategy__Output as _envoy_config_core_v3_BackoffStrategy__Output } from '../../../../envoy/config/core/v3/BackoffStrategy';
import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../google/protobuf/UInt32Value';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';
import type { Long } from '@grpc/proto-loader';

export interface _envoy_config_core_v3_RetryPolicy_RetryHostPredicate {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any | null);
  'config_type'?: "typed_config";
}

export interface _envoy_config_core_v3_RetryPolicy_RetryHostPredicate__Output {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any__Output);
  'config_type'?: "typed_config";
}

export interface _envoy_config_core_v3_RetryPolicy_RetryPriority {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any | null);
  'config_type'?: "typed_config";
}

export interface _envoy_config_core_v3_RetryPolicy_RetryPriority__Output {
  'name'?: (string);
  'typed_config'?: (_google_protobuf_Any__Output);
  'config_type'?: "typed_config";
}

export interface RetryPolicy {
  'retry_back_off'?: (_envoy_config_core_v3_BackoffStrategy | null);
  'num_retries'?: (_google_protobuf_UInt32Value | null);
  'retry_on'?: (string);
  'retry_priority'?: (_envoy_config_core_v3_RetryPolicy_RetryPriority | null);
  'retry_host_predicate'?: (_envoy_config_core_v3_RetryPolicy_RetryHostPredicate)[];
  'host_selection_retry_max_attempts'?: (number | string | Long);
}

export interface RetryPolicy__Output {
  'retry_back_off'?: (_envoy_config_core_v3_BackoffStrategy__Output);
  'num_retries'?: (_google_protobuf_UInt32Value__Output);
  'retry_on'?: (string);
  'retry_priority'?: (_envoy_config_core_v3_RetryPolicy_RetryPriority__Output);
  'retry_host_predicate'?: (_envoy_config_core_v3_RetryPolicy_RetryHostPredicate__Output)[];
  'host_selection_retry_max_attempts'?: (string);
}
