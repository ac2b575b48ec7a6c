/**
 * Each feature family through the whole pipeline: the real `pier serve` CLI reads a directory
 * of Gateway API YAML, launches one real Envoy per Gateway, and real clients send HTTP, HTTPS
 * (SNI), gRPC, TLS passthrough, TCP and UDP traffic to loopback backends through it.
 *
 * One Pier serves four Gateways, each on its own loopback address (127.0.0.40-43), so a
 * problem in one family's Envoy cannot hide behind another's:
 *   http  127.0.0.40  matching, header filters, weights, redirects, rewrites, mirrors, CORS
 *   https 127.0.0.41  two HTTPS listeners on one port, two hostnames, two certificates
 *   grpc  127.0.0.42  GRPCRoute (service/method/header matches) to grpc-js servers
 *   l4    127.0.0.43  TLS passthrough (TLSRoute by SNI), TLS terminate, TCPRoute, UDPRoute
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess, PIER_CLI } from '../helpers/pier';
import { selfSignedCertificate, type TestCertificate } from './features/certs';
import {
  GRPC_SERVICE, GrpcEchoBackend, NamedTlsBackend, RecordingHttpBackend, TcpEchoBackend, UdpEchoBackend, grpcCall, type Backend,
} from './features/backends';
import { freeTcpPorts, freeUdpPort, httpsRequest, tcpRoundTrip, tlsRead, udpRoundTrip } from './features/clients';
import { backend, backendRef, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER } from './features/resources';

const run = promisify(execFile);

const ADDRESS = { http: '127.0.0.40', https: '127.0.0.41', grpc: '127.0.0.42', l4: '127.0.0.43' } as const;

/** How long a Gateway's Envoy may take to start and take its configuration. */
const READY_TIMEOUT_MS = 30_000;

const HTTP_BACKENDS = ['exact', 'prefix', 'regex', 'header', 'query', 'method', 'fallback', 'filters', 'alpha', 'beta', 'gamma', 'rewrite', 'primary', 'secure-a', 'secure-b'] as const;
type HttpBackendName = (typeof HTTP_BACKENDS)[number];

interface Ports {
  http: number;
  https: number;
  grpc: number;
  tls: number;
  tlsTerminate: number;
  tcp: number;
  udp: number;
}

/** Runs fn count times, at most `concurrency` at once. */
async function repeat<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      out[i] = await fn(i);
    }
  }));
  return out;
}

/**
 * Envoy closes a connection whose SNI no filter chain claims. (A certificate error instead would
 * mean some chain answered with the wrong certificate.)
 */
function closedWithoutTls(err: Error & { code?: string }): boolean {
  assert.ok(err.code === 'ECONNRESET' || err.code === 'EPIPE', `expected the connection to be closed, got ${err.code}: ${err.message}`);
  return true;
}

function headerValues(echo: EchoResponse, name: string): string[] {
  return Object.entries(echo.headers).filter(([k]) => k.toLowerCase() === name).flatMap(([, v]) => v);
}

// The waits inside are bounded; this is the backstop should something hang.
describe('feature families through pier serve and real Envoy', { timeout: 120_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let ports: Ports;
  const httpBackends = new Map<HttpBackendName, EchoBackend>(HTTP_BACKENDS.map((n) => [n, new EchoBackend({ service: n, namespace: 'default', pod: `${n}-1` })]));
  const mirror = new RecordingHttpBackend('mirror-target');
  const grpcA = new GrpcEchoBackend('grpc-a');
  const grpcB = new GrpcEchoBackend('grpc-b');
  const tcpEcho = new TcpEchoBackend('tcp-echo');
  const udpEcho = new UdpEchoBackend('udp-echo');
  let tlsA: NamedTlsBackend;
  let tlsB: NamedTlsBackend;
  const certs = new Map<string, TestCertificate>();
  const others: Backend[] = [];

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-features-'));
    const certDir = path.join(dir, 'certs');
    const resourcesDir = path.join(dir, 'resources');
    mkdirSync(certDir);
    mkdirSync(resourcesDir);
    for (const host of ['a.secure.test', 'b.secure.test', 'a.passthrough.test', 'b.passthrough.test', 'terminate.l4.test']) certs.set(host, selfSignedCertificate(certDir, host));
    tlsA = new NamedTlsBackend('tls-a', certs.get('a.passthrough.test')!.cert, certs.get('a.passthrough.test')!.key);
    tlsB = new NamedTlsBackend('tls-b', certs.get('b.passthrough.test')!.cert, certs.get('b.passthrough.test')!.key);
    others.push(mirror, grpcA, grpcB, tcpEcho, udpEcho, tlsA, tlsB);

    const backendPorts = new Map<string, number>();
    for (const [name, b] of httpBackends) backendPorts.set(name, await b.listen('127.0.0.1', 0));
    for (const [name, b] of [['mirror-target', mirror], ['grpc-a', grpcA], ['grpc-b', grpcB], ['tcp-echo', tcpEcho], ['tls-a', tlsA], ['tls-b', tlsB]] as const) {
      backendPorts.set(name, await b.listen());
    }
    const udpPort = await udpEcho.listen();
    const [tls, tlsTerminate, tcp] = await freeTcpPorts(ADDRESS.l4, 3);
    ports = {
      http: await freePort(ADDRESS.http),
      https: await freePort(ADDRESS.https),
      grpc: await freePort(ADDRESS.grpc),
      tls: tls!,
      tlsTerminate: tlsTerminate!,
      tcp: tcp!,
      udp: await freeUdpPort(ADDRESS.l4),
    };

    const write = (file: string, docs: Record<string, unknown>[]) => writeFileSync(path.join(resourcesDir, file), manifest(docs));
    write('backends.yaml', [
      ...[...backendPorts].flatMap(([name, port]) => backend(name, port)),
      ...backend('udp-echo', udpPort, { port: 53, protocol: 'UDP' }),
    ]);
    write('gateways.yaml', [
      gatewayClass(),
      gateway('http', ADDRESS.http, [{ name: 'http', protocol: 'HTTP', port: ports.http }]),
      gateway('https', ADDRESS.https, ['a', 'b'].map((x) => ({
        name: `https-${x}`, protocol: 'HTTPS', port: ports.https, hostname: `${x}.secure.test`,
        tls: { mode: 'Terminate', certificateRefs: [{ name: `${x}-secure-test` }] },
      }))),
      gateway('grpc', ADDRESS.grpc, [{ name: 'grpc', protocol: 'HTTP', port: ports.grpc }]),
      gateway('l4', ADDRESS.l4, [
        { name: 'tls', protocol: 'TLS', port: ports.tls, tls: { mode: 'Passthrough' } },
        {
          name: 'tls-terminate', protocol: 'TLS', port: ports.tlsTerminate, hostname: 'terminate.l4.test',
          tls: { mode: 'Terminate', certificateRefs: [{ name: 'terminate-l4-test' }] },
        },
        { name: 'tcp', protocol: 'TCP', port: ports.tcp },
        { name: 'udp', protocol: 'UDP', port: ports.udp },
      ]),
      tlsSecret('a-secure-test', certs.get('a.secure.test')!.cert, certs.get('a.secure.test')!.key),
      tlsSecret('b-secure-test', certs.get('b.secure.test')!.cert, certs.get('b.secure.test')!.key),
      tlsSecret('terminate-l4-test', certs.get('terminate.l4.test')!.cert, certs.get('terminate.l4.test')!.key),
    ]);
    write('http-routes.yaml', httpRoutes());
    write('other-routes.yaml', otherRoutes());

    pier = await PierProcess.start({ config: { resources: resourcesDir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
  });

  after(async () => {
    const code = await pier?.stop();
    for (const b of httpBackends.values()) await b.close();
    for (const b of others) await b.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  // ---------------------------------------------------------------- HTTP

  /** As a client that resolved `host` to the Gateway would send it: Host carries the port. */
  const http = (host: string, p: string, o: { method?: string; headers?: Record<string, string> } = {}): Promise<HttpResult> =>
    httpRequest(`http://${ADDRESS.http}:${ports.http}${p}`, { method: o.method, headers: { host: `${host}:${ports.http}`, ...o.headers }, timeoutMs: 2000 });

  const served = async (host: string, p: string, o: { method?: string; headers?: Record<string, string> } = {}): Promise<string> => {
    const r = await http(host, p, o);
    return r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`;
  };

  const echoOf = async (host: string, p: string, o: { method?: string; headers?: Record<string, string> } = {}): Promise<{ result: HttpResult; echo: EchoResponse }> => {
    const result = await http(host, p, o);
    assert.equal(result.status, 200, `${host}${p}: ${result.body}`);
    return { result, echo: JSON.parse(result.body) as EchoResponse };
  };

  describe('HTTP', () => {
    before(async () => {
      // Every route file took effect once the last route (mirror) serves.
      await waitFor('the http Gateway to serve', async () => ((await served('mirror.test', '/').catch(() => undefined)) === 'primary' ? true : undefined),
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
    });

    test('path matches: exact, segment-wise prefix, regular expression', async () => {
      const cases: [string, string][] = [
        ['/exact', 'exact'], ['/exact/more', 'fallback'],
        ['/prefix', 'prefix'], ['/prefix/', 'prefix'], ['/prefix/deeper/still', 'prefix'], ['/prefixes', 'fallback'],
        ['/regex/42', 'regex'], ['/regex/abc', 'fallback'], ['/regex/42/more', 'fallback'],
        ['/', 'fallback'],
      ];
      for (const [p, expected] of cases) assert.equal(await served('match.test', p), expected, p);
    });

    test('header, query parameter and method matches', async () => {
      assert.equal(await served('match.test', '/h', { headers: { 'x-env': 'canary' } }), 'header');
      assert.equal(await served('match.test', '/h', { headers: { 'x-env': 'prod' } }), 'fallback');
      assert.equal(await served('match.test', '/h'), 'fallback');
      assert.equal(await served('match.test', '/q?version=2'), 'query');
      assert.equal(await served('match.test', '/q?version=3'), 'fallback');
      assert.equal(await served('match.test', '/q'), 'fallback');
      assert.equal(await served('match.test', '/m', { method: 'POST' }), 'method');
      assert.equal(await served('match.test', '/m'), 'fallback');
    });

    test('a hostname no route claims answers 404', async () => {
      assert.equal((await http('nobody.test', '/exact')).status, 404);
    });

    test('request header modifier: set, add, remove', async () => {
      const { echo } = await echoOf('filters.test', '/', { headers: { 'x-set': 'from-client', 'x-add': 'from-client', 'x-remove': 'please' } });
      assert.equal(echo.service, 'filters');
      assert.deepEqual(headerValues(echo, 'x-set'), ['set-by-pier']);
      assert.deepEqual(headerValues(echo, 'x-add').join(',').split(',').sort(), ['added-by-pier', 'from-client']);
      assert.deepEqual(headerValues(echo, 'x-remove'), []);
      assert.deepEqual(headerValues(echo, 'x-new'), ['new']);
    });

    test('response header modifier: set, add, remove', async () => {
      const { result } = await echoOf('filters.test', '/');
      assert.equal(result.headers['x-resp-set'], 'from-pier');
      assert.equal(result.headers['x-resp-add'], 'added');
      assert.equal(result.headers['x-pier-backend'], undefined, 'the backend header is removed');
    });

    test('weights split traffic roughly 3:1, a weight of 0 gets nothing', async () => {
      const n = 200;
      const answers = await repeat(n, 8, () => served('weights.test', '/split'));
      const count = (name: string) => answers.filter((a) => a === name).length;
      process.stdout.write(`# weights 3:1:0 over ${n}: alpha ${count('alpha')}, beta ${count('beta')}, gamma ${count('gamma')}\n`);
      assert.equal(count('alpha') + count('beta'), n, `only alpha and beta answer: ${[...new Set(answers)].join(', ')}`);
      assert.equal(count('gamma'), 0);
      // Expected 150/50; the bounds are about five standard deviations wide.
      assert.ok(count('alpha') >= 0.6 * n && count('alpha') <= 0.9 * n, `alpha got ${count('alpha')}/${n}`);
    });

    test('the share of an invalid backend is answered with 500', async () => {
      const n = 100;
      const answers = await repeat(n, 8, () => served('weights.test', '/invalid'));
      const errors = answers.filter((a) => a === 'status 500').length;
      process.stdout.write(`# weights 1:1 with a missing Service over ${n}: ${errors} answered 500\n`);
      assert.equal(answers.filter((a) => a === 'alpha').length + errors, n, `only alpha or 500: ${[...new Set(answers)].join(', ')}`);
      assert.ok(errors >= 0.25 * n && errors <= 0.75 * n, `500 for ${errors}/${n}`);
    });

    test('backendRef filters: each backend gets its own request header, and its answers their own response header', async () => {
      const n = 40;
      const seen = await repeat(n, 8, async () => {
        const { result, echo } = await echoOf('weights.test', '/backend-filters', { headers: { 'x-drop': 'yes' } });
        assert.deepEqual(headerValues(echo, 'x-chosen'), [echo.service], 'the request header names the backend it went to');
        assert.deepEqual(headerValues(echo, 'x-drop'), [], 'the removal applies too');
        assert.equal(result.headers['x-answered-by'], echo.service);
        return echo.service;
      });
      assert.deepEqual([...new Set(seen)].sort(), ['alpha', 'beta'], 'both backends answered');
    });

    test('redirects: full path, scheme, hostname, prefix', async () => {
      const cases: [string, number, string][] = [
        ['/old', 301, `http://redirect.test:${ports.http}/new`],
        ['/to-https/page', 302, 'https://redirect.test/to-https/page'],
        ['/elsewhere/page', 302, `http://other.test:${ports.http}/elsewhere/page`],
        ['/moved/page', 308, `http://redirect.test:${ports.http}/new-home/page`],
      ];
      for (const [p, status, location] of cases) {
        const r = await http('redirect.test', p);
        assert.equal(r.status, status, p);
        // Compared as URLs: "https://h:443/" and "https://h/" are the same place.
        assert.equal(new URL(String(r.headers.location)).href, new URL(location).href, `${p}: Location ${r.headers.location}`);
      }
    });

    test('rewrites: prefix, full path, to "/", hostname', async () => {
      // Without a hostname rewrite the backend sees the Host the client sent, port included.
      const sent = `rewrite.test:${ports.http}`;
      const cases: [string, string, string][] = [
        ['/api/users?id=7', '/v2/users?id=7', sent],
        ['/full/anything?q=1', '/replaced?q=1', sent],
        ['/strip/x', '/x', sent],
        ['/host/x', '/host/x', 'internal.test'],
      ];
      for (const [p, backendPath, host] of cases) {
        const { echo } = await echoOf('rewrite.test', p);
        assert.equal(echo.service, 'rewrite');
        assert.equal(echo.path, backendPath, p);
        assert.equal(echo.host, host, p);
      }
    });

    test('mirrors: the mirror backend receives a copy, the client the primary answer', async () => {
      const before = mirror.requests.length;
      const { echo } = await echoOf('mirror.test', '/copy/me?n=1');
      assert.equal(echo.service, 'primary');
      const copy = await waitFor('the mirrored copy', () => mirror.requests.slice(before).find((r) => r.path === '/copy/me?n=1'), { timeoutMs: 3000, intervalMs: 20 });
      assert.equal(copy.method, 'GET');
      assert.match(copy.host, /^mirror\.test/, 'the copy keeps the host (Envoy adds a -shadow suffix)');
    });
  });

  describe('CORS', () => {
    test('a preflight from an allowed origin is answered with the policy; actual requests get Access-Control-Allow-Origin', async () => {
      const origin = 'https://web.app.test';
      const pre = await http('cors.test', '/api', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-token' } });
      assert.ok(pre.status === 200 || pre.status === 204, `preflight status ${pre.status}`);
      assert.equal(pre.headers['access-control-allow-origin'], origin);
      assert.deepEqual(String(pre.headers['access-control-allow-methods']).split(',').map((m) => m.trim()).sort(), ['GET', 'PUT']);
      assert.equal(pre.headers['access-control-allow-headers'], 'x-token');
      assert.equal(pre.headers['access-control-max-age'], '600');
      assert.equal(pre.headers['access-control-allow-credentials'], 'true');

      const { result, echo } = await echoOf('cors.test', '/api', { headers: { origin } });
      assert.equal(echo.service, 'primary');
      assert.equal(result.headers['access-control-allow-origin'], origin);
      assert.equal(result.headers['access-control-expose-headers'], 'x-served-by');
    });

    test('an origin the policy does not allow gets no Access-Control-Allow-Origin', async () => {
      const pre = await http('cors.test', '/api', { method: 'OPTIONS', headers: { origin: 'https://evil.test', 'access-control-request-method': 'PUT' } });
      assert.equal(pre.headers['access-control-allow-origin'], undefined);
      const { result } = await echoOf('cors.test', '/api', { headers: { origin: 'https://evil.test' } });
      assert.equal(result.headers['access-control-allow-origin'], undefined);
    });
  });

  // ---------------------------------------------------------------- HTTPS

  describe('HTTPS with SNI', () => {
    const ca = () => [certs.get('a.secure.test')!.cert, certs.get('b.secure.test')!.cert].join('\n');

    before(async () => {
      await waitFor('the https Gateway to serve', async () => {
        const r = await httpsRequest(ADDRESS.https, ports.https, 'b.secure.test', '/', ca()).catch(() => undefined);
        return r?.status === 200 ? true : undefined;
      }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
    });

    test('each hostname gets its own certificate and its own route', async () => {
      for (const x of ['a', 'b']) {
        const host = `${x}.secure.test`;
        const r = await httpsRequest(ADDRESS.https, ports.https, host, '/hello', ca());
        assert.equal(r.status, 200, r.body);
        assert.equal(r.peerCommonName, host, 'the certificate for the SNI name');
        const echo = JSON.parse(r.body) as EchoResponse;
        assert.equal(echo.service, `secure-${x}`);
        assert.equal(echo.path, '/hello');
      }
    });

    test('a request for the other listener\'s name on a connection made for this one is answered 421 (misdirected)', async () => {
      for (const [sni, host] of [['a.secure.test', 'b.secure.test'], ['b.secure.test', 'a.secure.test'], ['a.secure.test', 'unknown.secure.test']]) {
        const r = await httpsRequest(ADDRESS.https, ports.https, sni!, '/hello', ca(), 2000, host);
        assert.equal(r.status, 421, `SNI ${sni}, Host ${host}: ${r.body}`);
      }
    });

    test('an SNI name no listener serves gets no TLS session', async () => {
      await assert.rejects(httpsRequest(ADDRESS.https, ports.https, 'c.secure.test', '/', ca()), closedWithoutTls);
    });
  });

  // ---------------------------------------------------------------- gRPC

  describe('gRPC', () => {
    const target = () => `${ADDRESS.grpc}:${ports.grpc}`;

    before(async () => {
      await waitFor('the grpc Gateway to serve', async () => ((await grpcCall(target(), GRPC_SERVICE, 'Goodbye', {}).catch(() => undefined))?.backend === 'grpc-b' ? true : undefined),
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
    });

    test('method match routes Hello to grpc-a, with the request header filter applied', async () => {
      const reply = await grpcCall(target(), GRPC_SERVICE, 'Hello', { name: 'pier' });
      assert.equal(reply.backend, 'grpc-a');
      assert.equal(reply.method, 'Hello');
      assert.deepEqual(reply.request, { name: 'pier' });
      assert.equal(reply.metadata['x-routed'], 'hello-rule');
    });

    test('service match routes the other methods to grpc-b; a header match is more specific', async () => {
      assert.equal((await grpcCall(target(), GRPC_SERVICE, 'Goodbye', {})).backend, 'grpc-b');
      assert.equal((await grpcCall(target(), GRPC_SERVICE, 'Goodbye', {}, { metadata: { 'x-pool': 'a' } })).backend, 'grpc-a');
    });

    test('an unrouted service is UNIMPLEMENTED', async () => {
      await assert.rejects(grpcCall(target(), 'pier.e2e.Unknown', 'Hello', {}), (err: { code?: number }) => err.code === grpc.status.UNIMPLEMENTED);
    });
  });

  // ---------------------------------------------------------------- TLS passthrough, TCP, UDP

  describe('TLS passthrough, TCP, UDP', () => {
    const ca = () => [certs.get('a.passthrough.test')!.cert, certs.get('b.passthrough.test')!.cert].join('\n');

    before(async () => {
      await waitFor('the l4 Gateway to serve', async () => ((await tcpRoundTrip(ADDRESS.l4, ports.tcp, 'ready?', 'tcp-echo:ready?'.length, 1000).catch(() => undefined)) ? true : undefined),
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
    });

    test('TLSRoutes route by SNI and the backend terminates TLS with its own certificate', async () => {
      for (const x of ['a', 'b']) {
        const host = `${x}.passthrough.test`;
        const r = await waitFor(`TLS passthrough to ${host}`, () => tlsRead(ADDRESS.l4, ports.tls, host, ca()), { timeoutMs: 5000, intervalMs: 100 });
        assert.equal(r.text, `tls-${x}\n`);
        assert.equal(r.peerCommonName, host, 'the backend\'s certificate reaches the client untouched');
      }
    });

    test('an SNI name no TLSRoute claims is not forwarded', async () => {
      await assert.rejects(tlsRead(ADDRESS.l4, ports.tls, 'c.passthrough.test', ca(), 2000), closedWithoutTls);
    });

    test('a TLS listener in Terminate mode ends TLS with its certificate and forwards plain TCP', async () => {
      const cert = certs.get('terminate.l4.test')!.cert;
      const message = 'hello over tls';
      const r = await tlsRead(ADDRESS.l4, ports.tlsTerminate, 'terminate.l4.test', cert, 2000, { message, expectLength: `tcp-echo:${message}`.length });
      assert.equal(r.peerCommonName, 'terminate.l4.test');
      assert.equal(r.text, `tcp-echo:${message}`, 'the TCP backend got the decrypted bytes');
    });

    test('TCPRoute forwards bytes both ways', async () => {
      const message = 'hello over tcp';
      assert.equal(await tcpRoundTrip(ADDRESS.l4, ports.tcp, message, `tcp-echo:${message}`.length), `tcp-echo:${message}`);
    });

    test('UDPRoute forwards datagrams both ways', async () => {
      // UDP may drop a datagram; a few attempts, each bounded.
      const reply = await waitFor('a UDP echo through Envoy', () => udpRoundTrip(ADDRESS.l4, ports.udp, 'ping', 500), { timeoutMs: 5000, intervalMs: 50 });
      assert.equal(reply, 'udp-echo:ping');
    });
  });

  // ---------------------------------------------------------------- pier translate

  test('pier translate, offline, prints the xDS that pier serve computed for the same files', async () => {
    const { stdout } = await run(process.execPath, [PIER_CLI, 'translate', '-f', path.join(dir, 'resources'), '--output', 'xds', '-o', 'json'], { timeout: 20_000 });
    const offline = JSON.parse(stdout) as Record<string, Record<string, Record<string, unknown>[]>>;
    const served = await pier.admin<Record<string, Record<string, Record<string, unknown>[] | string>>>('/xds');
    assert.deepEqual(Object.keys(offline).sort(), Object.keys(served).sort());
    const withoutType = (list: Record<string, unknown>[]) => list.map(({ '@type': _type, ...r }) => r);
    const names = (list: Record<string, unknown>[]) => list.map((r) => r.name);
    for (const [gw, groups] of Object.entries(offline)) {
      for (const kind of ['listeners', 'routes', 'clusters', 'endpoints']) {
        assert.deepEqual(withoutType(groups[kind]!), served[gw]![kind], `${gw} ${kind}`);
      }
      // Secrets are printed with their private key redacted.
      assert.deepEqual(names(groups.secrets!), names(served[gw]!.secrets as Record<string, unknown>[]), `${gw} secrets`);
    }
  });

  // ---------------------------------------------------------------- statuses

  test('every route is accepted; only the deliberately broken reference is unresolved', async () => {
    type Status = { kind: string; name: string; status: { conditions?: { type: string; status: string; reason: string }[]; parents?: { conditions: { type: string; status: string; reason: string }[] }[] } };
    const statuses = await pier.admin<Status[]>('/statuses');
    const summary = (s: Status) => (s.status.parents ?? []).flatMap((p) => p.conditions.map((c) => `${c.type}=${c.status}`)).sort().join(' ');
    const gatewayClass = statuses.find((s) => s.kind === 'GatewayClass') as (Status & { status: { supportedFeatures?: { name: string }[] } }) | undefined;
    assert.ok(gatewayClass?.status.supportedFeatures?.some((f) => f.name === 'HTTPRouteCORS'), 'the GatewayClass lists HTTPRouteCORS among its supported features');
    for (const gw of statuses.filter((s) => s.kind === 'Gateway')) {
      assert.deepEqual(gw.status.conditions?.map((c) => `${c.type}=${c.status}`).sort(), ['Accepted=True', 'AddressesAssigned=True', 'Programmed=True'], `Gateway ${gw.name}`);
    }
    // a.secure.test and b.secure.test share a port with certificates for their own names only: no
    // OverlappingTLSConfig (neither hostnames nor certificate names overlap).
    const https = statuses.find((s) => s.kind === 'Gateway' && s.name === 'https') as (Status & { status: { listeners?: { name: string; conditions: { type: string }[] }[] } }) | undefined;
    assert.deepEqual(https?.status.listeners?.map((l) => `${l.name}: ${l.conditions.map((c) => c.type).join(' ')}`),
      ['https-a: Accepted ResolvedRefs Programmed Conflicted', 'https-b: Accepted ResolvedRefs Programmed Conflicted']);
    const routes = statuses.filter((s) => s.kind.endsWith('Route'));
    assert.equal(routes.length, 15, routes.map((r) => `${r.kind}/${r.name}`).join(', '));
    for (const r of routes) {
      const expected = r.name === 'weights' ? 'Accepted=True ResolvedRefs=False' : 'Accepted=True ResolvedRefs=True';
      assert.equal(summary(r), expected, `${r.kind}/${r.name}`);
    }
  });
});

// ------------------------------------------------------------------ the routes

function httpRoutes(): Record<string, unknown>[] {
  const rule = (matches: unknown[], to: string, extra: Record<string, unknown> = {}) => ({ matches, backendRefs: [backendRef(to)], ...extra });
  const prefix = (value: string) => ({ path: { type: 'PathPrefix', value } });
  return [
    route('HTTPRoute', 'matching', 'http', {
      hostnames: ['match.test'],
      rules: [
        rule([{ path: { type: 'Exact', value: '/exact' } }], 'exact'),
        rule([prefix('/prefix')], 'prefix'),
        rule([{ path: { type: 'RegularExpression', value: '/regex/[0-9]+' } }], 'regex'),
        rule([{ ...prefix('/h'), headers: [{ name: 'x-env', value: 'canary' }] }], 'header'),
        rule([{ ...prefix('/q'), queryParams: [{ name: 'version', value: '2' }] }], 'query'),
        rule([{ ...prefix('/m'), method: 'POST' }], 'method'),
        { backendRefs: [backendRef('fallback')] },
      ],
    }),
    route('HTTPRoute', 'filters', 'http', {
      hostnames: ['filters.test'],
      rules: [{
        filters: [
          { type: 'RequestHeaderModifier', requestHeaderModifier: { set: [{ name: 'x-set', value: 'set-by-pier' }, { name: 'x-new', value: 'new' }], add: [{ name: 'x-add', value: 'added-by-pier' }], remove: ['x-remove'] } },
          { type: 'ResponseHeaderModifier', responseHeaderModifier: { set: [{ name: 'x-resp-set', value: 'from-pier' }], add: [{ name: 'x-resp-add', value: 'added' }], remove: ['x-pier-backend'] } },
        ],
        backendRefs: [backendRef('filters')],
      }],
    }),
    route('HTTPRoute', 'weights', 'http', {
      hostnames: ['weights.test'],
      rules: [
        { matches: [prefix('/split')], backendRefs: [backendRef('alpha', 3), backendRef('beta', 1), backendRef('gamma', 0)] },
        { matches: [prefix('/invalid')], backendRefs: [backendRef('alpha', 1), backendRef('no-such-service', 1)] },
        {
          // Each backend's own header filters apply to the requests sent to it (and its answers) only.
          matches: [prefix('/backend-filters')],
          backendRefs: ['alpha', 'beta'].map((name) => ({
            ...backendRef(name, 1),
            filters: [
              { type: 'RequestHeaderModifier', requestHeaderModifier: { set: [{ name: 'x-chosen', value: name }], remove: ['x-drop'] } },
              { type: 'ResponseHeaderModifier', responseHeaderModifier: { add: [{ name: 'x-answered-by', value: name }] } },
            ],
          })),
        },
      ],
    }),
    route('HTTPRoute', 'redirects', 'http', {
      hostnames: ['redirect.test'],
      rules: [
        { matches: [{ path: { type: 'Exact', value: '/old' } }], filters: [{ type: 'RequestRedirect', requestRedirect: { path: { type: 'ReplaceFullPath', replaceFullPath: '/new' }, statusCode: 301 } }] },
        { matches: [prefix('/to-https')], filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }] },
        { matches: [prefix('/elsewhere')], filters: [{ type: 'RequestRedirect', requestRedirect: { hostname: 'other.test' } }] },
        { matches: [prefix('/moved')], filters: [{ type: 'RequestRedirect', requestRedirect: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/new-home' }, statusCode: 308 } }] },
      ],
    }),
    route('HTTPRoute', 'rewrites', 'http', {
      hostnames: ['rewrite.test'],
      rules: [
        rule([prefix('/api')], 'rewrite', { filters: [{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/v2' } } }] }),
        rule([prefix('/full')], 'rewrite', { filters: [{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplaceFullPath', replaceFullPath: '/replaced' } } }] }),
        rule([prefix('/strip')], 'rewrite', { filters: [{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } } }] }),
        rule([prefix('/host')], 'rewrite', { filters: [{ type: 'URLRewrite', urlRewrite: { hostname: 'internal.test' } }] }),
      ],
    }),
    route('HTTPRoute', 'mirror', 'http', {
      hostnames: ['mirror.test'],
      rules: [{ filters: [{ type: 'RequestMirror', requestMirror: { backendRef: backendRef('mirror-target') } }], backendRefs: [backendRef('primary')] }],
    }),
    route('HTTPRoute', 'cors', 'http', {
      hostnames: ['cors.test'],
      rules: [{
        filters: [{
          type: 'CORS',
          cors: { allowOrigins: ['https://*.app.test'], allowMethods: ['GET', 'PUT'], allowHeaders: ['x-token'], exposeHeaders: ['x-served-by'], allowCredentials: true, maxAge: 600 },
        }],
        backendRefs: [backendRef('primary')],
      }],
    }),
    ...['a', 'b'].map((x) => route('HTTPRoute', `secure-${x}`, 'https', { hostnames: [`${x}.secure.test`], rules: [{ backendRefs: [backendRef(`secure-${x}`)] }] })),
  ];
}

function otherRoutes(): Record<string, unknown>[] {
  const method = (m: string | undefined) => ({ method: m ? { service: GRPC_SERVICE, method: m } : { service: GRPC_SERVICE } });
  return [
    route('GRPCRoute', 'echo', 'grpc', {
      rules: [
        {
          matches: [method('Hello')],
          filters: [{ type: 'RequestHeaderModifier', requestHeaderModifier: { add: [{ name: 'x-routed', value: 'hello-rule' }] } }],
          backendRefs: [backendRef('grpc-a')],
        },
        { matches: [method(undefined)], backendRefs: [backendRef('grpc-b')] },
        { matches: [{ ...method('Goodbye'), headers: [{ name: 'x-pool', value: 'a' }] }], backendRefs: [backendRef('grpc-a')] },
      ],
    }),
    ...['a', 'b'].map((x) => route('TLSRoute', `passthrough-${x}`, 'l4', {
      parentRefs: [{ name: 'l4', sectionName: 'tls' }], hostnames: [`${x}.passthrough.test`], rules: [{ backendRefs: [backendRef(`tls-${x}`)] }],
    })),
    route('TLSRoute', 'terminated', 'l4', {
      parentRefs: [{ name: 'l4', sectionName: 'tls-terminate' }], hostnames: ['terminate.l4.test'], rules: [{ backendRefs: [backendRef('tcp-echo')] }],
    }),
    route('TCPRoute', 'tcp-echo', 'l4', { rules: [{ backendRefs: [backendRef('tcp-echo')] }] }),
    route('UDPRoute', 'udp-echo', 'l4', { rules: [{ backendRefs: [backendRef('udp-echo', undefined, 53)] }] }),
  ];
}
