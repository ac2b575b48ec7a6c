// Original file: proto/envoy/extensions/filters/network/http_connection_manager/v3/http_connection_manager.proto

import type { ScopedRouteConfiguration as _envoy_config_route_v3_ScopedRouteConfiguration, ScopedRouteConfiguration__Output as _envoy_config_route_v3_ScopedRouteConfiguration__Output } from '../../../../../../envoy/config/route/v3/ScopedRouteConfiguration';

export interface ScopedRouteConfigurationsList {
  'scoped_route_configurations'?: (_envoy_config_route_v3_ScopedRouteConfiguration)[];
}

export interface ScopedRouteConfigurationsList__Output {
  'scoped_route_configurations'?: (_envoy_config_route_v3_ScopedRouteConfiguration__Output)[];
}
