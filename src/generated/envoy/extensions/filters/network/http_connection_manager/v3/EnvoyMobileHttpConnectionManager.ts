// Original file: proto/envoy/extensions/filters/network/http_connection_manager/v3/http_connection_manager.proto

import type { HttpConnectionManager as _envoy_extensions_filters_network_http_connection_manager_v3_HttpConnectionManager, HttpConnectionManager__Output as _envoy_extensions_filters_network_http_connection_manager_v3_HttpConnectionManager__Output } from '../../../../../../envoy/extensions/filters/network/http_connection_manager/v3/HttpConnectionManager';

export interface EnvoyMobileHttpConnectionManager {
  'config'?: (_envoy_extensions_filters_network_http_connection_manager_v3_HttpConnectionManager | null);
}

export interface EnvoyMobileHttpConnectionManager__Output {
  'config'?: (_envoy_extensions_filters_network_http_connection_manager_v3_HttpConnectionManager__Output);
}
