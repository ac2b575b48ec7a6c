// Original file: proto/envoy/config/route/v3/route_components.proto

import type { Route as _envoy_config_route_v3_Route, Route__Output as _envoy_config_route_v3_Route__Output } from '../../../../envoy/config/route/v3/Route';

export interface RouteList {
  'routes'?: (_envoy_config_route_v3_Route)[];
}

export interface RouteList__Output {
  'routes'?: (_envoy_config_route_v3_Route__Output)[];
}
