/**
 * ClientPolicy's connection settings (IR ClientConnectionSettings) in Envoy terms, each where it
 * lives: the PROXY protocol is a listener filter (the whole socket), the connection limit a
 * network filter in front of the connection manager (its filter chain), TLS versions, ciphers and
 * ALPN the chain's DownstreamTlsContext, and the rest fields of the HTTP connection manager.
 * On a QUIC listener (ClientPolicy http3) there is no PROXY protocol (UDP), TLS stays QUIC's (1.3,
 * ALPN h3), and the connection limit and connection manager settings apply as on TCP.
 */
import type { ClientConnectionSettings, ClientProxyProtocolSettings, ClientTLSSettings } from '../../../ir/client-connection';
import type { CommonTlsContext } from '../../../generated/envoy/extensions/transport_sockets/tls/v3/CommonTlsContext';
import type { ConnectionLimit } from '../../../generated/envoy/extensions/filters/network/connection_limit/v3/ConnectionLimit';
import type { Filter } from '../../../generated/envoy/config/listener/v3/Filter';
import type { HttpConnectionManager } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpConnectionManager';
import type { ListenerFilter } from '../../../generated/envoy/config/listener/v3/ListenerFilter';
import type { ProxyProtocol } from '../../../generated/envoy/extensions/filters/listener/proxy_protocol/v3/ProxyProtocol';
import type { PreserveCaseFormatterConfig } from '../../../generated/envoy/extensions/http/header_formatters/preserve_case/v3/PreserveCaseFormatterConfig';
import { typedConfig } from '../../types';
import { durationFromMs } from '../common';
import { statPrefix } from '../names';

const PROXY_PROTOCOL_FILTER = 'envoy.filters.listener.proxy_protocol';
const PROXY_PROTOCOL_TYPE = 'envoy.extensions.filters.listener.proxy_protocol.v3.ProxyProtocol';
const CONNECTION_LIMIT_FILTER = 'envoy.filters.network.connection_limit';
const CONNECTION_LIMIT_TYPE = 'envoy.extensions.filters.network.connection_limit.v3.ConnectionLimit';
const PRESERVE_CASE_FORMATTER = 'envoy.http.stateful_header_formatters.preserve_case';
const PRESERVE_CASE_TYPE = 'envoy.extensions.http.header_formatters.preserve_case.v3.PreserveCaseFormatterConfig';

/** The PROXY protocol listener filter (v1 and v2 headers); it must run before the TLS inspector reads a ClientHello. */
export function proxyProtocolListenerFilter(settings: ClientProxyProtocolSettings): ListenerFilter {
  const config: ProxyProtocol = settings.optional ? { allow_requests_without_proxy_protocol: true } : {};
  return { name: PROXY_PROTOCOL_FILTER, typed_config: typedConfig(PROXY_PROTOCOL_TYPE, config) };
}

/** The network filter that closes a chain's connections over maxConnections (none without a limit). */
export function connectionLimitFilters(prefix: string, connection: ClientConnectionSettings | undefined): Filter[] {
  if (connection?.maxConnections === undefined) return [];
  const config: ConnectionLimit = { stat_prefix: statPrefix(`${prefix}-connections`), max_connections: { value: String(connection.maxConnections) } };
  return [{ name: CONNECTION_LIMIT_FILTER, typed_config: typedConfig(CONNECTION_LIMIT_TYPE, config) }];
}

/** common with the policy's TLS versions, ciphers and ALPN (in place; ALPN replaces Pier's default). */
export function applyClientTls(common: CommonTlsContext, tls: ClientTLSSettings | undefined): void {
  if (!tls) return;
  if (tls.alpnProtocols) common.alpn_protocols = [...tls.alpnProtocols];
  if (tls.minVersion || tls.maxVersion || tls.ciphers) {
    common.tls_params = {
      ...(tls.minVersion ? { tls_minimum_protocol_version: tls.minVersion } : {}),
      ...(tls.maxVersion ? { tls_maximum_protocol_version: tls.maxVersion } : {}),
      ...(tls.ciphers ? { cipher_suites: [...tls.ciphers] } : {}),
    };
  }
}

/**
 * hcm with the policy's header, path, HTTP/1, HTTP/2 and timeout settings (in place, over Pier's
 * defaults). An HTTP/3 connection manager (the QUIC listener's) takes the header, path and timeout
 * settings; the HTTP/1 and HTTP/2 options are not its protocol's and stay off it.
 */
export function applyClientConnection(hcm: HttpConnectionManager, connection: ClientConnectionSettings | undefined): void {
  if (!connection) return;
  if (connection.maxRequestHeadersKb !== undefined) hcm.max_request_headers_kb = { value: connection.maxRequestHeadersKb };
  const path = connection.path;
  if (path?.normalize !== undefined) hcm.normalize_path = { value: path.normalize };
  if (path?.mergeSlashes !== undefined) hcm.merge_slashes = path.mergeSlashes;
  if (path?.escapedSlashesAction !== undefined) hcm.path_with_escaped_slashes_action = path.escapedSlashesAction;
  if (hcm.codec_type !== 'HTTP3') applyHttp1And2(hcm, connection);
  const timeouts = connection.timeouts;
  if (timeouts?.idleMs !== undefined) hcm.common_http_protocol_options = { ...hcm.common_http_protocol_options, idle_timeout: durationFromMs(timeouts.idleMs) };
  if (timeouts?.requestMs !== undefined) hcm.request_timeout = durationFromMs(timeouts.requestMs);
  if (timeouts?.streamIdleMs !== undefined) hcm.stream_idle_timeout = durationFromMs(timeouts.streamIdleMs);
}

function applyHttp1And2(hcm: HttpConnectionManager, connection: ClientConnectionSettings): void {
  const http1 = connection.http1;
  if (http1?.acceptHTTP10 || http1?.preserveHeaderCase) {
    hcm.http_protocol_options = {
      ...(http1.acceptHTTP10 ? { accept_http_10: true } : {}),
      ...(http1.acceptHTTP10 && http1.defaultHostForHTTP10 ? { default_host_for_http_10: http1.defaultHostForHTTP10 } : {}),
      // The downstream codec records each name's case on the request; the upstream HTTP/1 codec writes names as recorded.
      ...(http1.preserveHeaderCase ? { header_key_format: { stateful_formatter: { name: PRESERVE_CASE_FORMATTER, typed_config: typedConfig<PreserveCaseFormatterConfig>(PRESERVE_CASE_TYPE, {}) } } } : {}),
    };
  }
  const http2 = connection.http2;
  if (http2) {
    const options = { ...hcm.http2_protocol_options };
    if (http2.maxConcurrentStreams !== undefined) options.max_concurrent_streams = { value: http2.maxConcurrentStreams };
    if (http2.initialStreamWindowSize !== undefined) options.initial_stream_window_size = { value: http2.initialStreamWindowSize };
    if (http2.initialConnectionWindowSize !== undefined) options.initial_connection_window_size = { value: http2.initialConnectionWindowSize };
    hcm.http2_protocol_options = options;
  }
}
