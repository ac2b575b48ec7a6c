/**
 * Traffic through a real Envoy for the Gateway API v1.6 protocol features: TLS listeners that
 * terminate (plain TCP to the backend) and pass through, sharing one port by SNI; gRPC over
 * cleartext HTTP/2 to an h2c backend, with failures seen by gRPC clients as UNAVAILABLE and
 * unmatched calls as UNIMPLEMENTED; WebSocket upgrades; mirroring a share of requests; an
 * ExternalName backend reached on the IR port. Static bootstrap; everything binds to 127.0.0.1.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import type { HTTPRoute, XdsIR } from '../../../src/ir/types';
import { loadCaseIR, startStaticEnvoy, type StaticEnvoy, translateTestIR, type TestSetting } from './support';
import { freePort, listenOn } from '../../helpers/net';

const HOST = '127.0.0.1';
/** gRPC status codes the tests look for. */
const GRPC_OK = '0';
const GRPC_UNIMPLEMENTED = '12';
const GRPC_UNAVAILABLE = '14';

function setting(name: string, port: number, extra: Partial<TestSetting> = {}): TestSetting {
  return { clusterName: `default/${name}/${port}`, weight: 1, protocol: 'http', endpoints: [{ host: HOST, port }], ...extra };
}

function route(name: string, extra: Partial<HTTPRoute>): HTTPRoute {
  return { name, pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], origin: name, ...extra };
}

interface GrpcReply {
  status: number;
  grpcStatus: string | undefined;
  backend: string | undefined;
}

/** One unary-shaped gRPC call (an empty message) over cleartext HTTP/2 with prior knowledge. */
function grpcCall(port: number, authority: string, method: string): Promise<GrpcReply> {
  return new Promise((resolve, reject) => {
    const client = http2.connect(`http://${HOST}:${port}`);
    client.on('error', reject);
    const timer = setTimeout(() => { client.destroy(); reject(new Error(`gRPC call ${method} timed out`)); }, 5_000);
    const req = client.request({
      ':method': 'POST', ':path': method, ':authority': authority, 'content-type': 'application/grpc', te: 'trailers',
    });
    let status = 0;
    let grpcStatus: string | undefined;
    let backend: string | undefined;
    req.on('response', (headers) => {
      status = Number(headers[':status']);
      // A trailers-only answer carries grpc-status in the headers.
      if (headers['grpc-status'] !== undefined) grpcStatus = String(headers['grpc-status']);
      if (headers['x-backend'] !== undefined) backend = String(headers['x-backend']);
    });
    req.on('trailers', (trailers) => { if (trailers['grpc-status'] !== undefined) grpcStatus = String(trailers['grpc-status']); });
    req.on('data', () => undefined);
    req.on('end', () => { clearTimeout(timer); client.close(); resolve({ status, grpcStatus, backend }); });
    req.on('error', (err) => { clearTimeout(timer); client.destroy(); reject(err); });
    // gRPC frame: no compression, zero-length message.
    req.end(Buffer.from([0, 0, 0, 0, 0]));
  });
}

function httpGet(port: number, host: string, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port, path: urlPath, agent: false, timeout: 5_000, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${urlPath} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** Connects with TLS (any certificate) and returns everything the server sends after "hello". */
function tlsExchange(port: number, servername: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: HOST, port, servername, rejectUnauthorized: false }, () => socket.write('hello'));
    socket.setTimeout(5_000, () => socket.destroy(new Error(`TLS exchange with ${servername} timed out`)));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
      if (text.endsWith('\n')) socket.end();
    });
    socket.on('end', () => resolve(text));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('protocol features through Envoy running the translated resources', () => {
  const servers: net.Server[] = [];
  const mirrored: string[] = [];
  let proxy: StaticEnvoy | undefined;
  let dir = '';
  let httpPort = 0;
  let tlsPort = 0;
  const certificate = loadCaseIR('https-listener').http.find((l) => l.tls)?.tls?.certificates[0];

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-xds-protocols-'));
    const start = async (server: net.Server): Promise<number> => { servers.push(server); return listenOn(server, HOST); };
    if (!certificate) throw new Error('the https-listener golden case has no certificate');

    const mainPort = await start(http.createServer((req, res) => { res.writeHead(200, { 'x-backend': 'main' }); res.end(`main ${req.url ?? ''}`); }));
    const mirrorPort = await start(http.createServer((req, res) => { mirrored.push(req.url ?? ''); res.end('mirror'); }));
    const wsServer = http.createServer((_req, res) => { res.writeHead(426); res.end(); });
    wsServer.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Upgraded-Path: ${req.url ?? ''}\r\n\r\n`);
      socket.on('data', (d: Buffer) => socket.write(Buffer.concat([Buffer.from('ws-echo:'), d])));
    });
    const wsPort = await start(wsServer);
    const grpcPort = await start(http2.createServer().on('stream', (stream, headers) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc', 'x-backend': `grpc ${String(headers[':path'])}` }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': GRPC_OK }));
      stream.end(Buffer.from([0, 0, 0, 0, 0]));
    }));
    const plainTcpPort = await start(net.createServer((socket) => {
      socket.once('data', (d) => socket.end(`plain backend got ${d.toString()}\n`));
    }));
    const tlsBackendPort = await start(tls.createServer({ cert: certificate.certificateChain, key: certificate.privateKey }, (socket) => {
      socket.once('data', (d) => socket.end(`tls backend (sni ${String(socket.servername)}) got ${d.toString()}\n`));
    }));
    [httpPort, tlsPort] = [await freePort(HOST), await freePort(HOST)];

    const main = setting('main', mainPort);
    const ir: XdsIR = {
      gateway: 'default/protocols',
      http: [{
        name: 'default/protocols/http', address: HOST, port: httpPort, hostnames: ['*'],
        virtualHosts: [{
          name: 'grpc.example.com', domains: ['grpc.example.com'],
          routes: [
            route('grpc-retired', { pathMatch: { pathPrefix: '/echo.Retired' }, directResponse: { status: 503 } }),
            route('grpc-half-missing', {
              pathMatch: { pathPrefix: '/echo.HalfMissing' }, invalidBackendStatus: 503,
              destination: { settings: [setting('grpc', grpcPort, { protocol: 'h2c' }), { ...setting('grpc-missing', 1, { protocol: 'h2c' }), invalid: true }] },
            }),
            route('grpc-echo', { pathMatch: { pathPrefix: '/echo.Echo' }, destination: { settings: [setting('grpc', grpcPort, { protocol: 'h2c' })] } }),
          ],
        }, {
          name: 'web.example.com', domains: ['web.example.com'],
          routes: [
            route('ws', { pathMatch: { pathPrefix: '/ws' }, websocket: true, destination: { settings: [setting('ws', wsPort)] } }),
            route('mirror-half', {
              pathMatch: { pathPrefix: '/mirror-half' },
              mirrors: [{ settings: [setting('mirror', mirrorPort)], fraction: { numerator: 1, denominator: 2 } }],
              destination: { settings: [main] },
            }),
            // The cluster name's port (1) is not the port to use: the IR port is.
            route('external', {
              pathMatch: { pathPrefix: '/external' },
              destination: { settings: [{ clusterName: 'default/external/1', weight: 1, protocol: 'http', dnsName: 'localhost', port: mainPort }] },
            }),
          ],
        }],
      }],
      tcp: [{
        name: 'default/protocols/terminate', address: HOST, port: tlsPort,
        tls: { mode: 'terminate', certificates: [certificate] },
        routes: [{ name: 'terminate', sniHostnames: ['term.example.com'], destination: { settings: [setting('plain', plainTcpPort, { protocol: 'tcp' })] } }],
      }, {
        name: 'default/protocols/passthrough', address: HOST, port: tlsPort,
        tls: { mode: 'passthrough', certificates: [] },
        routes: [{ name: 'passthrough', sniHostnames: ['*.pass.example.com'], destination: { settings: [setting('tls-backend', tlsBackendPort, { protocol: 'tls' })] } }],
      }],
      udp: [],
    };
    proxy = await startStaticEnvoy(translateTestIR(ir), { dir, ready: () => httpGet(httpPort, 'web.example.com', '/') });
  });

  after(async () => {
    await proxy?.stop();
    for (const server of servers) server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('terminates TLS and forwards plain TCP, and passes other SNI through, on one port', async () => {
    assert.equal(await tlsExchange(tlsPort, 'term.example.com'), 'plain backend got hello\n');
    assert.equal(await tlsExchange(tlsPort, 'a.pass.example.com'), 'tls backend (sni a.pass.example.com) got hello\n');
    await assert.rejects(tlsExchange(tlsPort, 'unknown.example.org').then((text) => {
      if (text === '') throw new Error('connection closed without an answer');
      return text;
    }), 'a connection with an SNI no route names is refused');
  });

  test('forwards gRPC to an h2c backend', async () => {
    const reply = await grpcCall(httpPort, 'grpc.example.com', '/echo.Echo/Say');
    assert.equal(reply.status, 200);
    assert.equal(reply.grpcStatus, GRPC_OK);
    assert.equal(reply.backend, 'grpc /echo.Echo/Say');
  });

  test('answers gRPC calls that cannot be served as UNAVAILABLE, and unmatched ones as UNIMPLEMENTED', async () => {
    assert.equal((await grpcCall(httpPort, 'grpc.example.com', '/echo.Retired/Say')).grpcStatus, GRPC_UNAVAILABLE);
    assert.equal((await grpcCall(httpPort, 'grpc.example.com', '/other.Service/Say')).grpcStatus, GRPC_UNIMPLEMENTED);
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i++) seen.add((await grpcCall(httpPort, 'grpc.example.com', '/echo.HalfMissing/Say')).grpcStatus ?? 'none');
    assert.deepEqual([...seen].sort(), [GRPC_OK, GRPC_UNAVAILABLE], 'the invalid share is UNAVAILABLE, the rest served');
  });

  test('upgrades to WebSocket', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(httpPort, HOST, () => {
        socket.write('GET /ws/chat HTTP/1.1\r\nHost: web.example.com\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
          + 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
      });
      socket.setTimeout(5_000, () => socket.destroy(new Error('websocket upgrade timed out')));
      let text = '';
      socket.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('\r\n\r\n') && !text.includes('ws-echo:')) socket.write('ping');
        if (text.includes('ws-echo:ping')) { socket.end(); resolve(text); }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
    });
    assert.match(reply, /^HTTP\/1\.1 101 /);
    assert.match(reply, /x-upgraded-path: \/ws\/chat/i);
    assert.match(reply, /ws-echo:ping/);
  });

  test('mirrors about the configured share of requests', async () => {
    const total = 60;
    for (let i = 0; i < total; i++) assert.equal((await httpGet(httpPort, 'web.example.com', `/mirror-half/${i}`)).status, 200);
    // Mirrors are sent asynchronously: wait (bounded) until the count settles.
    let last = -1;
    for (let i = 0; i < 40 && mirrored.length !== last; i++) {
      last = mirrored.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Half of 60 on average; outside [10, 50] has a probability far below one in a million.
    assert.ok(mirrored.length >= 10 && mirrored.length <= 50, `mirrored ${mirrored.length} of ${total}`);
  });

  test('reaches an ExternalName backend on the IR port', async () => {
    const reply = await httpGet(httpPort, 'web.example.com', '/external/x');
    assert.equal(reply.status, 200);
    assert.equal(reply.body, 'main /external/x');
  });
});
