// Original file: proto/envoy/extensions/transport_sockets/tls/v3/common.proto

import type { StringMatcher as _envoy_type_matcher_v3_StringMatcher, StringMatcher__Output as _envoy_type_matcher_v3_StringMatcher__Output } from '../../../../../envoy/type/matcher/v3/StringMatcher';

// Original file: proto/envoy/extensions/transport_sockets/tls/v3/common.proto

export const _envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType = {
  SAN_TYPE_UNSPECIFIED: 'SAN_TYPE_UNSPECIFIED',
  EMAIL: 'EMAIL',
  DNS: 'DNS',
  URI: 'URI',
  IP_ADDRESS: 'IP_ADDRESS',
  OTHER_NAME: 'OTHER_NAME',
} as const;

export type _envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType =
  | 'SAN_TYPE_UNSPECIFIED'
  | 0
  | 'EMAIL'
  | 1
  | 'DNS'
  | 2
  | 'URI'
  | 3
  | 'IP_ADDRESS'
  | 4
  | 'OTHER_NAME'
  | 5

export type _envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType__Output = typeof _envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType[keyof typeof _envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType]

export interface SubjectAltNameMatcher {
  'san_type'?: (_envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType);
  'matcher'?: (_envoy_type_matcher_v3_StringMatcher | null);
  'oid'?: (string);
}

export interface SubjectAltNameMatcher__Output {
  'san_type'?: (_envoy_extensions_transport_sockets_tls_v3_SubjectAltNameMatcher_SanType__Output);
  'matcher'?: (_envoy_type_matcher_v3_StringMatcher__Output);
  'oid'?: (string);
}
