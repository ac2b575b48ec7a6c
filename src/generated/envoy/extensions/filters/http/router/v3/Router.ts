// Original file: proto/envoy/extensions/filters/http/router/v3/router.proto

import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../../google/protobuf/BoolValue';
import type { AccessLog as _envoy_config_accesslog_v3_AccessLog, AccessLog__Output as _envoy_config_accesslog_v3_AccessLog__Output } from '../../../../../../envoy/config/accesslog/v3/AccessLog';
import type { HttpFilter as _envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter, HttpFilter__Output as _envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter__Output } from '../../../../../../envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';

export interface _envoy_extensions_filters_http_router_v3_Router_UpstreamAccessLogOptions {
  'flush_upstream_log_on_upstream_stream'?: (boolean);
  'upstream_log_flush_interval'?: (_google_protobuf_Duration | null);
}

export interface _envoy_extensions_filters_http_router_v3_Router_UpstreamAccessLogOptions__Output {
  'flush_upstream_log_on_upstream_stream'?: (boolean);
  'upstream_log_flush_interval'?: (_google_protobuf_Duration__Output);
}

export interface Router {
  'dynamic_stats'?: (_google_protobuf_BoolValue | null);
  'start_child_span'?: (boolean);
  'upstream_log'?: (_envoy_config_accesslog_v3_AccessLog)[];
  'suppress_envoy_headers'?: (boolean);
  'strict_check_headers'?: (string)[];
  'respect_expected_rq_timeout'?: (boolean);
  'suppress_grpc_request_failure_code_stats'?: (boolean);
  'upstream_http_filters'?: (_envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter)[];
  'upstream_log_options'?: (_envoy_extensions_filters_http_router_v3_Router_UpstreamAccessLogOptions | null);
}

export interface Router__Output {
  'dynamic_stats'?: (_google_protobuf_BoolValue__Output);
  'start_child_span'?: (boolean);
  'upstream_log'?: (_envoy_config_accesslog_v3_AccessLog__Output)[];
  'suppress_envoy_headers'?: (boolean);
  'strict_check_headers'?: (string)[];
  'respect_expected_rq_timeout'?: (boolean);
  'suppress_grpc_request_failure_code_stats'?: (boolean);
  'upstream_http_filters'?: (_envoy_extensions_filters_network_http_connection_manager_v3_HttpFilter__Output)[];
  'upstream_log_options'?: (_envoy_extensions_filters_http_router_v3_Router_UpstreamAccessLogOptions__Output);
}
