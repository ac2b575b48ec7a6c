// Original file: proto/envoy/extensions/filters/udp/udp_proxy/v3/route.proto


export interface Route {
  'cluster'?: (string);
}

export interface Route__Output {
  'cluster'?: (string);
}
