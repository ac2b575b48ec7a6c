// Original file: proto/envoy/extensions/filters/http/api_key_auth/v3/api_key_auth.proto


export interface Credential {
  'key'?: (string);
  'client'?: (string);
}

export interface Credential__Output {
  'key'?: (string);
  'client'?: (string);
}
