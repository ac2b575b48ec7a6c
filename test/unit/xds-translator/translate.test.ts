import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { HTTPListener, HTTPRoute, XdsIR } from '../../../src/ir/types';
import type { XdsResources } from '../../../src/xds/types';
import { redirectPort, prefixReplacement } from '../../../src/xds/translator/listeners/route';
import { pathMatch } from '../../../src/xds/translator/listeners/match';
import { planDestination } from '../../../src/xds/translator/clusters/destination';
import { hostPort, INVALID_BACKEND_CLUSTER, tcpListenerName } from '../../../src/xds/translator/names';
import { goldenCases, loadCaseIR, RESOURCE_LISTS, translateTestIR, type TestSetting } from './support';
import { virtualHostRoutes } from './vhost-routes';

function setting(name: string, extra: Partial<TestSetting> = {}): TestSetting {
  return { clusterName: `default/${name}/80`, weight: 1, protocol: 'http', endpoints: [{ host: '10.0.0.1', port: 80 }], ...extra };
}

function route(name: string, extra: Partial<HTTPRoute> = {}): HTTPRoute {
  return { name, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], origin: name, ...extra };
}

function httpListener(name: string, port: number, hostname: string, routes: HTTPRoute[], domain = hostname): HTTPListener {
  return {
    name: `default/eg/${name}`, address: '0.0.0.0', port, hostnames: [hostname],
    virtualHosts: [{ name: domain, domains: [domain], routes }],
  };
}

function gateway(http: HTTPListener[]): XdsIR {
  return { gateway: 'default/eg', http, tcp: [], udp: [] };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}

function names(resources: XdsResources): Record<string, string[]> {
  return Object.fromEntries(RESOURCE_LISTS.map((list) => [list, resources[list].map((r) => {
    const named = r as { name?: string; cluster_name?: string };
    return named.name ?? named.cluster_name ?? '';
  })]));
}

describe('translateXds', () => {
  test('is deterministic, sorts every list by name, and leaves its input alone', () => {
    for (const name of goldenCases()) {
      const ir = deepFreeze(loadCaseIR(name));
      const first = translateTestIR(ir);
      assert.deepEqual(translateTestIR(ir), first, name);
      for (const [list, listNames] of Object.entries(names(first))) {
        assert.deepEqual(listNames, [...listNames].sort(), `${name}: ${list} not sorted`);
        assert.equal(new Set(listNames).size, listNames.length, `${name}: duplicate ${list} names`);
      }
    }
  });

  test('names clusters by backend identity: reordering routes renames nothing', () => {
    const routes = [
      route('a', { pathMatch: { pathPrefix: '/a' }, destination: { settings: [setting('alpha')] } }),
      route('b', { pathMatch: { pathPrefix: '/b' }, destination: { settings: [setting('beta'), setting('alpha')] } }),
    ];
    const before = translateTestIR(gateway([httpListener('http', 80, '*', routes)]));
    const after = translateTestIR(gateway([httpListener('http', 80, '*', [...routes].reverse())]));
    assert.deepEqual(after.clusters, before.clusters);
    assert.deepEqual(after.endpoints, before.endpoints);
    assert.deepEqual(before.clusters.map((c) => c.name), ['default/alpha/80', 'default/beta/80']);
  });

  test('groups listeners by socket; the most specific listener owns a shared domain, whatever the listener order', () => {
    const catchAll = httpListener('any', 8080, '*', [route('from-catch-all', { destination: { settings: [setting('catch')] } })], 'foo.example.com');
    const specific = httpListener('foo', 8080, 'foo.example.com', [route('from-foo', { destination: { settings: [setting('foo')] } })]);
    const other = httpListener('other-port', 9090, '*', [route('other', { destination: { settings: [setting('other')] } })], '*');
    const one = translateTestIR(gateway([catchAll, specific, other]));
    const two = translateTestIR(gateway([other, specific, catchAll]));
    assert.deepEqual(one.listeners, two.listeners);
    assert.deepEqual(one.routes, two.routes);
    assert.deepEqual(one.listeners.map((l) => l.name), ['tcp/0.0.0.0:8080', 'tcp/0.0.0.0:9090']);
    const shared = one.routes.find((r) => r.name === 'http/0.0.0.0:8080');
    assert.deepEqual(shared?.virtual_hosts?.map((v) => [v.name, v.domains, virtualHostRoutes(v).map((r) => r.name)]), [
      ['default/eg/foo/foo.example.com', ['foo.example.com'], ['from-foo']],
    ]);
  });

  test('drops HTTPS listeners without a certificate, and sockets left without a filter chain', () => {
    const listener: HTTPListener = { ...httpListener('https', 443, 'a.example.com', [route('r')]), tls: { certificates: [] } };
    const out = translateTestIR(gateway([listener]));
    assert.deepEqual(names(out), { listeners: [], routes: [], clusters: [], endpoints: [], secrets: [] });
  });

  test('keeps the first filter chain when two claim the same SNI', () => {
    const out = translateTestIR(loadCaseIR('tcp-listener'));
    const tls = out.listeners.find((l) => l.name === tcpListenerName('0.0.0.0', 443));
    const chains = tls?.filter_chains?.map((c) => c.name) ?? [];
    assert.ok(chains.includes('tcp/tlsroute/default/a/rule/0'));
    assert.ok(!chains.includes('tcp/tlsroute/default/dup/rule/0'));
    assert.ok(tls?.listener_filters?.some((f) => f.name === 'envoy.filters.listener.tls_inspector'));
  });

  test('leaves out endpoints Envoy cannot take over EDS (hostnames, duplicates)', () => {
    const out = translateTestIR(gateway([httpListener('http', 80, '*', [route('r', {
      destination: { settings: [setting('mixed', { endpoints: [{ host: '10.0.0.1', port: 80 }, { host: 'not-an-ip', port: 80 }, { host: '10.0.0.1', port: 80 }, { host: 'fd00::1', port: 80 }] })] },
    })])]));
    const addresses = out.endpoints[0].endpoints?.[0].lb_endpoints?.map((e) => e.endpoint?.address?.socket_address?.address);
    assert.deepEqual(addresses, ['10.0.0.1', 'fd00::1']);
  });

  test('resolves an ExternalName on the port of its endpoints, else of its cluster name', () => {
    const out = translateTestIR(loadCaseIR('externalname-backend'));
    const targets = out.clusters.map((c) => [c.name, c.type, c.load_assignment?.endpoints?.[0].lb_endpoints?.map((e) => {
      const a = e.endpoint?.address?.socket_address;
      return `${a?.address}:${a?.port_value}`;
    })]);
    assert.deepEqual(targets, [
      ['default/httpbin/443', 'STRICT_DNS', ['httpbin.org:443']],
      ['default/search/8080', 'STRICT_DNS', ['search.example.net:8080']],
    ]);
    assert.deepEqual(out.endpoints, [], 'DNS clusters carry their endpoints inline');
  });

  test('gives a UDP listener with several backends a locality-weighted cluster', () => {
    const out = translateTestIR(loadCaseIR('udp-listener'));
    const weighted = out.clusters.find((c) => c.name === 'weighted/default/eg/weighted');
    assert.ok(weighted?.common_lb_config?.locality_weighted_lb_config);
    const cla = out.endpoints.find((e) => e.cluster_name === 'weighted/default/eg/weighted');
    assert.deepEqual(cla?.endpoints?.map((l) => [l.locality?.sub_zone, l.load_balancing_weight]), [
      ['default/dns-a/53', { value: 2 }],
      ['default/dns-b/53', { value: 1 }],
    ]);
  });

  test('leaves Host and pseudo-headers out of header modifiers (Envoy refuses them)', () => {
    const out = translateTestIR(loadCaseIR('header-modifiers'));
    const modified = virtualHostRoutes(out.routes[0]!.virtual_hosts![0]!)[0];
    assert.deepEqual(modified?.response_headers_to_remove, ['X-Response-Remove']);
  });
});

describe('destination plans', () => {
  test('single, weighted with invalid share, unroutable', () => {
    assert.deepEqual(planDestination({ settings: [setting('a')] }), { kind: 'single', cluster: 'default/a/80' });
    assert.deepEqual(planDestination({ settings: [setting('a', { weight: 3 }), setting('x', { weight: 1, invalid: true })] }), {
      kind: 'weighted', hasInvalidShare: true,
      shares: [{ cluster: 'default/a/80', weight: 3 }, { cluster: INVALID_BACKEND_CLUSTER, weight: 1 }],
    });
    assert.deepEqual(planDestination({ settings: [setting('a', { weight: 0 }), setting('x', { invalid: true })] }), { kind: 'unroutable' });
    assert.deepEqual(planDestination({ settings: [] }), { kind: 'unroutable' });
    assert.deepEqual(planDestination(undefined), { kind: 'unroutable' });
  });
});

describe('path matching', () => {
  test('segment prefixes, the root, and prefixes Envoy refuses in path_separated_prefix', () => {
    assert.deepEqual(pathMatch({ pathPrefix: '/' }), { prefix: '/' });
    assert.deepEqual(pathMatch({ pathPrefix: '/foo' }), { path_separated_prefix: '/foo' });
    assert.deepEqual(pathMatch({ pathPrefix: '/foo//' }), { path_separated_prefix: '/foo' });
    assert.deepEqual(pathMatch({ pathPrefix: '/a?b' }), { safe_regex: { regex: '/a\\?b(/.*)?' } });
    assert.deepEqual(pathMatch({ exact: '/x' }), { path: '/x' });
    assert.deepEqual(pathMatch({ regex: '/x+' }), { safe_regex: { regex: '/x+' } });
  });
});

describe('redirect port', () => {
  const http80 = { scheme: 'http', port: 80 } as const;
  const http8080 = { scheme: 'http', port: 8080 } as const;
  const https443 = { scheme: 'https', port: 443 } as const;
  const cases: [string, Parameters<typeof redirectPort>[0], Parameters<typeof redirectPort>[1], number | undefined][] = [
    ['listener on its default port', { statusCode: 302 }, http80, undefined],
    ['listener on another port', { statusCode: 302 }, http8080, 8080],
    ['scheme change implies its well-known port', { scheme: 'https', statusCode: 302 }, http80, undefined],
    // Host carries :8080, which Envoy would keep in Location: the default port is written.
    ['scheme change from a listener on another port', { scheme: 'https', statusCode: 302 }, http8080, 443],
    ['same scheme named explicitly', { scheme: 'http', statusCode: 302 }, http8080, 80],
    ['replaced hostname: the default port is left out', { scheme: 'https', hostname: 'example.org', statusCode: 302 }, http8080, undefined],
    ['unknown scheme keeps the listener port', { scheme: 'ftp', statusCode: 302 }, http8080, 8080],
    ['explicit port', { port: 8443, statusCode: 302 }, http80, 8443],
    ['explicit default port is not written', { port: 443, scheme: 'https', statusCode: 302 }, http80, undefined],
    ['https listener default port', { statusCode: 302 }, https443, undefined],
  ];
  for (const [label, redirect, listener, expected] of cases) {
    test(label, () => assert.equal(redirectPort(redirect, listener), expected));
  }
});

describe('prefix replacement (Gateway API ReplacePrefixMatch)', () => {
  const cases: [string, string, ReturnType<typeof prefixReplacement>][] = [
    ['/foo', '/xyz', { prefix_rewrite: '/xyz' }],
    ['/foo', '/xyz/', { prefix_rewrite: '/xyz' }],
    ['/foo/', '/xyz', { prefix_rewrite: '/xyz' }],
    ['/foo', '', { regex_rewrite: { pattern: { regex: '^/foo/*' }, substitution: '/' } }],
    ['/foo', '/', { regex_rewrite: { pattern: { regex: '^/foo/*' }, substitution: '/' } }],
    ['/', '/xyz', { prefix_rewrite: '/xyz/' }],
    ['/', '/', {}],
    ['/a.b', '/', { regex_rewrite: { pattern: { regex: '^/a\\.b/*' }, substitution: '/' } }],
  ];
  for (const [prefix, replacement, expected] of cases) {
    test(`${prefix} -> ${JSON.stringify(replacement)}`, () => {
      assert.deepEqual(prefixReplacement(route('r', { pathMatch: { pathPrefix: prefix } }), replacement), expected);
    });
  }
  test('nothing for a regex match', () => {
    assert.deepEqual(prefixReplacement(route('r', { pathMatch: { regex: '/a.*' } }), '/b'), {});
  });
});

describe('names', () => {
  test('bracket IPv6 addresses', () => {
    assert.equal(hostPort('::', 80), '[::]:80');
    assert.equal(tcpListenerName('0.0.0.0', 80), 'tcp/0.0.0.0:80');
  });
});
