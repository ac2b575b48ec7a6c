// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto


export interface JwtClaimToHeader {
  'header_name'?: (string);
  'claim_name'?: (string);
}

export interface JwtClaimToHeader__Output {
  'header_name'?: (string);
  'claim_name'?: (string);
}
