/** ClientPolicy http3 in the xDS translator: which HTTPS listeners get HTTP/3, the QUIC listener, alt-svc. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { HTTPListener } from '../../../src/ir/types';
import { quicListener, quicListenerName, servesHttp3, withAltSvc } from '../../../src/xds/translator/listeners/http3';
import { parseManifests } from '../../../src/provider/file/parse';
import { buildListeners } from '../../../src/xds/translator/listeners/listener';

const SOURCE = { kind: 'ClientPolicy', namespace: 'default', name: 'h3', target: 'Gateway default/gw' } as const;

function listener(name: string, o: { http3?: boolean; hostnames?: string[]; certificates?: number; clientValidation?: boolean; tls?: boolean } = {}): HTTPListener {
  const l: HTTPListener = { name, address: '0.0.0.0', port: 443, hostnames: o.hostnames ?? ['*'], virtualHosts: [] } as unknown as HTTPListener;
  if (o.tls !== false) {
    l.tls = { certificates: Array.from({ length: o.certificates ?? 1 }, (_, i) => ({ name: `default/cert-${i}` })) } as unknown as HTTPListener['tls'];
    if (o.clientValidation) l.tls!.clientValidation = { caCertificates: 'PEM', allowInsecureFallback: false };
  }
  if (o.http3 !== false) l.policies = { client: { source: SOURCE, id: 'x', http3: true } };
  return l;
}

const connectionManager = { name: 'envoy.filters.network.http_connection_manager' };

describe('HTTP/3 listeners', () => {
  test('only HTTPS listeners with certificates, the policy, and no client certificate validation', () => {
    assert.equal(servesHttp3(listener('a')), true);
    assert.equal(servesHttp3(listener('a', { http3: false })), false);
    assert.equal(servesHttp3(listener('a', { tls: false })), false, 'plain HTTP');
    assert.equal(servesHttp3(listener('a', { certificates: 0 })), false, 'no certificate to serve');
    assert.equal(servesHttp3(listener('a', { clientValidation: true })), false, 'client certificates are not checked over QUIC');
  });

  test('a QUIC listener on the same address and port over UDP, one chain per listener matched by SNI, ALPN h3', () => {
    const quic = quicListener('127.0.0.1', 443, 10443, [
      { listener: listener('default/gw/b', { hostnames: ['b.example'] }), connectionManager },
      { listener: listener('default/gw/a', { hostnames: ['a.example'] }), connectionManager },
    ]);
    assert.equal(quic?.name, quicListenerName('127.0.0.1', 443));
    assert.equal(quic?.name, 'quic/127.0.0.1:443');
    assert.deepEqual(quic?.address, { socket_address: { protocol: 'UDP', address: '127.0.0.1', port_value: 10443 } });
    assert.deepEqual(quic?.udp_listener_config, { quic_options: {} });
    assert.deepEqual(quic?.filter_chains?.map((c) => [c.name, c.filter_chain_match?.server_names]), [['https/default/gw/a', ['a.example']], ['https/default/gw/b', ['b.example']]]);
    const transport = quic!.filter_chains![0]!.transport_socket!.typed_config as unknown as { '@type': string; downstream_tls_context: { common_tls_context: { alpn_protocols: string[]; tls_certificate_sds_secret_configs: { name: string }[] } } };
    assert.equal(transport['@type'], 'type.googleapis.com/envoy.extensions.transport_sockets.quic.v3.QuicDownstreamTransport');
    assert.deepEqual(transport.downstream_tls_context.common_tls_context.alpn_protocols, ['h3']);
    assert.deepEqual(transport.downstream_tls_context.common_tls_context.tls_certificate_sds_secret_configs.map((s) => s.name), ['default/cert-0']);
  });

  test('two listeners with the same SNI: the first keeps it (Envoy refuses duplicate matches); none: no listener', () => {
    const quic = quicListener('0.0.0.0', 443, 443, [
      { listener: listener('default/gw/z', { hostnames: ['*'] }), connectionManager },
      { listener: listener('default/gw/y', { hostnames: ['*'] }), connectionManager },
    ]);
    assert.deepEqual(quic?.filter_chains?.map((c) => [c.name, c.filter_chain_match]), [['https/default/gw/z', undefined]]);
    assert.equal(quicListener('0.0.0.0', 443, 443, []), undefined);
  });

  test('alt-svc names the Gateway port (what clients reach), overriding a backend\'s', () => {
    const route = withAltSvc({ name: 'https/default/gw/a', virtual_hosts: [] }, 443);
    assert.deepEqual(route.response_headers_to_add, [{ header: { key: 'alt-svc', value: 'h3=":443"; ma=86400' }, append_action: 'OVERWRITE_IF_EXISTS_OR_ADD' }]);
  });

  test('http3 has no fields: the file provider refuses an unknown one (as kubectl\'s strict field validation does)', () => {
    const policy = (http3: string): string => [
      'apiVersion: gateway.pier.dev/v1alpha1', 'kind: ClientPolicy', 'metadata: {name: cp, namespace: default}', 'spec:',
      '  targetRefs: [{group: gateway.networking.k8s.io, kind: Gateway, name: gw}]', `  http3: ${http3}`, '',
    ].join('\n');
    assert.deepEqual(parseManifests(policy('{}'), 'cp.yaml').errors, []);
    assert.match(parseManifests(policy('{enabled: true}'), 'cp.yaml').errors[0]?.field ?? '', /^spec\.http3/);
  });
});

describe('HTTP/3 with ClientPolicy connection settings (one policy on an HTTPS listener)', () => {
  const tuned = (): HTTPListener => {
    const l = listener('default/gw/a', { hostnames: ['a.example'] });
    l.policies = {
      client: {
        source: SOURCE, id: 'x', http3: true,
        connection: {
          tls: { minVersion: 'TLSv1_2', maxVersion: 'TLSv1_3', ciphers: ['ECDHE-RSA-AES128-GCM-SHA256'], alpnProtocols: ['http/1.1'] },
          proxyProtocol: { optional: true }, maxConnections: 7, maxRequestHeadersKb: 4, path: { mergeSlashes: false },
          http1: { acceptHTTP10: true, preserveHeaderCase: true }, http2: { maxConcurrentStreams: 5 },
          timeouts: { idleMs: 1_000, requestMs: 2_000, streamIdleMs: 3_000 },
        },
      },
    };
    return l;
  };
  type Hcm = { codec_type: string; http_protocol_options?: object; http2_protocol_options?: object; http3_protocol_options?: object; max_request_headers_kb?: object; merge_slashes?: boolean; common_http_protocol_options?: object; request_timeout?: object; stream_idle_timeout?: object };
  type Tls = { common_tls_context: { alpn_protocols: string[]; tls_params?: object } };
  const { listeners } = buildListeners({ gateway: 'default/gw', tcp: [], udp: [], http: [tuned()] });
  const tcp = listeners.find((l) => l.name === 'tcp/0.0.0.0:443')!;
  const quic = listeners.find((l) => l.name === 'quic/0.0.0.0:443')!;

  test('the TCP listener takes the TLS settings and the PROXY protocol; the QUIC one keeps TLS 1.3 with ALPN h3 and has no PROXY protocol', () => {
    assert.deepEqual(tcp.listener_filters?.map((f) => f.name), ['envoy.filters.listener.proxy_protocol', 'envoy.filters.listener.tls_inspector']);
    const tcpTls = (tcp.filter_chains![0]!.transport_socket!.typed_config as unknown as Tls).common_tls_context;
    assert.deepEqual(tcpTls.alpn_protocols, ['http/1.1']);
    assert.deepEqual(tcpTls.tls_params, { tls_minimum_protocol_version: 'TLSv1_2', tls_maximum_protocol_version: 'TLSv1_3', cipher_suites: ['ECDHE-RSA-AES128-GCM-SHA256'] });
    assert.equal(quic.listener_filters, undefined);
    const quicTls = (quic.filter_chains![0]!.transport_socket!.typed_config as unknown as { downstream_tls_context: Tls }).downstream_tls_context.common_tls_context;
    assert.deepEqual(quicTls.alpn_protocols, ['h3']);
    assert.equal(quicTls.tls_params, undefined);
  });

  test('the QUIC chain has its own connection limit and the header, path and timeout settings; HTTP/1 and HTTP/2 options stay off HTTP/3', () => {
    const filters = quic.filter_chains![0]!.filters!;
    assert.deepEqual(filters.map((f) => f.name), ['envoy.filters.network.connection_limit', 'envoy.filters.network.http_connection_manager']);
    assert.deepEqual((filters[0]!.typed_config as unknown as { stat_prefix: string; max_connections: object }).max_connections, { value: '7' });
    const h3 = filters[1]!.typed_config as unknown as Hcm;
    assert.equal(h3.codec_type, 'HTTP3');
    assert.deepEqual(h3.http3_protocol_options, {});
    assert.equal(h3.http_protocol_options, undefined);
    assert.equal(h3.http2_protocol_options, undefined);
    assert.deepEqual([h3.max_request_headers_kb, h3.merge_slashes], [{ value: 4 }, false]);
    assert.deepEqual([h3.common_http_protocol_options, h3.request_timeout, h3.stream_idle_timeout], [{ idle_timeout: { seconds: 1 } }, { seconds: 2 }, { seconds: 3 }]);
    const overTcp = tcp.filter_chains![0]!.filters!;
    assert.notEqual((overTcp[0]!.typed_config as unknown as { stat_prefix: string }).stat_prefix, (filters[0]!.typed_config as unknown as { stat_prefix: string }).stat_prefix, 'TCP and QUIC connections are counted apart');
    const h1 = overTcp[1]!.typed_config as unknown as Hcm;
    assert.equal(h1.codec_type, 'AUTO');
    assert.notEqual(h1.http_protocol_options, undefined);
    assert.notEqual(h1.http2_protocol_options, undefined);
  });
});
