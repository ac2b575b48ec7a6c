/** ClientPolicy's connection settings in Envoy terms (listeners/client-connection.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyClientConnection, applyClientTls, connectionLimitFilters, proxyProtocolListenerFilter } from '../../../src/xds/translator/listeners/client-connection';
import type { HttpConnectionManager } from '../../../src/generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpConnectionManager';
import type { CommonTlsContext } from '../../../src/generated/envoy/extensions/transport_sockets/tls/v3/CommonTlsContext';

const defaults = (): HttpConnectionManager => ({
  normalize_path: { value: true }, merge_slashes: true, path_with_escaped_slashes_action: 'UNESCAPE_AND_REDIRECT',
  http2_protocol_options: { max_concurrent_streams: { value: 100 }, initial_stream_window_size: { value: 65_536 }, initial_connection_window_size: { value: 1_048_576 } },
});

test('no settings: the connection manager keeps Pier\'s defaults; no filters', () => {
  const hcm = defaults();
  applyClientConnection(hcm, undefined);
  applyClientConnection(hcm, {});
  assert.deepEqual(hcm, defaults());
  assert.deepEqual(connectionLimitFilters('http-80', {}), []);
  const common: CommonTlsContext = { alpn_protocols: ['h2', 'http/1.1'] };
  applyClientTls(common, undefined);
  assert.deepEqual(common, { alpn_protocols: ['h2', 'http/1.1'] });
});

test('header, path, HTTP/1, HTTP/2 and timeouts on the connection manager; HTTP/2 fields not set keep the defaults', () => {
  const hcm = defaults();
  applyClientConnection(hcm, {
    maxRequestHeadersKb: 4, path: { mergeSlashes: false, escapedSlashesAction: 'KEEP_UNCHANGED' }, http1: { acceptHTTP10: true },
    http2: { initialStreamWindowSize: 131_072 }, timeouts: { idleMs: 1_500, requestMs: 0, streamIdleMs: 60_000 },
  });
  assert.deepEqual(hcm, {
    normalize_path: { value: true }, merge_slashes: false, path_with_escaped_slashes_action: 'KEEP_UNCHANGED',
    max_request_headers_kb: { value: 4 }, http_protocol_options: { accept_http_10: true },
    http2_protocol_options: { max_concurrent_streams: { value: 100 }, initial_stream_window_size: { value: 131_072 }, initial_connection_window_size: { value: 1_048_576 } },
    common_http_protocol_options: { idle_timeout: { seconds: 1, nanos: 500_000_000 } },
    request_timeout: { seconds: 0 }, stream_idle_timeout: { seconds: 60 },
  });
});

test('preserveHeaderCase: the preserve_case stateful formatter, alone or with HTTP/1.0', () => {
  const formatter = {
    stateful_formatter: {
      name: 'envoy.http.stateful_header_formatters.preserve_case',
      typed_config: { '@type': 'type.googleapis.com/envoy.extensions.http.header_formatters.preserve_case.v3.PreserveCaseFormatterConfig' },
    },
  };
  const alone = defaults();
  applyClientConnection(alone, { http1: { preserveHeaderCase: true } });
  assert.deepEqual(alone.http_protocol_options, { header_key_format: formatter });
  const both = defaults();
  applyClientConnection(both, { http1: { acceptHTTP10: true, defaultHostForHTTP10: 'a.example', preserveHeaderCase: true } });
  assert.deepEqual(both.http_protocol_options, { accept_http_10: true, default_host_for_http_10: 'a.example', header_key_format: formatter });
});

test('TLS parameters and ALPN; the connection limit and PROXY protocol filters', () => {
  const common: CommonTlsContext = { alpn_protocols: ['h2', 'http/1.1'] };
  applyClientTls(common, { minVersion: 'TLSv1_3' });
  assert.deepEqual(common, { alpn_protocols: ['h2', 'http/1.1'], tls_params: { tls_minimum_protocol_version: 'TLSv1_3' } });
  applyClientTls(common, { ciphers: ['AES128-SHA'], alpnProtocols: ['http/1.1'] });
  assert.deepEqual(common, { alpn_protocols: ['http/1.1'], tls_params: { cipher_suites: ['AES128-SHA'] } });
  assert.deepEqual(connectionLimitFilters('http-80', { maxConnections: 3 }), [{
    name: 'envoy.filters.network.connection_limit',
    typed_config: { '@type': 'type.googleapis.com/envoy.extensions.filters.network.connection_limit.v3.ConnectionLimit', stat_prefix: 'http-80-connections', max_connections: { value: '3' } },
  }]);
  assert.deepEqual(proxyProtocolListenerFilter({ optional: false }).typed_config, { '@type': 'type.googleapis.com/envoy.extensions.filters.listener.proxy_protocol.v3.ProxyProtocol' });
  assert.deepEqual(proxyProtocolListenerFilter({ optional: true }).typed_config, {
    '@type': 'type.googleapis.com/envoy.extensions.filters.listener.proxy_protocol.v3.ProxyProtocol', allow_requests_without_proxy_protocol: true,
  });
});
