/**
 * ClientPolicy response compression through the real `pier serve` CLI and a real Envoy. The
 * backend answers with a large text body, a small one, and bodies of a media type of its own;
 * every compressed body is decoded here (gzip and brotli with node:zlib, zstd with the Python
 * zstandard package: Node 20's zlib has none) and must equal what the backend sent.
 * - listener "all": Zstd, Brotli, Gzip with the defaults: each algorithm on its own; the
 *   first algorithm wins q-value ties; a higher q-value beats it; nothing without
 *   Accept-Encoding or with only an encoding not offered; the small body is sent as it is;
 * - listener "custom": Gzip only, for application/x-pier of 1,000 bytes and more: text is not
 *   compressed, a short x-pier body neither, a long one is;
 * - listener "plain" (no ClientPolicy): never compressed.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { requirePythonTools, zstdDecode } from '../helpers/python-tools';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.176';
const READY_TIMEOUT_MS = 30_000;

// Repetitive enough that every algorithm shrinks it well.
const TEXT = Array.from({ length: 200 }, (_, i) => `line ${i % 17}: the quick brown fox jumps over the lazy dog\n`).join('');
const SMALL = 'short';
const PIER_LONG = 'x-pier '.repeat(300);
const PIER_SHORT = 'x-pier '.repeat(100);
const BODIES: Record<string, { type: string; body: string }> = {
  '/text': { type: 'text/plain; charset=utf-8', body: TEXT },
  '/small': { type: 'text/plain', body: SMALL },
  '/pier-long': { type: 'application/x-pier', body: PIER_LONG },
  '/pier-short': { type: 'application/x-pier', body: PIER_SHORT },
};

interface RawResult { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

function rawGet(port: number, p: string, headers: Record<string, string>): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: GATEWAY_ADDRESS, port, path: p, headers, agent: false, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${p} on port ${port} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function decoded(r: RawResult): string {
  const encoding = r.headers['content-encoding'];
  switch (encoding) {
    case undefined: return r.body.toString('utf8');
    case 'gzip': return zlib.gunzipSync(r.body).toString('utf8');
    case 'br': return zlib.brotliDecompressSync(r.body).toString('utf8');
    case 'zstd': return zstdDecode(r.body).toString('utf8');
    default: throw new Error(`unexpected content-encoding ${encoding}`);
  }
}

function clientPolicy(name: string, sectionName: string, compression: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'compress', sectionName }], compression },
  };
}

describe('ClientPolicy compression through pier serve and real Envoy', { timeout: 240_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  const ports = { all: 0, custom: 0, plain: 0 };
  const server = http.createServer((req, res) => {
    const found = BODIES[req.url ?? ''];
    if (!found) return void res.writeHead(404).end();
    // With its length: Envoy's minimum length applies to responses that state one.
    res.writeHead(200, { 'content-type': found.type, 'content-length': Buffer.byteLength(found.body) }).end(found.body);
  });

  /** A request that must succeed, with its body decoded and checked against what the backend sent. */
  const fetchAs = async (port: number, p: string, acceptEncoding?: string): Promise<string | undefined> => {
    const r = await rawGet(port, p, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
    assert.equal(r.status, 200, `${p}: ${r.body.toString()}`);
    const encoding = r.headers['content-encoding'];
    assert.equal(decoded(r), BODIES[p]!.body, `${p} with ${acceptEncoding}: the body decodes to what the backend sent`);
    if (encoding !== undefined) assert.ok(r.body.length < Buffer.byteLength(BODIES[p]!.body), `${p}: ${encoding} made it smaller`);
    return encoding;
  };

  before(async () => {
    requireEnvoy();
    requirePythonTools();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-compression-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-compression-envoy-'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const backendPort = (server.address() as AddressInfo).port;
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort(GATEWAY_ADDRESS);
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('compress', GATEWAY_ADDRESS, [
        { name: 'all', protocol: 'HTTP', port: ports.all },
        { name: 'custom', protocol: 'HTTP', port: ports.custom },
        { name: 'plain', protocol: 'HTTP', port: ports.plain },
      ]),
      ...backend('content', backendPort),
      route('HTTPRoute', 'app', 'compress', { rules: [{ backendRefs: [{ name: 'content', port: 80 }] }] }),
      clientPolicy('all', 'all', { algorithms: ['Zstd', 'Brotli', 'Gzip'] }),
      clientPolicy('custom', 'custom', { algorithms: ['Gzip'], minContentLength: 1000, contentTypes: ['application/x-pier'] }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/compress`, nodeId: 'client-compression', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('the Gateway to serve with its policies', async () => {
      const ready = await Promise.all([
        rawGet(ports.all, '/text', { 'accept-encoding': 'gzip' }).then((r) => r.headers['content-encoding'] === 'gzip').catch(() => false),
        rawGet(ports.custom, '/pier-long', { 'accept-encoding': 'gzip' }).then((r) => r.headers['content-encoding'] === 'gzip').catch(() => false),
        rawGet(ports.plain, '/text', {}).then((r) => r.status === 200).catch(() => false),
      ]);
      return ready.every(Boolean) || undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const d of [dir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('each algorithm on its own: the body comes compressed with it and decodes to the original', async () => {
    assert.equal(await fetchAs(ports.all, '/text', 'gzip'), 'gzip');
    assert.equal(await fetchAs(ports.all, '/text', 'br'), 'br');
    assert.equal(await fetchAs(ports.all, '/text', 'zstd'), 'zstd');
  });

  test('no Accept-Encoding, identity, or only an encoding not offered: the body is sent as it is', async () => {
    assert.equal(await fetchAs(ports.all, '/text'), undefined);
    assert.equal(await fetchAs(ports.all, '/text', 'identity'), undefined);
    assert.equal(await fetchAs(ports.all, '/text', 'deflate'), undefined);
  });

  test('preference: on equal q-values the first algorithm of the policy wins; a higher q-value beats it', async () => {
    assert.equal(await fetchAs(ports.all, '/text', 'gzip, br, zstd'), 'zstd');
    assert.equal(await fetchAs(ports.all, '/text', 'br, gzip, zstd'), 'zstd');
    // Between the others, Envoy keeps the client's order.
    assert.equal(await fetchAs(ports.all, '/text', 'gzip, br'), 'gzip');
    assert.equal(await fetchAs(ports.all, '/text', 'br, gzip'), 'br');
    assert.equal(await fetchAs(ports.all, '/text', 'gzip;q=1, br;q=0.8, zstd;q=0.5'), 'gzip');
  });

  test('the default minimum length: a body of a few bytes is not compressed', async () => {
    assert.equal(await fetchAs(ports.all, '/small', 'gzip, br, zstd'), undefined);
  });

  test('custom content types and minimum length: only long application/x-pier bodies are compressed, only with gzip', async () => {
    assert.equal(await fetchAs(ports.custom, '/pier-long', 'gzip'), 'gzip');
    assert.equal(await fetchAs(ports.custom, '/pier-short', 'gzip'), undefined, 'shorter than minContentLength');
    assert.equal(await fetchAs(ports.custom, '/text', 'gzip'), undefined, 'text/plain is not in contentTypes');
    assert.equal(await fetchAs(ports.custom, '/pier-long', 'br, zstd'), undefined, 'brotli and zstd are not offered there');
  });

  test('without a ClientPolicy nothing is compressed', async () => {
    assert.equal(await fetchAs(ports.plain, '/text', 'gzip, br, zstd'), undefined);
  });
});
