// Original file: proto/envoy/extensions/filters/http/api_key_auth/v3/api_key_auth.proto


export interface Forwarding {
  'header'?: (string);
  'hide_credentials'?: (boolean);
}

export interface Forwarding__Output {
  'header'?: (string);
  'hide_credentials'?: (boolean);
}
