// Original file: proto/envoy/extensions/transport_sockets/quic/v3/quic_transport.proto

import type { DownstreamTlsContext as _envoy_extensions_transport_sockets_tls_v3_DownstreamTlsContext, DownstreamTlsContext__Output as _envoy_extensions_transport_sockets_tls_v3_DownstreamTlsContext__Output } from '../../../../../envoy/extensions/transport_sockets/tls/v3/DownstreamTlsContext';
import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../google/protobuf/BoolValue';

export interface QuicDownstreamTransport {
  'downstream_tls_context'?: (_envoy_extensions_transport_sockets_tls_v3_DownstreamTlsContext | null);
  'enable_early_data'?: (_google_protobuf_BoolValue | null);
}

export interface QuicDownstreamTransport__Output {
  'downstream_tls_context'?: (_envoy_extensions_transport_sockets_tls_v3_DownstreamTlsContext__Output);
  'enable_early_data'?: (_google_protobuf_BoolValue__Output);
}
