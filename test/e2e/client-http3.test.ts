/**
 * ClientPolicy http3 through the real `pier serve` CLI and a real Envoy, with a real HTTP/3
 * client (aioquic, pinned, test/tools/python/h3get.py):
 * - listener "secure" (HTTPS, the policy): over TCP its responses carry alt-svc naming the port;
 *   over QUIC on that same port an HTTP/3 GET (ALPN h3) reaches the backend;
 * - listener "other" (HTTPS, no policy): no alt-svc, and nothing answers QUIC on its port;
 * - the policy is Accepted;
 * - listener "tuned" (HTTPS, a policy with http3 and connection settings: TLS versions, ciphers,
 *   ALPN http/1.1 only, optional PROXY protocol, a connection limit, header/path/timeouts, HTTP/1
 *   and HTTP/2 options): over TCP ALPN settles on http/1.1 though the client offers h2 first; over
 *   QUIC an HTTP/3 GET still settles on h3 and reaches the backend (Envoy takes the QUIC chain);
 * - taking the policy away removes the QUIC listener and alt-svc, putting it back brings them
 *   back (Envoy's listeners updated over xDS, no restart).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { http3Get, requirePythonTools } from '../helpers/python-tools';
import { selfSignedCertificate, type TestCertificate } from './features/certs';
import { backend, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.177';
const READY_TIMEOUT_MS = 45_000;
const SECURE_HOST = 'h3.example';
const OTHER_HOST = 'other.example';
const TUNED_HOST = 'tuned.example';

interface TlsResult { status: number; headers: http.IncomingHttpHeaders; body: string }

/** An HTTPS GET over TCP (HTTP/1.1), the certificate checked for the host. */
function httpsGet(port: number, host: string, ca: string, p: string): Promise<TlsResult> {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: GATEWAY_ADDRESS, port, path: p, servername: host, headers: { host }, ca, agent: false, timeout: 15_000,
      checkServerIdentity: (_host, cert) => tls.checkServerIdentity(host, cert),
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET https://${host}:${port}${p} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

describe('ClientPolicy http3 through pier serve, real Envoy and a real HTTP/3 client', { timeout: 240_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let secure: TestCertificate;
  let other: TestCertificate;
  let tuned: TestCertificate;
  const ports = { secure: 0, other: 0, tuned: 0 };
  // Answers with what it saw of the request.
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, proto: req.headers['x-forwarded-proto'], host: req.headers.host }));
  });
  const caFile = (c: TestCertificate): string => path.join(dir, `${c.hostname}.crt`);
  const policyFile = (): string => path.join(dir, 'policy.yaml');
  const writePolicy = (): void => writeFileSync(policyFile(), manifest([{
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy',
    metadata: { name: 'quic', namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'h3', sectionName: 'secure' }], http3: {} },
  }]));
  const servesHttp3 = (): Promise<boolean> =>
    http3Get(GATEWAY_ADDRESS, ports.secure, '/', { serverName: SECURE_HOST, caFile: caFile(secure), timeoutSeconds: 3 }).then((r) => r.status === 200).catch(() => false);

  before(async () => {
    requireEnvoy();
    requirePythonTools();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-http3-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-http3-envoy-'));
    secure = selfSignedCertificate(dir, SECURE_HOST);
    other = selfSignedCertificate(dir, OTHER_HOST);
    tuned = selfSignedCertificate(dir, TUNED_HOST);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const backendPort = (server.address() as AddressInfo).port;
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort(GATEWAY_ADDRESS);
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('h3', GATEWAY_ADDRESS, [
        { name: 'secure', protocol: 'HTTPS', port: ports.secure, hostname: SECURE_HOST, tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'secure-cert' }] } },
        { name: 'other', protocol: 'HTTPS', port: ports.other, hostname: OTHER_HOST, tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'other-cert' }] } },
        { name: 'tuned', protocol: 'HTTPS', port: ports.tuned, hostname: TUNED_HOST, tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'tuned-cert' }] } },
      ]),
      tlsSecret('secure-cert', secure.cert, secure.key),
      tlsSecret('other-cert', other.cert, other.key),
      tlsSecret('tuned-cert', tuned.cert, tuned.key),
      {
        apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy',
        metadata: { name: 'quic-tuned', namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
        spec: {
          targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'h3', sectionName: 'tuned' }],
          http3: {},
          tls: { minVersion: '1.2', maxVersion: '1.3', ciphers: ['ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256'], alpnProtocols: ['http/1.1'] },
          proxyProtocol: { optional: true },
          connection: { maxConnections: 50 },
          headers: { maxRequestHeadersKb: 16 },
          path: { mergeSlashes: false },
          http1: { acceptHTTP10: true, preserveHeaderCase: true },
          http2: { maxConcurrentStreams: 10 },
          timeouts: { idle: '5m', request: '30s', streamIdle: '1m' },
        },
      },
      ...backend('app', backendPort),
      route('HTTPRoute', 'app', 'h3', { rules: [{ backendRefs: [{ name: 'app', port: 80 }] }] }),
    ]));
    writePolicy();
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/h3`, nodeId: 'client-http3', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('both HTTPS listeners to serve, the secure one over HTTP/3 as well', async () => {
      const ready = await Promise.all([
        httpsGet(ports.secure, SECURE_HOST, secure.cert, '/').then((r) => r.status === 200 && r.headers['alt-svc'] !== undefined).catch(() => false),
        httpsGet(ports.other, OTHER_HOST, other.cert, '/').then((r) => r.status === 200).catch(() => false),
        servesHttp3(),
        http3Get(GATEWAY_ADDRESS, ports.tuned, '/', { serverName: TUNED_HOST, caFile: caFile(tuned), timeoutSeconds: 3 }).then((r) => r.status === 200).catch(() => false),
      ]);
      return ready.every(Boolean) || undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 500 });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const d of [dir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('over TCP the listener advertises HTTP/3 on its own port (alt-svc)', async () => {
    const r = await httpsGet(ports.secure, SECURE_HOST, secure.cert, '/over-tcp');
    assert.equal(r.status, 200, r.body);
    assert.equal(r.headers['alt-svc'], `h3=":${ports.secure}"; ma=86400`);
  });

  test('an HTTP/3 GET over QUIC on the same port reaches the backend', async () => {
    const r = await http3Get(GATEWAY_ADDRESS, ports.secure, '/over-h3?x=1', { serverName: SECURE_HOST, caFile: caFile(secure) });
    assert.equal(r.alpn, 'h3', 'the QUIC handshake settled on HTTP/3');
    assert.equal(r.status, 200, r.body);
    assert.deepEqual(JSON.parse(r.body), { path: '/over-h3?x=1', proto: 'https', host: `${SECURE_HOST}:${ports.secure}` });
  });

  test('a listener without the policy: no alt-svc over TCP, nothing answers HTTP/3 on its port', async () => {
    const r = await httpsGet(ports.other, OTHER_HOST, other.cert, '/');
    assert.equal(r.status, 200, r.body);
    assert.equal(r.headers['alt-svc'], undefined);
    await assert.rejects(http3Get(GATEWAY_ADDRESS, ports.other, '/', { serverName: OTHER_HOST, caFile: caFile(other), timeoutSeconds: 3 }));
  });

  test('the policies are Accepted', async () => {
    const all = await pier.admin<{ kind: string; name: string; status: { ancestors: { conditions: { type: string; status: string; reason: string }[] }[] } }[]>('/statuses');
    for (const name of ['quic', 'quic-tuned']) {
      const c = all.find((e) => e.kind === 'ClientPolicy' && e.name === name)?.status.ancestors[0]?.conditions.find((x) => x.type === 'Accepted');
      assert.deepEqual([c?.status, c?.reason], ['True', 'Accepted'], name);
    }
  });

  test('with connection settings in the same policy: TCP offers the policy\'s ALPN (http/1.1), QUIC still settles on h3 and serves', async () => {
    const alpn = await new Promise<string | false | null>((resolve, reject) => {
      const socket = tls.connect({ host: GATEWAY_ADDRESS, port: ports.tuned, servername: TUNED_HOST, ca: tuned.cert, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
        resolve(socket.alpnProtocol);
        socket.end();
      });
      socket.setTimeout(15_000, () => socket.destroy(new Error('TLS handshake timed out')));
      socket.on('error', reject);
    });
    assert.equal(alpn, 'http/1.1', 'the TCP listener offers only what the policy lists');
    const overTcp = await httpsGet(ports.tuned, TUNED_HOST, tuned.cert, '/tcp');
    assert.equal(overTcp.status, 200, overTcp.body);
    assert.equal(overTcp.headers['alt-svc'], `h3=":${ports.tuned}"; ma=86400`);
    const r = await http3Get(GATEWAY_ADDRESS, ports.tuned, '/over-h3', { serverName: TUNED_HOST, caFile: caFile(tuned) });
    assert.equal(r.alpn, 'h3', 'the QUIC handshake settled on HTTP/3');
    assert.equal(r.status, 200, r.body);
    assert.deepEqual(JSON.parse(r.body), { path: '/over-h3', proto: 'https', host: `${TUNED_HOST}:${ports.tuned}` });
  });

  test('without the policy the QUIC listener and alt-svc go; with it back they return', async () => {
    unlinkSync(policyFile());
    await waitFor('HTTP/3 to leave the listener', async () => {
      const r = await httpsGet(ports.secure, SECURE_HOST, secure.cert, '/');
      return r.status === 200 && r.headers['alt-svc'] === undefined && !(await servesHttp3()) ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 500 });
    writePolicy();
    await waitFor('HTTP/3 to come back', async () => {
      const r = await httpsGet(ports.secure, SECURE_HOST, secure.cert, '/');
      return r.headers['alt-svc'] === `h3=":${ports.secure}"; ma=86400` && (await servesHttp3()) ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 500 });
  });
});
