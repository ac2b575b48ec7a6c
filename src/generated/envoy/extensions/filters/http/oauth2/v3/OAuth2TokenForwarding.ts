// Original file: proto/envoy/extensions/filters/http/oauth2/v3/oauth.proto


export interface OAuth2TokenForwarding {
  'header'?: (string);
}

export interface OAuth2TokenForwarding__Output {
  'header'?: (string);
}
