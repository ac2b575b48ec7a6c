/**
 * HTTP/3 (ClientPolicy http3, IR ClientSettings.http3) for the HTTPS listeners of a TCP socket:
 * a QUIC listener "quic/<address>:<port>" bound to the same address and port over UDP, with a
 * filter chain per such listener (matched by SNI, its certificates over SDS, ALPN h3) whose
 * connection manager uses the listener's own route configuration; and an alt-svc response header
 * on that route configuration, which tells clients reaching the TCP listener where HTTP/3 is.
 * Listeners that ask for client certificates are left out (Pier does not check them over QUIC
 * yet), and so is a port whose UDP socket a UDP listener of the Gateway already has. A ClientPolicy
 * PROXY protocol stays on the TCP listener: it has no QUIC form, HTTP/3 clients are UDP peers.
 */
import type { HTTPListener } from '../../../ir/types';
import { servesHttp3 } from '../../../ir/http3';
import type { Listener, RouteConfiguration } from '../../types';
import type { Filter } from '../../../generated/envoy/config/listener/v3/Filter';
import type { FilterChain } from '../../../generated/envoy/config/listener/v3/FilterChain';
import type { QuicDownstreamTransport } from '../../../generated/envoy/extensions/transport_sockets/quic/v3/QuicDownstreamTransport';
import { typedConfig } from '../../types';
import { adsConfigSource } from '../common';
import { byName, hostPort, httpsFilterChainName } from '../names';

const QUIC_TRANSPORT_SOCKET = 'envoy.transport_sockets.quic';
const QUIC_TRANSPORT_TYPE = 'envoy.extensions.transport_sockets.quic.v3.QuicDownstreamTransport';
/** How long clients may remember the advertisement (alt-svc ma=, seconds): a day, as browsers commonly expect. */
const ALT_SVC_MAX_AGE_SECONDS = 86_400;

export function quicListenerName(address: string, port: number): string {
  return `quic/${hostPort(address, port)}`;
}

export { servesHttp3 };

/** The route configuration of an HTTPS listener served over HTTP/3 too: its responses advertise it. */
export function withAltSvc(route: RouteConfiguration, port: number): RouteConfiguration {
  return {
    ...route,
    response_headers_to_add: [
      ...(route.response_headers_to_add ?? []),
      { header: { key: 'alt-svc', value: `h3=":${port}"; ma=${ALT_SVC_MAX_AGE_SECONDS}` }, append_action: 'OVERWRITE_IF_EXISTS_OR_ADD' },
    ],
  };
}

/** One HTTPS listener on the QUIC listener: its connection manager speaks HTTP/3 (see listener.ts). */
export interface QuicChain {
  listener: HTTPListener;
  /** Network filters in front of the connection manager (a ClientPolicy connection limit). */
  networkFilters?: Filter[];
  connectionManager: Filter;
}

/**
 * The chain's TLS is QUIC's: TLS 1.3 and ALPN h3 whatever the listener's ClientPolicy tls says
 * (its versions, TLS 1.2 ciphers and ALPN list are for TCP; Envoy would ignore the versions and
 * fail every handshake offering anything but h3). The policy cannot cap TLS below 1.3 and ask for
 * HTTP/3 (gatewayapi ClientPolicy check).
 */
function quicChain({ listener, networkFilters = [], connectionManager }: QuicChain): FilterChain {
  const transport: QuicDownstreamTransport = {
    downstream_tls_context: {
      common_tls_context: {
        tls_certificate_sds_secret_configs: (listener.tls?.certificates ?? []).map((c) => ({ name: c.name, sds_config: adsConfigSource() })),
        alpn_protocols: ['h3'],
      },
    },
  };
  const serverNames = listener.hostnames.filter((h) => h !== '' && h !== '*');
  const chain: FilterChain = {
    name: httpsFilterChainName(listener.name),
    filters: [...networkFilters, connectionManager],
    transport_socket: { name: QUIC_TRANSPORT_SOCKET, typed_config: typedConfig(QUIC_TRANSPORT_TYPE, transport) },
  };
  if (serverNames.length > 0) chain.filter_chain_match = { server_names: serverNames };
  return chain;
}

/**
 * The QUIC listener of a socket, or undefined when none of its listeners is served over HTTP/3.
 * Envoy refuses two chains with the same match: the first (IR order) keeps it, as on TCP.
 */
export function quicListener(address: string, port: number, bindPort: number, chains: readonly QuicChain[]): Listener | undefined {
  const seen = new Set<string>();
  const kept = chains.map(quicChain).filter((c) => {
    const key = JSON.stringify([...(c.filter_chain_match?.server_names ?? [])].map((s) => s.toLowerCase()).sort());
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (kept.length === 0) return undefined;
  return {
    name: quicListenerName(address, port),
    address: { socket_address: { protocol: 'UDP', address, port_value: bindPort } },
    udp_listener_config: { quic_options: {} },
    filter_chains: kept.sort(byName((c) => c.name ?? '')),
  };
}
