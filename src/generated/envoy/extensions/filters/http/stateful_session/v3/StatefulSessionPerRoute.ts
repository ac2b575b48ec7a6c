// Original file: proto/envoy/extensions/filters/http/stateful_session/v3/stateful_session.proto

import type { StatefulSession as _envoy_extensions_filters_http_stateful_session_v3_StatefulSession, StatefulSession__Output as _envoy_extensions_filters_http_stateful_session_v3_StatefulSession__Output } from '../../../../../../envoy/extensions/filters/http/stateful_session/v3/StatefulSession';

export interface StatefulSessionPerRoute {
  'disabled'?: (boolean);
  'stateful_session'?: (_envoy_extensions_filters_http_stateful_session_v3_StatefulSession | null);
  'override'?: "disabled"|"stateful_session";
}

export interface StatefulSessionPerRoute__Output {
  'disabled'?: (boolean);
  'stateful_session'?: (_envoy_extensions_filters_http_stateful_session_v3_StatefulSession__Output);
  'override'?: "disabled"|"stateful_session";
}
