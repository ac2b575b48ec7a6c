/**
 * ClientPolicy's connection settings through the real `pier serve` CLI and a real Envoy, with
 * real TLS handshakes (node:tls) and clients that write their own bytes (PROXY protocol headers,
 * HTTP/1.0, slow bodies). One Gateway, one listener (its own port) per setting, each with a
 * ClientPolicy on it (sectionName), and listener "plain" (HTTP) and "https-default" with none,
 * where the same client sees Pier's defaults. The backend answers with the path and headers it got.
 * The readiness wait needs none of the settings, so each test fails alone when its setting is not
 * translated (checked by disabling the xDS side: every settings test failed).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { stopEnvoyPierBackend } from '../helpers/teardown';
import { selfSignedCertificate, type TestCertificate } from './features/certs';
import { freeTcpPorts } from './features/clients';
import { HeldConnection, proxyV1, proxyV2, rawExchange } from './features/raw-clients';
import { backend, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER, NAMESPACE } from './features/resources';

const ADDRESS = '127.0.26.61';
const HOST = 'conn.test';
const READY_TIMEOUT_MS = 60_000;
const CLIENT = '198.51.100.9';

const LISTENERS = ['tls13', 'tls12', 'httpsDefault', 'proxyTls', 'proxy', 'proxyOptional', 'plain', 'limit', 'headers', 'path', 'http1', 'headerCase', 'http2', 'idle', 'request'] as const;
type ListenerKey = (typeof LISTENERS)[number];
const HTTPS: ReadonlySet<ListenerKey> = new Set(['tls13', 'tls12', 'httpsDefault', 'proxyTls']);
const sectionName = (key: ListenerKey): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** What each listener's ClientPolicy sets (none: the listener shows the defaults). */
const POLICIES: Partial<Record<ListenerKey, Record<string, unknown>>> = {
  tls13: { tls: { minVersion: '1.3' } },
  tls12: { tls: { maxVersion: '1.2', ciphers: ['ECDHE-ECDSA-AES256-GCM-SHA384'], alpnProtocols: ['http/1.1'] } },
  proxyTls: { proxyProtocol: {} },
  proxy: { proxyProtocol: {} },
  proxyOptional: { proxyProtocol: { optional: true } },
  limit: { connection: { maxConnections: 1 } },
  headers: { headers: { maxRequestHeadersKb: 2 } },
  path: { path: { mergeSlashes: false, escapedSlashesAction: 'UnescapeAndForward' } },
  http1: { http1: { acceptHTTP10: true, defaultHostForHTTP10: 'old.example' } },
  headerCase: { http1: { preserveHeaderCase: true } },
  http2: { http2: { maxConcurrentStreams: 7, initialStreamWindowSize: 131_072, initialConnectionWindowSize: 2_097_152 } },
  idle: { timeouts: { idle: '1s', streamIdle: '1s' } },
  request: { timeouts: { request: '2s' } },
};

interface Echo { path: string; headers: Record<string, string>; rawHeaders: string[] }

interface Handshake { protocol: string | null; cipher: string; alpn: string | false }

describe('ClientPolicy connection settings through pier serve and real Envoy', { timeout: 300_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let server: TestCertificate;
  const ports = {} as Record<ListenerKey, number>;
  // Answers once the whole request body is in (so request timeouts show), with Content-Length (the raw clients read the body as it is).
  const echo = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = JSON.stringify({ path: req.url, headers: req.headers, rawHeaders: req.rawHeaders });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });

  const get = (key: ListenerKey, p: string, headers: Record<string, string> = {}): Promise<HttpResult> =>
    httpRequest(`http://${ADDRESS}:${ports[key]}${p}`, { headers, timeoutMs: 15_000 });
  const echoed = (reply: string): Echo => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as Echo;

  /** A TLS handshake with these client options: what was negotiated, or the error. */
  const handshake = (key: ListenerKey, options: tls.ConnectionOptions): Promise<Handshake> => new Promise((resolve, reject) => {
    const socket = tls.connect({ host: ADDRESS, port: ports[key], servername: HOST, ca: server.cert, checkServerIdentity: (_h, cert) => tls.checkServerIdentity(HOST, cert), ...options });
    const timer = setTimeout(() => socket.destroy(new Error('handshake timed out')), 15_000);
    socket.on('secureConnect', () => {
      clearTimeout(timer);
      resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name, alpn: socket.alpnProtocol ?? false });
      socket.end();
    });
    socket.on('error', (err) => { clearTimeout(timer); reject(err); });
  });

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-client-conn-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-client-conn-envoy-'));
    const certDir = path.join(dir, 'certs');
    const resources = path.join(dir, 'resources');
    mkdirSync(certDir);
    mkdirSync(resources);
    server = selfSignedCertificate(certDir, HOST);
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    const free = await freeTcpPorts(ADDRESS, LISTENERS.length);
    LISTENERS.forEach((key, i) => { ports[key] = free[i]!; });
    const listeners = LISTENERS.map((key) => HTTPS.has(key)
      ? { name: sectionName(key), protocol: 'HTTPS', port: ports[key], tls: { mode: 'Terminate', certificateRefs: [{ name: 'conn-test' }] } }
      : { name: sectionName(key), protocol: 'HTTP', port: ports[key] });
    writeFileSync(path.join(resources, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('conn', ADDRESS, listeners),
      tlsSecret('conn-test', server.cert, server.key),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'app', 'conn', { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'echo', port: 80 }] }] }),
    ]));
    writeFileSync(path.join(resources, 'policies.yaml'), manifest(Object.entries(POLICIES).map(([key, spec]) => ({
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy',
      metadata: { name: sectionName(key as ListenerKey), namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
      spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'conn', sectionName: sectionName(key as ListenerKey) }], ...spec },
    }))));
    pier = await PierProcess.start({ config: { resources, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/conn`, nodeId: 'client-connection', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    // Ready once listeners with and without a policy serve; the checks need none of the settings, so each test fails alone without its setting.
    await waitFor('the Gateway to serve', async () => {
      const served = await Promise.all([
        get('plain', '/').then((r) => r.status === 200).catch(() => false),
        get('request', '/').then((r) => r.status === 200).catch(() => false),
        handshake('httpsDefault', {}).then(() => true).catch(() => false),
      ]);
      return served.every(Boolean) || undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 300 });
  });

  after(async () => {
    const code = await stopEnvoyPierBackend(envoy, pier, echo, [dir, envoyDir]);
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('TLS minVersion 1.3: a client that speaks only TLS 1.2 is refused, TLS 1.3 is served', async () => {
    await assert.rejects(handshake('tls13', { maxVersion: 'TLSv1.2' }), /alert|protocol version|ECONNRESET|socket disconnected/i);
    assert.equal((await handshake('tls13', {})).protocol, 'TLSv1.3');
    // The listener without a policy takes TLS 1.2.
    assert.equal((await handshake('httpsDefault', { maxVersion: 'TLSv1.2' })).protocol, 'TLSv1.2');
  });

  test('TLS maxVersion 1.2, a cipher suite and ALPN http/1.1: what the handshake negotiates', async () => {
    const h = await handshake('tls12', { ALPNProtocols: ['h2', 'http/1.1'] });
    assert.deepEqual(h, { protocol: 'TLSv1.2', cipher: 'ECDHE-ECDSA-AES256-GCM-SHA384', alpn: 'http/1.1' });
    await assert.rejects(handshake('tls12', { minVersion: 'TLSv1.3' }), /alert|protocol version|ECONNRESET|socket disconnected/i);
    // A TLS 1.2 client offering only other suites finds no common cipher.
    await assert.rejects(handshake('tls12', { ciphers: 'ECDHE-ECDSA-AES128-GCM-SHA256' }), /alert|handshake|ECONNRESET|socket disconnected/i);
    // Pier's defaults, same client: TLS 1.3, h2.
    const d = await handshake('httpsDefault', { ALPNProtocols: ['h2', 'http/1.1'] });
    assert.deepEqual([d.protocol, d.alpn], ['TLSv1.3', 'h2']);
    const d12 = await handshake('httpsDefault', { maxVersion: 'TLSv1.2' });
    assert.notEqual(d12.cipher, 'ECDHE-ECDSA-AES256-GCM-SHA384', 'the default prefers another suite');
  });

  test('PROXY protocol: v1 and v2 headers give the client address; a connection without one is closed', async () => {
    const request = 'GET /who HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const v1 = await rawExchange(ADDRESS, ports.proxy, proxyV1(CLIENT, 40_001, ADDRESS, ports.proxy) + request);
    assert.match(v1.text, /^HTTP\/1\.1 200/, v1.text);
    assert.equal(echoed(v1.text).headers['x-forwarded-for'], CLIENT);
    const v2 = await rawExchange(ADDRESS, ports.proxy, Buffer.concat([proxyV2('198.51.100.10', 40_002, ADDRESS, ports.proxy), Buffer.from(request)]));
    assert.match(v2.text, /^HTTP\/1\.1 200/, v2.text);
    assert.equal(echoed(v2.text).headers['x-forwarded-for'], '198.51.100.10');
    const without = await rawExchange(ADDRESS, ports.proxy, request);
    assert.equal(without.text, '', 'no response without a PROXY header');
    // Optional: both kinds of connection are served.
    const optional = await rawExchange(ADDRESS, ports.proxyOptional, proxyV1(CLIENT, 40_003, ADDRESS, ports.proxyOptional) + request);
    assert.equal(echoed(optional.text).headers['x-forwarded-for'], CLIENT);
    const plainOnOptional = await rawExchange(ADDRESS, ports.proxyOptional, request);
    assert.match(plainOnOptional.text, /^HTTP\/1\.1 200/);
    assert.notEqual(echoed(plainOnOptional.text).headers['x-forwarded-for'], CLIENT);
    // Without the policy a PROXY header is no HTTP: refused.
    const onPlain = await rawExchange(ADDRESS, ports.plain, proxyV1(CLIENT, 40_004, ADDRESS, ports.plain) + request);
    assert.doesNotMatch(onPlain.text, /^HTTP\/1\.1 200/);
  });

  test('PROXY protocol on an HTTPS listener: the header comes before the TLS handshake', async () => {
    const socket = net.connect({ host: ADDRESS, port: ports.proxyTls });
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
    socket.write(proxyV2(CLIENT, 40_005, ADDRESS, ports.proxyTls));
    const reply = await new Promise<string>((resolve, reject) => {
      const secure = tls.connect({ socket, servername: HOST, ca: server.cert, checkServerIdentity: (_h, cert) => tls.checkServerIdentity(HOST, cert) });
      const timer = setTimeout(() => secure.destroy(new Error('no HTTPS response')), 15_000);
      let text = '';
      secure.setEncoding('latin1');
      secure.on('secureConnect', () => secure.write('GET /tls HTTP/1.1\r\nHost: conn.test\r\nConnection: close\r\n\r\n'));
      secure.on('data', (c: string) => { text += c; });
      secure.on('close', () => { clearTimeout(timer); resolve(text); });
      secure.on('error', (err) => { clearTimeout(timer); reject(err); });
    });
    assert.match(reply, /^HTTP\/1\.1 200/, reply);
    assert.equal(echoed(reply).headers['x-forwarded-for'], CLIENT);
    // A TLS client without the header is not served.
    await assert.rejects(handshake('proxyTls', {}));
  });

  test('connection limit 1: a second connection is closed unanswered while the first is open', async () => {
    const request = 'GET /first HTTP/1.1\r\nHost: x\r\n\r\n';
    const first = await HeldConnection.open(ADDRESS, ports.limit, request);
    try {
      assert.match(first.received, /^HTTP\/1\.1 200/);
      const second = await rawExchange(ADDRESS, ports.limit, 'GET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      assert.equal(second.text, '', 'over the limit: closed without a response');
      // The same on a listener without a limit.
      const other = await HeldConnection.open(ADDRESS, ports.plain, request);
      const secondOnPlain = await rawExchange(ADDRESS, ports.plain, 'GET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      other.close();
      assert.match(secondOnPlain.text, /^HTTP\/1\.1 200/);
    } finally {
      first.close();
    }
    // Once the first is gone, a new connection is served (Envoy counts the close first).
    await waitFor('a connection under the limit', async () => (await get('limit', '/again').catch(() => undefined))?.status === 200 || undefined, { timeoutMs: 15_000, intervalMs: 200 });
  });

  test('request headers over maxRequestHeadersKb (2 KiB) are refused with 431', async () => {
    const big = { 'x-big': 'a'.repeat(3 * 1024) };
    assert.equal((await get('headers', '/h', big)).status, 431);
    assert.equal((await get('headers', '/h', { 'x-small': 'a'.repeat(512) })).status, 200);
    assert.equal((await get('plain', '/h', big)).status, 200, 'the default allows 60 KiB');
  });

  test('path options: slashes not merged, escaped slashes unescaped and forwarded', async () => {
    const raw = async (key: ListenerKey, p: string): Promise<string> =>
      (await rawExchange(ADDRESS, ports[key], `GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).text;
    assert.equal(echoed(await raw('path', '/a//b')).path, '/a//b');
    assert.equal(echoed(await raw('path', '/a%2Fb')).path, '/a/b');
    // Pier's defaults: slashes merged, escaped slashes redirected to the unescaped path.
    assert.equal(echoed(await raw('plain', '/a//b')).path, '/a/b');
    const redirected = await raw('plain', '/a%2Fb');
    assert.match(redirected, /^HTTP\/1\.1 307/);
    assert.match(redirected, /\r\nlocation: \/a\/b\r\n/i);
  });

  test('HTTP/1.0 is served (with the default Host) only where acceptHTTP10 says so', async () => {
    const request = 'GET /old HTTP/1.0\r\n\r\n';
    const accepted = await rawExchange(ADDRESS, ports.http1, request);
    assert.match(accepted.text, /^HTTP\/1\.[01] 200/, accepted.text);
    assert.equal(echoed(accepted.text).headers.host, 'old.example');
    const refused = await rawExchange(ADDRESS, ports.plain, 'GET /old HTTP/1.0\r\nHost: x\r\n\r\n');
    assert.match(refused.text, /^HTTP\/1\.1 426/, refused.text);
  });

  test('preserveHeaderCase: the backend gets request header names in the case the client wrote', async () => {
    const request = 'GET /case HTTP/1.1\r\nHost: x\r\nX-Mixed-Case: 1\r\nConnection: close\r\n\r\n';
    const names = async (key: ListenerKey): Promise<string[]> => echoed((await rawExchange(ADDRESS, ports[key], request)).text).rawHeaders.filter((_, i) => i % 2 === 0);
    assert.ok((await names('headerCase')).includes('X-Mixed-Case'), JSON.stringify(await names('headerCase')));
    assert.ok((await names('plain')).includes('x-mixed-case'), 'lowercased by default');
  });

  test('HTTP/2 settings: max concurrent streams and the stream and connection windows the client is given', async () => {
    const settingsOf = (key: ListenerKey): Promise<{ maxConcurrentStreams?: number; initialWindowSize?: number; connectionWindow: number }> => new Promise((resolve, reject) => {
      const session = http2.connect(`http://${ADDRESS}:${ports[key]}`);
      const timer = setTimeout(() => { session.destroy(); reject(new Error('no HTTP/2 response')); }, 15_000);
      session.on('error', (err) => { clearTimeout(timer); reject(err); });
      // The connection window comes in a WINDOW_UPDATE after the SETTINGS: read both once a request is answered.
      const req = session.request({ ':path': '/h2' });
      req.on('response', () => {
        req.resume();
        req.on('end', () => {
          clearTimeout(timer);
          const settings = session.remoteSettings;
          resolve({ maxConcurrentStreams: settings.maxConcurrentStreams, initialWindowSize: settings.initialWindowSize, connectionWindow: session.state.remoteWindowSize ?? 0 });
          session.close();
        });
      });
      req.on('error', (err) => { clearTimeout(timer); reject(err); });
      req.end();
    });
    assert.deepEqual(await settingsOf('http2'), { maxConcurrentStreams: 7, initialWindowSize: 131_072, connectionWindow: 2_097_152 });
    assert.deepEqual(await settingsOf('plain'), { maxConcurrentStreams: 100, initialWindowSize: 65_536, connectionWindow: 1_048_576 });
  });

  test('idle timeout: a kept-alive connection with nothing in flight is closed; stream idle: a stalled request gets 408', async () => {
    const request = 'GET /idle HTTP/1.1\r\nHost: x\r\n\r\n';
    const held = await HeldConnection.open(ADDRESS, ports.idle, request);
    assert.equal(await held.closedWithin(20_000), true, 'closed by the idle timeout (1s)');
    const onPlain = await HeldConnection.open(ADDRESS, ports.plain, request);
    try {
      assert.equal(await onPlain.closedWithin(3_000), false, 'the default idle timeout is an hour');
    } finally {
      onPlain.close();
    }
    // Headers announcing a body that never comes: the stream idles.
    const stalled = await rawExchange(ADDRESS, ports.idle, 'POST /stalled HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n', 20_000);
    assert.match(stalled.text, /^HTTP\/1\.1 408/, stalled.text);
  });

  test('request timeout: a body that trickles in for longer than 2s gets 408; without the policy it is served', async () => {
    const trickle = async (key: ListenerKey): Promise<string> => {
      const body = 'x'.repeat(24);
      const held = await HeldConnection.open(ADDRESS, ports[key], 'GET /warm HTTP/1.1\r\nHost: x\r\n\r\n');
      try {
        held.write(`POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`);
        const before = held.received.length;
        // One byte every 250 ms: the stream never idles, the whole request takes about 6s.
        for (const c of body) {
          if (held.received.length > before) break;
          held.write(c);
          await new Promise((r) => setTimeout(r, 250));
        }
        await held.waitForText(/HTTP\/1\.1 \d{3}[^]*HTTP\/1\.1 \d{3}/, 20_000);
        return held.received.slice(held.received.lastIndexOf('HTTP/1.1 '));
      } finally {
        held.close();
      }
    };
    assert.match(await trickle('request'), /^HTTP\/1\.1 408/);
    assert.match(await trickle('plain'), /^HTTP\/1\.1 200/);
  });

  test('the admin API shows the connection settings per listener, with their policy', async () => {
    const view = await pier.admin<{ gateways: { gateway: string; listeners: { name: string; client?: { policy: string; settings: { connection?: unknown } } }[] }[] }>('/policies');
    const listeners = view.gateways.find((g) => g.gateway === `${NAMESPACE}/conn`)?.listeners ?? [];
    const tls12 = listeners.find((l) => l.name.endsWith('/tls12'))?.client;
    assert.deepEqual([tls12?.policy, tls12?.settings.connection], ['ClientPolicy default/tls12', { tls: { maxVersion: 'TLSv1_2', ciphers: ['ECDHE-ECDSA-AES256-GCM-SHA384'], alpnProtocols: ['http/1.1'] } }], JSON.stringify(listeners));
    assert.deepEqual(listeners.find((l) => l.name.endsWith('/idle'))?.client?.settings.connection, { timeouts: { idleMs: 1000, streamIdleMs: 1000 } });
  });
});
