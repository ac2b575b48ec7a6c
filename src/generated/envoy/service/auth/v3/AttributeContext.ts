// Original file: proto/envoy/service/auth/v3/attribute_context.proto

import type { Metadata as _envoy_config_core_v3_Metadata, Metadata__Output as _envoy_config_core_v3_Metadata__Output } from '../../../../envoy/config/core/v3/Metadata';
import type { Address as _envoy_config_core_v3_Address, Address__Output as _envoy_config_core_v3_Address__Output } from '../../../../envoy/config/core/v3/Address';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../../google/protobuf/Timestamp';
import type { HeaderMap as _envoy_config_core_v3_HeaderMap, HeaderMap__Output as _envoy_config_core_v3_HeaderMap__Output } from '../../../../envoy/config/core/v3/HeaderMap';
import type { Long } from '@grpc/proto-loader';

export interface _envoy_service_auth_v3_AttributeContext_HttpRequest {
  'id'?: (string);
  'method'?: (string);
  'headers'?: ({[key: string]: string});
  'header_map'?: (_envoy_config_core_v3_HeaderMap | null);
  'path'?: (string);
  'host'?: (string);
  'scheme'?: (string);
  'query'?: (string);
  'fragment'?: (string);
  'size'?: (number | string | Long);
  'protocol'?: (string);
  'body'?: (string);
  'raw_body'?: (Buffer | Uint8Array | string);
}

export interface _envoy_service_auth_v3_AttributeContext_HttpRequest__Output {
  'id'?: (string);
  'method'?: (string);
  'headers'?: ({[key: string]: string});
  'header_map'?: (_envoy_config_core_v3_HeaderMap__Output);
  'path'?: (string);
  'host'?: (string);
  'scheme'?: (string);
  'query'?: (string);
  'fragment'?: (string);
  'size'?: (string);
  'protocol'?: (string);
  'body'?: (string);
  'raw_body'?: (Buffer);
}

export interface _envoy_service_auth_v3_AttributeContext_Peer {
  'address'?: (_envoy_config_core_v3_Address | null);
  'service'?: (string);
  'labels'?: ({[key: string]: string});
  'principal'?: (string);
  'certificate'?: (string);
}

export interface _envoy_service_auth_v3_AttributeContext_Peer__Output {
  'address'?: (_envoy_config_core_v3_Address__Output);
  'service'?: (string);
  'labels'?: ({[key: string]: string});
  'principal'?: (string);
  'certificate'?: (string);
}

export interface _envoy_service_auth_v3_AttributeContext_Request {
  'time'?: (_google_protobuf_Timestamp | null);
  'http'?: (_envoy_service_auth_v3_AttributeContext_HttpRequest | null);
}

export interface _envoy_service_auth_v3_AttributeContext_Request__Output {
  'time'?: (_google_protobuf_Timestamp__Output);
  'http'?: (_envoy_service_auth_v3_AttributeContext_HttpRequest__Output);
}

export interface _envoy_service_auth_v3_AttributeContext_TLSSession {
  'sni'?: (string);
}

export interface _envoy_service_auth_v3_AttributeContext_TLSSession__Output {
  'sni'?: (string);
}

export interface AttributeContext {
  'source'?: (_envoy_service_auth_v3_AttributeContext_Peer | null);
  'destination'?: (_envoy_service_auth_v3_AttributeContext_Peer | null);
  'request'?: (_envoy_service_auth_v3_AttributeContext_Request | null);
  'context_extensions'?: ({[key: string]: string});
  'metadata_context'?: (_envoy_config_core_v3_Metadata | null);
  'tls_session'?: (_envoy_service_auth_v3_AttributeContext_TLSSession | null);
  'route_metadata_context'?: (_envoy_config_core_v3_Metadata | null);
}

export interface AttributeContext__Output {
  'source'?: (_envoy_service_auth_v3_AttributeContext_Peer__Output);
  'destination'?: (_envoy_service_auth_v3_AttributeContext_Peer__Output);
  'request'?: (_envoy_service_auth_v3_AttributeContext_Request__Output);
  'context_extensions'?: ({[key: string]: string});
  'metadata_context'?: (_envoy_config_core_v3_Metadata__Output);
  'tls_session'?: (_envoy_service_auth_v3_AttributeContext_TLSSession__Output);
  'route_metadata_context'?: (_envoy_config_core_v3_Metadata__Output);
}
