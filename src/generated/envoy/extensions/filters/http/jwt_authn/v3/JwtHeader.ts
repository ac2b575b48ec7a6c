// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto


export interface JwtHeader {
  'name'?: (string);
  'value_prefix'?: (string);
}

export interface JwtHeader__Output {
  'name'?: (string);
  'value_prefix'?: (string);
}
