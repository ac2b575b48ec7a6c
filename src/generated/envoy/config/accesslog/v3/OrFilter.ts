// Original file: proto/envoy/config/accesslog/v3/accesslog.proto

import type { AccessLogFilter as _envoy_config_accesslog_v3_AccessLogFilter, AccessLogFilter__Output as _envoy_config_accesslog_v3_AccessLogFilter__Output } from '../../../../envoy/config/accesslog/v3/AccessLogFilter';

export interface OrFilter {
  'filters'?: (_envoy_config_accesslog_v3_AccessLogFilter)[];
}

export interface OrFilter__Output {
  'filters'?: (_envoy_config_accesslog_v3_AccessLogFilter__Output)[];
}
