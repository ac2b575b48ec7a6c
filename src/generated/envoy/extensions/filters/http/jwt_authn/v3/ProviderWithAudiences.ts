// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto


export interface ProviderWithAudiences {
  'provider_name'?: (string);
  'audiences'?: (string)[];
}

export interface ProviderWithAudiences__Output {
  'provider_name'?: (string);
  'audiences'?: (string)[];
}
