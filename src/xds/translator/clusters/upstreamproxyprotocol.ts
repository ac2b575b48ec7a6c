/**
 * Upstream PROXY protocol (BackendPolicy proxyProtocol): Envoy's upstream_proxy_protocol
 * transport socket writes the header (the downstream client's address and port) first on each
 * connection to an endpoint, then hands the connection to the socket it wraps: the cluster's TLS
 * socket (BackendTLSPolicy), or plain bytes.
 */
import type { Cluster } from '../../types';
import type { ProxyProtocolUpstreamTransport } from '../../../generated/envoy/extensions/transport_sockets/proxy_protocol/v3/ProxyProtocolUpstreamTransport';
import type { RawBuffer } from '../../../generated/envoy/extensions/transport_sockets/raw_buffer/v3/RawBuffer';
import { typedConfig } from '../../types';

const UPSTREAM_PROXY_PROTOCOL = 'envoy.transport_sockets.upstream_proxy_protocol';
const PROXY_PROTOCOL_TYPE = 'envoy.extensions.transport_sockets.proxy_protocol.v3.ProxyProtocolUpstreamTransport';
const RAW_BUFFER = 'envoy.transport_sockets.raw_buffer';
const RAW_BUFFER_TYPE = 'envoy.extensions.transport_sockets.raw_buffer.v3.RawBuffer';

export function applyUpstreamProxyProtocol(cluster: Cluster, version: 'v1' | 'v2'): void {
  const inner = cluster.transport_socket ?? { name: RAW_BUFFER, typed_config: typedConfig<RawBuffer>(RAW_BUFFER_TYPE, {}) };
  const transport: ProxyProtocolUpstreamTransport = { config: { version: version === 'v1' ? 'V1' : 'V2' }, transport_socket: inner };
  cluster.transport_socket = { name: UPSTREAM_PROXY_PROTOCOL, typed_config: typedConfig(PROXY_PROTOCOL_TYPE, transport) };
}
