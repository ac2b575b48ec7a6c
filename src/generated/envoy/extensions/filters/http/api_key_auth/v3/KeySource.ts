// Original file: proto/envoy/extensions/filters/http/api_key_auth/v3/api_key_auth.proto


export interface KeySource {
  'header'?: (string);
  'query'?: (string);
  'cookie'?: (string);
}

export interface KeySource__Output {
  'header'?: (string);
  'query'?: (string);
  'cookie'?: (string);
}
