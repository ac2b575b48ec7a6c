/** xDS for the v1.6 protocol features: TLS listeners, mirror shares, gRPC failures, WebSocket, ExternalName ports. */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { HTTPRoute, TCPListener, XdsIR } from '../../../src/ir/types';
import { fractionalPercent } from '../../../src/xds/translator/listeners/route';
import { loadCaseIR, translateTestIR, type TestSetting } from './support';
import { virtualHostRoutes } from './vhost-routes';

const certificate = loadCaseIR('https-listener').http.find((l) => l.tls)?.tls?.certificates[0];

function setting(name: string, extra: Partial<TestSetting> = {}): TestSetting {
  return { clusterName: `default/${name}/80`, weight: 1, protocol: 'http', endpoints: [{ host: '10.0.0.1', port: 80 }], ...extra };
}

function route(name: string, extra: Partial<HTTPRoute> = {}): HTTPRoute {
  return { name, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], origin: name, ...extra };
}

function withRoutes(routes: HTTPRoute[]): XdsIR {
  return {
    gateway: 'default/eg',
    http: [{ name: 'default/eg/http', address: '0.0.0.0', port: 80, hostnames: ['*'], virtualHosts: [{ name: '*', domains: ['*'], routes }] }],
    tcp: [],
    udp: [],
  };
}

function withTcp(tcp: TCPListener[]): XdsIR {
  return { gateway: 'default/eg', http: [], tcp, udp: [] };
}

describe('fractional percent', () => {
  const cases: [string, { numerator: number; denominator: number }, unknown][] = [
    ['a percentage', { numerator: 25, denominator: 100 }, { numerator: 25, denominator: 'HUNDRED' }],
    ['exact in ten thousandths', { numerator: 1, denominator: 8 }, { numerator: 1250, denominator: 'TEN_THOUSAND' }],
    ['exact in millionths', { numerator: 1, denominator: 64 }, { numerator: 15625, denominator: 'MILLION' }],
    ['rounded to millionths', { numerator: 1, denominator: 3 }, { numerator: 333333, denominator: 'MILLION' }],
    ['all', { numerator: 7, denominator: 7 }, undefined],
    ['none', { numerator: 0, denominator: 5 }, { numerator: 0, denominator: 'HUNDRED' }],
  ];
  for (const [label, fraction, expected] of cases) test(label, () => assert.deepEqual(fractionalPercent(fraction), expected));
});

describe('route features', () => {
  test('mirrors a share of requests with a runtime fraction, all of them without one', () => {
    const out = translateTestIR(withRoutes([route('r', {
      destination: { settings: [setting('main')] },
      mirrors: [
        { settings: [setting('half')], fraction: { numerator: 1, denominator: 2 } },
        { settings: [setting('all')] },
        { settings: [setting('never')], fraction: { numerator: 0, denominator: 100 } },
      ],
    })]));
    assert.deepEqual(virtualHostRoutes(out.routes[0]!.virtual_hosts![0]!)[0]?.route?.request_mirror_policies, [
      { cluster: 'default/half/80', runtime_fraction: { default_value: { numerator: 50, denominator: 'HUNDRED' } } },
      { cluster: 'default/all/80' },
    ]);
  });

  test('answers the invalid share with the route\'s status (gRPC: 503) and unroutable routes likewise', () => {
    const out = translateTestIR(withRoutes([
      route('weighted', { pathMatch: { pathPrefix: '/a' }, invalidBackendStatus: 503, destination: { settings: [setting('ok'), { ...setting('bad'), invalid: true }] } }),
      route('nothing', { pathMatch: { pathPrefix: '/b' }, invalidBackendStatus: 503, destination: { settings: [{ ...setting('bad'), invalid: true }] } }),
      route('http', { pathMatch: { pathPrefix: '/c' }, destination: { settings: [setting('ok'), { ...setting('bad'), invalid: true }] } }),
    ]));
    const routes = virtualHostRoutes(out.routes[0]!.virtual_hosts![0]!);
    assert.equal(routes[0]?.route?.cluster_not_found_response_code, 'SERVICE_UNAVAILABLE');
    assert.deepEqual(routes[1]?.direct_response, { status: 503 });
    assert.equal(routes[2]?.route?.cluster_not_found_response_code, 'INTERNAL_SERVER_ERROR');
  });

  test('every HTTP connection manager allows WebSocket upgrades, for routes that do not ask too', () => {
    const out = translateTestIR(withRoutes([route('plain', { destination: { settings: [setting('plain')] } })]));
    const hcm = out.listeners[0]?.filter_chains?.[0]?.filters?.find((f) => f.name === 'envoy.filters.network.http_connection_manager');
    const upgrades = (hcm?.typed_config as { upgrade_configs?: unknown } | undefined)?.upgrade_configs;
    // No `enabled`: Envoy's default is on, for every route that does not turn it off.
    assert.deepEqual(upgrades, [{ upgrade_type: 'websocket' }]);
    assert.equal(virtualHostRoutes(out.routes[0]!.virtual_hosts![0]!)[0]?.route?.upgrade_configs, undefined, 'the route leaves the default alone');
  });

  test('enables WebSocket upgrades on the route when asked', () => {
    const out = translateTestIR(withRoutes([route('ws', { websocket: true, destination: { settings: [setting('ws')] } })]));
    assert.deepEqual(virtualHostRoutes(out.routes[0]!.virtual_hosts![0]!)[0]?.route?.upgrade_configs, [{ upgrade_type: 'websocket', enabled: { value: true } }]);
  });

  test('resolves an ExternalName on the IR port, not the cluster name', () => {
    const out = translateTestIR(withRoutes([route('ext', {
      destination: { settings: [{ clusterName: 'default/ext/443', weight: 1, protocol: 'http', dnsName: 'api.example.net', port: 8443 }] },
    })]));
    assert.equal(out.clusters[0]?.load_assignment?.endpoints?.[0]?.lb_endpoints?.[0]?.endpoint?.address?.socket_address?.port_value, 8443);
  });
});

describe('TLS listeners', () => {
  const cert = certificate!;
  const terminate: TCPListener = {
    name: 'default/eg/term', address: '0.0.0.0', port: 443, tls: { mode: 'terminate', certificates: [cert] },
    routes: [{ name: 'term', sniHostnames: ['term.example.com'], destination: { settings: [setting('plain', { protocol: 'tcp' })] } }],
  };
  const passthroughAny: TCPListener = {
    name: 'default/eg/pass', address: '0.0.0.0', port: 443, tls: { mode: 'passthrough', certificates: [] },
    routes: [{ name: 'pass', sniHostnames: [], destination: { settings: [setting('tls', { protocol: 'tls' })] } }],
  };

  test('a terminating chain matches its SNI, ends TLS with SDS certificates and no ALPN', () => {
    const out = translateTestIR(withTcp([terminate, passthroughAny]));
    const chains = out.listeners[0]?.filter_chains ?? [];
    const term = chains.find((c) => c.name === 'tcp/term');
    assert.deepEqual(term?.filter_chain_match, { server_names: ['term.example.com'], transport_protocol: 'tls' });
    const tlsContext = term?.transport_socket?.typed_config as { common_tls_context?: { alpn_protocols?: string[]; tls_certificate_sds_secret_configs?: { name?: string }[] } } | undefined;
    assert.deepEqual(tlsContext?.common_tls_context?.tls_certificate_sds_secret_configs?.map((s) => s.name), [cert.name]);
    assert.equal(tlsContext?.common_tls_context?.alpn_protocols, undefined);
    assert.deepEqual(out.secrets.map((s) => s.name), [cert.name]);
  });

  test('a passthrough route without SNI names takes any TLS connection, not plain TCP', () => {
    const out = translateTestIR(withTcp([passthroughAny]));
    const chain = out.listeners[0]?.filter_chains?.[0];
    assert.deepEqual(chain?.filter_chain_match, { transport_protocol: 'tls' });
    assert.equal(chain?.transport_socket, undefined);
    assert.ok(out.listeners[0]?.listener_filters?.some((f) => f.name === 'envoy.filters.listener.tls_inspector'));
  });

  test('a terminating listener without certificates is left out', () => {
    const out = translateTestIR(withTcp([{ ...terminate, tls: { mode: 'terminate', certificates: [] } }]));
    assert.deepEqual(out.listeners, []);
    assert.deepEqual(out.secrets, []);
  });

  test('HTTPS and TLS listeners sharing a certificate share its secret', () => {
    const ir = withTcp([terminate]);
    ir.http.push({ name: 'default/eg/https', address: '0.0.0.0', port: 443, hostnames: ['www.example.com'], tls: { certificates: [cert] }, virtualHosts: [] });
    assert.deepEqual(translateTestIR(ir).secrets.map((s) => s.name), [cert.name]);
  });
});
