/**
 * HTTPRoute ExternalAuth (GEP-1494) through the real `pier serve` CLI and a real Envoy, with
 * two authorization servers written here: a gRPC one (envoy.service.auth.v3.Authorization/Check)
 * and an HTTP one. Each allows or denies by a request header, records what it was asked, and
 * adds headers to its answers; an echo backend shows what reached it. Covers allow, deny (the
 * server's status, body and headers reach the client), allowedHeaders (what the server sees),
 * headers added for the backend (allowedResponseHeaders for HTTP), forwardBody.maxSize, a
 * service in another namespace (with and without a ReferenceGrant), a missing Service, and the
 * failure mode: servers stopped, requests get 503.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import type { CheckRequest__Output } from '../../src/generated/envoy/service/auth/v3/CheckRequest';
import type { CheckResponse } from '../../src/generated/envoy/service/auth/v3/CheckResponse';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER } from './features/resources';
import { authorizationService, TrackedHttpServer } from './features/authservers';

const ADDRESS = '127.0.0.1';
const READY_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** The body every POST here sends: 16 bytes, cut to forwardBody.maxSize (8) for the servers. */
const BODY = '0123456789abcdef';
/** A forwardBody.maxSize above Envoy's per-connection buffer (32 KiB in Pier's listeners). */
const BIG_MAX_SIZE = 65_536;
const CONNECTION_BUFFER_BYTES = 32_768;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** What a check (gRPC or HTTP) carried: the client request as the authorization server saw it. */
interface SeenCheck {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The client asks to be allowed with this header (gRPC server) or this bearer token (HTTP server). */
const ALLOW_HEADER = 'x-auth';

/** The namespace of the authorization Services a route reaches through a ReferenceGrant. */
const SECURITY = 'security';

function inNamespace(namespace: string, docs: Record<string, unknown>[]): Record<string, unknown>[] {
  return docs.map((d) => ({ ...d, metadata: { ...(d.metadata as Record<string, unknown>), namespace } }));
}

/** gRPC: OK with x-auth-user for the backend; else 401 with a body and a WWW-Authenticate header. */
class GrpcAuthServer {
  private readonly server = new grpc.Server();
  readonly seen: SeenCheck[] = [];
  port = 0;

  async listen(): Promise<number> {
    this.server.addService(authorizationService(), {
      Check: (call: grpc.ServerUnaryCall<CheckRequest__Output, CheckResponse>, callback: grpc.sendUnaryData<CheckResponse>) => {
        const req = call.request.attributes?.request?.http;
        const headers = { ...(req?.headers ?? {}) };
        const body = req?.raw_body && req.raw_body.length > 0 ? Buffer.from(req.raw_body).toString('utf8') : (req?.body ?? '');
        this.seen.push({ path: req?.path ?? '', headers, body });
        if (headers[ALLOW_HEADER] === 'allow') {
          callback(null, { status: { code: grpc.status.OK }, ok_response: { headers: [{ header: { key: 'x-auth-user', value: 'grpc-alice' } }] } });
        } else {
          callback(null, {
            status: { code: grpc.status.PERMISSION_DENIED },
            denied_response: { status: { code: 'Unauthorized' }, body: 'denied by grpc', headers: [{ header: { key: 'www-authenticate', value: 'Bearer realm="grpc"' } }] },
          });
        }
      },
    });
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync(`${ADDRESS}:0`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
    return this.port;
  }

  close(): void {
    this.server.forceShutdown();
  }
}

/** HTTP: 200 with x-auth-user and x-auth-extra for "Bearer good"; else 401 with a body and WWW-Authenticate. */
function httpAuthServer(seen: SeenCheck[]): TrackedHttpServer {
  return new TrackedHttpServer((req, res) => {
    void readBody(req).then((body) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = String(v);
      seen.push({ path: req.url ?? '', headers, body });
      if (req.headers.authorization === 'Bearer good') {
        res.writeHead(200, { 'x-auth-user': 'http-bob', 'x-auth-extra': 'extra', 'content-type': 'text/plain' });
        res.end('ok');
      } else {
        res.writeHead(401, { 'www-authenticate': 'Bearer realm="http"', 'content-type': 'text/plain' });
        res.end('denied by http');
      }
    });
  });
}

/** Answers 200 with what reached it: method, path, headers, body; counts requests in `served`. */
function echoBackend(served: { count: number }): TrackedHttpServer {
  return new TrackedHttpServer((req, res) => {
    served.count++;
    void readBody(req).then((body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url, headers: req.headers, body }));
    });
  });
}

interface Echo {
  path: string;
  headers: Record<string, string>;
  body: string;
}

function authRule(prefix: string, externalAuth: Record<string, unknown>): Record<string, unknown> {
  return {
    matches: [{ path: { type: 'PathPrefix', value: prefix } }],
    filters: [{ type: 'ExternalAuth', externalAuth }],
    backendRefs: [{ name: 'echo', port: 80 }],
  };
}

// The waits inside are bounded; this is the backstop should something hang.
describe('HTTPRoute ExternalAuth through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let port: number;
  const served = { count: 0 };
  const echo = echoBackend(served);
  const grpcAuth = new GrpcAuthServer();
  const httpSeen: SeenCheck[] = [];
  const httpAuth = httpAuthServer(httpSeen);
  const url = (p: string): string => `http://${ADDRESS}:${port}${p}`;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-extauth-'));
    const echoPort = await echo.listen();
    const grpcPort = await grpcAuth.listen();
    const httpPort = await httpAuth.listen();
    port = await freePort(ADDRESS);
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('auth', ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('echo', echoPort),
      ...backend('grpc-auth', grpcPort, { port: 9000 }),
      ...backend('http-auth', httpPort, { port: 8080 }),
      // The same servers as Services of another namespace: one route may use the first (a ReferenceGrant allows it), not the second.
      ...inNamespace(SECURITY, backend('grpc-auth', grpcPort, { port: 9000 })),
      ...inNamespace(SECURITY, backend('http-auth', httpPort, { port: 8080 })),
      {
        apiVersion: 'gateway.networking.k8s.io/v1beta1', kind: 'ReferenceGrant', metadata: { name: 'routes-to-grpc-auth', namespace: SECURITY },
        spec: { from: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', namespace: 'default' }], to: [{ group: '', kind: 'Service', name: 'grpc-auth' }] },
      },
      route('HTTPRoute', 'auth', 'auth', {
        rules: [
          authRule('/grpc/some', { protocol: 'GRPC', backendRef: { name: 'grpc-auth', port: 9000 }, grpc: { allowedHeaders: [ALLOW_HEADER, 'x-sent'] }, forwardBody: { maxSize: 8 } }),
          authRule('/grpc/big', { protocol: 'GRPC', backendRef: { name: 'grpc-auth', port: 9000 }, grpc: {}, forwardBody: { maxSize: BIG_MAX_SIZE } }),
          authRule('/grpc/all', { protocol: 'GRPC', backendRef: { name: 'grpc-auth', port: 9000 }, grpc: {} }),
          authRule('/http/some', {
            protocol: 'HTTP', backendRef: { name: 'http-auth', port: 8080 },
            http: { path: '/check', allowedHeaders: ['x-sent'], allowedResponseHeaders: ['x-auth-user'] }, forwardBody: { maxSize: 8 },
          }),
          authRule('/http/all', { protocol: 'HTTP', backendRef: { name: 'http-auth', port: 8080 }, http: {} }),
          authRule('/granted', { protocol: 'GRPC', backendRef: { name: 'grpc-auth', namespace: SECURITY, port: 9000 }, grpc: {} }),
          { matches: [{ path: { type: 'PathPrefix', value: '/open' } }], backendRefs: [{ name: 'echo', port: 80 }] },
        ],
      }),
      route('HTTPRoute', 'missing', 'auth', { rules: [authRule('/missing', { protocol: 'HTTP', backendRef: { name: 'no-such-service', port: 8080 }, http: {} })] }),
      route('HTTPRoute', 'not-granted', 'auth', {
        rules: [authRule('/not-granted', { protocol: 'HTTP', backendRef: { name: 'http-auth', namespace: SECURITY, port: 8080 }, http: {} })],
      }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve', async () => {
      const r = await httpRequest(url('/open'), { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 }).catch((err: Error) => { throw pier.withDiagnostics(err); });
  });

  after(async () => {
    const code = await pier?.stop();
    grpcAuth.close();
    await httpAuth.close();
    await echo.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  const send = (p: string, headers: Record<string, string>, body?: string) =>
    httpRequest(url(p), { method: body === undefined ? 'GET' : 'POST', headers, ...(body === undefined ? {} : { body }), timeoutMs: REQUEST_TIMEOUT_MS });

  test('a route without the filter is not checked', async () => {
    const before = grpcAuth.seen.length + httpSeen.length;
    assert.equal((await send('/open', {})).status, 200);
    assert.equal(grpcAuth.seen.length + httpSeen.length, before);
  });

  test('gRPC: allowed requests reach the backend with the header the server added; allowedHeaders limit what it sees; the body is cut to maxSize', async () => {
    const r = await send('/grpc/some/x', { [ALLOW_HEADER]: 'allow', 'x-sent': 'yes', 'x-not-sent': 'no', 'content-type': 'text/plain' }, BODY);
    assert.equal(r.status, 200, r.body);
    const echoed = JSON.parse(r.body) as Echo;
    assert.equal(echoed.headers['x-auth-user'], 'grpc-alice');
    assert.equal(echoed.body, BODY, 'the backend gets the whole body');
    const check = grpcAuth.seen.at(-1)!;
    assert.equal(check.path, '/grpc/some/x');
    assert.equal(check.headers['x-sent'], 'yes');
    assert.equal(check.headers['x-not-sent'], undefined, 'a header not in allowedHeaders is not sent');
    assert.equal(check.body, BODY.slice(0, 8), 'forwardBody.maxSize bytes of the body');
  });

  test('gRPC: denied requests get the server\'s status, body and headers; the backend never sees them', async () => {
    const before = served.count;
    const r = await send('/grpc/some/x', { [ALLOW_HEADER]: 'deny' });
    assert.equal(served.count, before, 'the backend saw nothing');
    assert.equal(r.status, 401);
    assert.equal(r.body, 'denied by grpc');
    assert.equal(r.headers['www-authenticate'], 'Bearer realm="grpc"');
  });

  test('gRPC: a maxSize above the connection buffer forwards a buffer\'s worth (32 KiB) of a longer body', async () => {
    const body = 'b'.repeat(100_000);
    const r = await send('/grpc/big', { [ALLOW_HEADER]: 'allow' }, body);
    assert.equal(r.status, 200, r.body.slice(0, 200));
    assert.equal((JSON.parse(r.body) as Echo).body.length, body.length, 'the backend gets the whole body');
    assert.equal(grpcAuth.seen.at(-1)!.body.length, CONNECTION_BUFFER_BYTES);
  });

  test('gRPC: without allowedHeaders every header is sent, and no body without forwardBody', async () => {
    const r = await send('/grpc/all', { [ALLOW_HEADER]: 'allow', 'x-not-sent': 'sent-anyway' }, BODY);
    assert.equal(r.status, 200, r.body);
    const check = grpcAuth.seen.at(-1)!;
    assert.equal(check.headers['x-not-sent'], 'sent-anyway');
    assert.equal(check.body, '');
  });

  test('HTTP: allowed requests go on with allowedResponseHeaders only; the check has the path prefix, the allowed headers and maxSize bytes of body', async () => {
    const r = await send('/http/some/y?q=1', { authorization: 'Bearer good', 'x-sent': 'yes', 'x-not-sent': 'no', 'content-type': 'text/plain' }, BODY);
    assert.equal(r.status, 200, r.body);
    const echoed = JSON.parse(r.body) as Echo;
    assert.equal(echoed.headers['x-auth-user'], 'http-bob');
    assert.equal(echoed.headers['x-auth-extra'], undefined, 'a header not in allowedResponseHeaders stays with the check');
    assert.equal(echoed.body, BODY);
    const check = httpSeen.at(-1)!;
    assert.equal(check.path, '/check/http/some/y?q=1');
    assert.equal(check.headers.authorization, 'Bearer good', 'Authorization is always sent');
    assert.equal(check.headers['x-sent'], 'yes');
    assert.equal(check.headers['x-not-sent'], undefined);
    assert.equal(check.body, BODY.slice(0, 8));
    assert.equal(check.headers['content-length'], '8', 'Content-Length is that of the body sent');
  });

  test('HTTP: without allowedResponseHeaders every header of the answer but its own (Host, framing) reaches the backend', async () => {
    const r = await send('/http/all', { authorization: 'Bearer good', 'content-type': 'application/json' }, '{"a":1}');
    assert.equal(r.status, 200, r.body);
    const echoed = JSON.parse(r.body) as Echo;
    assert.equal(echoed.headers['x-auth-user'], 'http-bob');
    assert.equal(echoed.headers['x-auth-extra'], 'extra');
    assert.equal(echoed.headers['content-type'], 'application/json', 'the check answer\'s Content-Type does not replace the request\'s');
    assert.equal(echoed.body, '{"a":1}');
    const check = httpSeen.at(-1)!;
    assert.equal(check.path, '/http/all');
    assert.equal(check.body, '', 'no forwardBody: no body');
  });

  test('HTTP: denied requests get the server\'s status, body and headers; the backend never sees them', async () => {
    const before = served.count;
    const r = await send('/http/some/y', { authorization: 'Bearer bad' });
    assert.equal(served.count, before, 'the backend saw nothing');
    assert.equal(r.status, 401);
    assert.equal(r.body, 'denied by http');
    assert.equal(r.headers['www-authenticate'], 'Bearer realm="http"');
  });

  test('a service in another namespace is used when a ReferenceGrant allows it', async () => {
    const r = await send('/granted', { [ALLOW_HEADER]: 'allow' });
    assert.equal(r.status, 200, r.body);
    assert.equal((JSON.parse(r.body) as Echo).headers['x-auth-user'], 'grpc-alice');
    assert.equal((await send('/granted', { [ALLOW_HEADER]: 'deny' })).status, 401);
  });

  test('a rule whose authorization service is missing or not granted answers 500 (never served unchecked); ResolvedRefs says why', async () => {
    const before = served.count;
    assert.equal((await send('/missing', { authorization: 'Bearer good' })).status, 500);
    assert.equal((await send('/not-granted', { authorization: 'Bearer good' })).status, 500);
    assert.equal(served.count, before, 'the backend saw nothing');
    type Condition = { type: string; status: string; reason: string };
    type Status = { kind: string; name: string; status: { parents?: { conditions: Condition[] }[] } };
    const statuses = await pier.admin<Status[]>('/statuses');
    const resolvedRefs = (name: string): string => {
      const c = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === name)?.status.parents?.[0]?.conditions.find((x) => x.type === 'ResolvedRefs');
      return `${c?.status}/${c?.reason}`;
    };
    assert.equal(resolvedRefs('auth'), 'True/ResolvedRefs');
    assert.equal(resolvedRefs('missing'), 'False/BackendNotFound');
    assert.equal(resolvedRefs('not-granted'), 'False/RefNotPermitted');
  });

  // Last: it stops the servers.
  test('failure mode: with the authorization servers gone, requests are answered 503 and never reach the backend', async () => {
    grpcAuth.close();
    await httpAuth.close();
    const before = served.count;
    for (const p of ['/grpc/some/x', '/http/some/y', '/granted']) {
      const r = await send(p, { [ALLOW_HEADER]: 'allow', authorization: 'Bearer good' });
      assert.equal(r.status, 503, `${p}: ${r.body}`);
    }
    assert.equal(served.count, before, 'the backend saw nothing');
    assert.equal((await send('/open', {})).status, 200, 'routes without the filter still serve');
  });
});
