// Original file: proto/envoy/config/core/v3/resolver.proto


export interface DnsResolverOptions {
  'use_tcp_for_dns_lookups'?: (boolean);
  'no_default_search_domain'?: (boolean);
}

export interface DnsResolverOptions__Output {
  'use_tcp_for_dns_lookups'?: (boolean);
  'no_default_search_domain'?: (boolean);
}
