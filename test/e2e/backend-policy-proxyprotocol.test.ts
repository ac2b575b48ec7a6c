/**
 * BackendPolicy upstream PROXY protocol through the real `pier serve` CLI and a real Envoy: a
 * backend that reads a PROXY protocol header (version 1 text or version 2 binary) first on each
 * connection, then serves HTTP on the rest, answering with the client address the header gave.
 * The test's client connects from 127.0.30.9: the backend sees that address and the client's
 * port, with the version the rule's policy asks for; without a header the backend answers 400.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { requireEnvoy } from '../helpers/tools';
import { freePort, waitFor } from '../helpers/net';
import { closing, startPierAndEnvoy, stopPierAndEnvoy, tempDirs, type PierAndEnvoy } from './features/pier-envoy';
import { backend, gateway, gatewayClass, manifest, route, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.129';
const CLIENT_ADDRESS = '127.0.30.9';
const READY_TIMEOUT_MS = 30_000;
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);

interface ProxyHeader { version: 1 | 2; source: string }

/** The PROXY header at the start of data, and the bytes after it; undefined while incomplete; null when there is none. */
function parseProxyHeader(data: Buffer): { header: ProxyHeader; rest: Buffer } | undefined | null {
  if (data.length >= 16 && data.subarray(0, 12).equals(V2_SIGNATURE)) {
    const length = data.readUInt16BE(14);
    if (data.length < 16 + length) return undefined;
    // Version 2, PROXY command, TCP over IPv4: source address, destination address, source port, destination port.
    if (data[12] !== 0x21 || data[13] !== 0x11) return null;
    const source = `${[...data.subarray(16, 20)].join('.')}:${data.readUInt16BE(24)}`;
    return { header: { version: 2, source }, rest: data.subarray(16 + length) };
  }
  if (data.subarray(0, Math.min(6, data.length)).toString('latin1') !== 'PROXY '.slice(0, Math.min(6, data.length))) return null;
  const end = data.indexOf('\r\n');
  if (end < 0) return data.length > 107 ? null : undefined;
  const [, family, src, , sport] = data.subarray(0, end).toString('latin1').split(' ');
  if (family !== 'TCP4') return null;
  return { header: { version: 1, source: `${src}:${sport}` }, rest: data.subarray(end + 2) };
}

describe('BackendPolicy upstream PROXY protocol through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let run: PierAndEnvoy;
  let port: number;
  const headers = new WeakMap<net.Socket, ProxyHeader>();
  const app = http.createServer((req, res) => {
    const header = headers.get(req.socket);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(header ? `v${header.version} ${header.source}` : 'no header');
  });
  /** Reads the PROXY header, then hands the connection to the HTTP server; without one, 400. */
  const proxied = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const parsed = parseProxyHeader(buffered);
      if (parsed === undefined) return;
      socket.off('data', onData);
      socket.pause();
      if (parsed === null) {
        socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 9\r\nconnection: close\r\n\r\nno header');
        return;
      }
      headers.set(socket, parsed.header);
      if (parsed.rest.length > 0) socket.unshift(parsed.rest);
      app.emit('connection', socket);
      socket.resume();
    };
    socket.on('data', onData);
  });

  /** A GET from CLIENT_ADDRESS; the body, and the client's port. */
  const getFrom = (p: string): Promise<{ status: number; body: string; clientPort: number }> => new Promise((resolve, reject) => {
    let clientPort = 0;
    const req = http.request(`http://${GATEWAY_ADDRESS}:${port}${p}`, { agent: false, localAddress: CLIENT_ADDRESS, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, clientPort }));
    });
    req.on('socket', (s: net.Socket) => s.on('connect', () => { clientPort = s.localPort ?? 0; }));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });

  before(async () => {
    requireEnvoy();
    run = tempDirs('backendpolicy-pp');
    port = await freePort(GATEWAY_ADDRESS);
    await new Promise<void>((resolve) => proxied.listen(0, '127.0.0.1', resolve));
    const backendPort = (proxied.address() as net.AddressInfo).port;
    const policy = (name: string, version: string): Record<string, unknown> => ({
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
      metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
      spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'app', sectionName: name }], proxyProtocol: { version } },
    });
    const rule = (name: string): Record<string, unknown> => ({ name, matches: [{ path: { type: 'PathPrefix', value: `/${name}` } }], backendRefs: [{ name: 'proxied', port: 80 }] });
    writeFileSync(path.join(run.dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('pp', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('proxied', backendPort),
      route('HTTPRoute', 'app', 'pp', { rules: [rule('v1'), rule('v2'), rule('plain')] }),
      policy('v1', 'V1'),
      policy('v2', 'V2'),
    ]));
    await startPierAndEnvoy(run, 'pp');
    await waitFor('the rules served', async () => {
      for (const p of ['/v1', '/v2', '/plain']) if ((await getFrom(p).catch(() => undefined))?.status === undefined) return undefined;
      return (await getFrom('/v2').catch(() => undefined))?.body.startsWith('v2 ') ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    app.closeAllConnections();
    assert.equal(await stopPierAndEnvoy(run, [closing(proxied)]), 0, 'pier exits cleanly on SIGTERM');
  });

  for (const version of ['v1', 'v2']) {
    test(`${version}: the backend reads the client's address and port from the header`, async () => {
      const r = await getFrom(`/${version}`);
      assert.equal(r.status, 200, r.body);
      assert.equal(r.body, `${version} ${CLIENT_ADDRESS}:${r.clientPort}`);
    });
  }

  test('a rule without the policy sends no header (the backend refuses the request)', async () => {
    const r = await getFrom('/plain');
    assert.equal(r.status, 400, r.body);
  });
});
