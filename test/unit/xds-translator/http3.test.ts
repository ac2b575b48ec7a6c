/** ClientPolicy http3 in the xDS translator: which HTTPS listeners get HTTP/3, the QUIC listener, alt-svc. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { HTTPListener } from '../../../src/ir/types';
import { quicListener, quicListenerName, servesHttp3, withAltSvc } from '../../../src/xds/translator/listeners/http3';
import { parseManifests } from '../../../src/provider/file/parse';

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
