// Original file: proto/envoy/config/accesslog/v3/accesslog.proto

import type { HeaderMatcher as _envoy_config_route_v3_HeaderMatcher, HeaderMatcher__Output as _envoy_config_route_v3_HeaderMatcher__Output } from '../../../../envoy/config/route/v3/HeaderMatcher';

export interface HeaderFilter {
  'header'?: (_envoy_config_route_v3_HeaderMatcher | null);
}

export interface HeaderFilter__Output {
  'header'?: (_envoy_config_route_v3_HeaderMatcher__Output);
}
