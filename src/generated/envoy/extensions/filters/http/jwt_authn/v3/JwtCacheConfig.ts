// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto


export interface JwtCacheConfig {
  'jwt_cache_size'?: (number);
}

export interface JwtCacheConfig__Output {
  'jwt_cache_size'?: (number);
}
