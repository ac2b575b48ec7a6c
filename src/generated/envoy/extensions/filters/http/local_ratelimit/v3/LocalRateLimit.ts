// Original file: proto/envoy/extensions/filters/http/local_ratelimit/v3/local_rate_limit.proto

import type { HttpStatus as _envoy_type_v3_HttpStatus, HttpStatus__Output as _envoy_type_v3_HttpStatus__Output } from '../../../../../../envoy/type/v3/HttpStatus';
import type { TokenBucket as _envoy_type_v3_TokenBucket, TokenBucket__Output as _envoy_type_v3_TokenBucket__Output } from '../../../../../../envoy/type/v3/TokenBucket';
import type { RuntimeFractionalPercent as _envoy_config_core_v3_RuntimeFractionalPercent, RuntimeFractionalPercent__Output as _envoy_config_core_v3_RuntimeFractionalPercent__Output } from '../../../../../../envoy/config/core/v3/RuntimeFractionalPercent';
import type { HeaderValueOption as _envoy_config_core_v3_HeaderValueOption, HeaderValueOption__Output as _envoy_config_core_v3_HeaderValueOption__Output } from '../../../../../../envoy/config/core/v3/HeaderValueOption';
import type { LocalRateLimitDescriptor as _envoy_extensions_common_ratelimit_v3_LocalRateLimitDescriptor, LocalRateLimitDescriptor__Output as _envoy_extensions_common_ratelimit_v3_LocalRateLimitDescriptor__Output } from '../../../../../../envoy/extensions/common/ratelimit/v3/LocalRateLimitDescriptor';
import type { XRateLimitHeadersRFCVersion as _envoy_extensions_common_ratelimit_v3_XRateLimitHeadersRFCVersion, XRateLimitHeadersRFCVersion__Output as _envoy_extensions_common_ratelimit_v3_XRateLimitHeadersRFCVersion__Output } from '../../../../../../envoy/extensions/common/ratelimit/v3/XRateLimitHeadersRFCVersion';
import type { VhRateLimitsOptions as _envoy_extensions_common_ratelimit_v3_VhRateLimitsOptions, VhRateLimitsOptions__Output as _envoy_extensions_common_ratelimit_v3_VhRateLimitsOptions__Output } from '../../../../../../envoy/extensions/common/ratelimit/v3/VhRateLimitsOptions';
import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../../google/protobuf/BoolValue';
import type { LocalClusterRateLimit as _envoy_extensions_common_ratelimit_v3_LocalClusterRateLimit, LocalClusterRateLimit__Output as _envoy_extensions_common_ratelimit_v3_LocalClusterRateLimit__Output } from '../../../../../../envoy/extensions/common/ratelimit/v3/LocalClusterRateLimit';
import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';

export interface LocalRateLimit {
  'stat_prefix'?: (string);
  'status'?: (_envoy_type_v3_HttpStatus | null);
  'token_bucket'?: (_envoy_type_v3_TokenBucket | null);
  'filter_enabled'?: (_envoy_config_core_v3_RuntimeFractionalPercent | null);
  'filter_enforced'?: (_envoy_config_core_v3_RuntimeFractionalPercent | null);
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption)[];
  'descriptors'?: (_envoy_extensions_common_ratelimit_v3_LocalRateLimitDescriptor)[];
  'stage'?: (number);
  'request_headers_to_add_when_not_enforced'?: (_envoy_config_core_v3_HeaderValueOption)[];
  'local_rate_limit_per_downstream_connection'?: (boolean);
  'enable_x_ratelimit_headers'?: (_envoy_extensions_common_ratelimit_v3_XRateLimitHeadersRFCVersion);
  'vh_rate_limits'?: (_envoy_extensions_common_ratelimit_v3_VhRateLimitsOptions);
  'always_consume_default_token_bucket'?: (_google_protobuf_BoolValue | null);
  'rate_limited_as_resource_exhausted'?: (boolean);
  'local_cluster_rate_limit'?: (_envoy_extensions_common_ratelimit_v3_LocalClusterRateLimit | null);
  'max_dynamic_descriptors'?: (_google_protobuf_UInt32Value | null);
}

export interface LocalRateLimit__Output {
  'stat_prefix'?: (string);
  'status'?: (_envoy_type_v3_HttpStatus__Output);
  'token_bucket'?: (_envoy_type_v3_TokenBucket__Output);
  'filter_enabled'?: (_envoy_config_core_v3_RuntimeFractionalPercent__Output);
  'filter_enforced'?: (_envoy_config_core_v3_RuntimeFractionalPercent__Output);
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
  'descriptors'?: (_envoy_extensions_common_ratelimit_v3_LocalRateLimitDescriptor__Output)[];
  'stage'?: (number);
  'request_headers_to_add_when_not_enforced'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
  'local_rate_limit_per_downstream_connection'?: (boolean);
  'enable_x_ratelimit_headers'?: (_envoy_extensions_common_ratelimit_v3_XRateLimitHeadersRFCVersion__Output);
  'vh_rate_limits'?: (_envoy_extensions_common_ratelimit_v3_VhRateLimitsOptions__Output);
  'always_consume_default_token_bucket'?: (_google_protobuf_BoolValue__Output);
  'rate_limited_as_resource_exhausted'?: (boolean);
  'local_cluster_rate_limit'?: (_envoy_extensions_common_ratelimit_v3_LocalClusterRateLimit__Output);
  'max_dynamic_descriptors'?: (_google_protobuf_UInt32Value__Output);
}
