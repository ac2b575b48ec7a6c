// Original file: proto/envoy/extensions/transport_sockets/quic/v3/quic_transport.proto

import type { UpstreamTlsContext as _envoy_extensions_transport_sockets_tls_v3_UpstreamTlsContext, UpstreamTlsContext__Output as _envoy_extensions_transport_sockets_tls_v3_UpstreamTlsContext__Output } from '../../../../../envoy/extensions/transport_sockets/tls/v3/UpstreamTlsContext';

export interface QuicUpstreamTransport {
  'upstream_tls_context'?: (_envoy_extensions_transport_sockets_tls_v3_UpstreamTlsContext | null);
}

export interface QuicUpstreamTransport__Output {
  'upstream_tls_context'?: (_envoy_extensions_transport_sockets_tls_v3_UpstreamTlsContext__Output);
}
