/**
 * Gateway and ListenerSet listener filters (GEP-5224, filters.requests with ExternalAuth) through
 * the real `pier serve` CLI and a real Envoy. Authorization servers written here: gRPC ones
 * (envoy.service.auth.v3.Authorization/Check), each appending its name to x-trail so the order
 * the filters ran in reaches the backend, and an HTTP one. One port carries several HTTP
 * listeners told apart by hostname, so a listener's filters must stay with its own requests.
 * Covers allow and deny, a header the filter adds choosing the route, Host and :authority
 * changes ignored, the order of two filters (and its reverse on another listener), a listener
 * without filters beside them, listener and route filters both running (listener first), a
 * ListenerSet's listener, an unresolvable service (500, ResolvedRefs) and a service that is
 * down (503: fail closed), and ExtensionRef refused (Accepted=False, UnsupportedValue).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as https from 'node:https';
import * as tls from 'node:tls';
import * as os from 'node:os';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import type { CheckRequest__Output } from '../../src/generated/envoy/service/auth/v3/CheckRequest';
import type { CheckResponse } from '../../src/generated/envoy/service/auth/v3/CheckResponse';
import { backend, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER } from './features/resources';
import { selfSignedCertificate, type TestCertificate } from './features/certs';
import { authorizationService, TrackedHttpServer } from './features/authservers';

const ADDRESS = '127.0.0.1';
const SECURE_HOST = 'secure.example.com';
const READY_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** Answers 200 with the path and headers that reached it; counts requests. */
class EchoServer extends TrackedHttpServer {
  served = 0;

  constructor() {
    super((req, res) => {
      this.served++;
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ path: req.url, headers: req.headers }));
      });
    });
  }
}

/**
 * gRPC authorization: denies when x-auth is "deny" (403 with its name as the body); else allows,
 * setting x-trail to the trail it saw with its name appended, plus `extra` headers.
 */
class GrpcAuthServer {
  private readonly server = new grpc.Server();
  /** Every check's request headers, in order. */
  readonly seen: Record<string, string>[] = [];

  constructor(readonly name: string, private readonly extra: Record<string, string> = {}) {}

  async listen(): Promise<number> {
    this.server.addService(authorizationService(), {
      Check: (call: grpc.ServerUnaryCall<CheckRequest__Output, CheckResponse>, callback: grpc.sendUnaryData<CheckResponse>) => {
        const headers = { ...(call.request.attributes?.request?.http?.headers ?? {}) };
        this.seen.push(headers);
        if (headers['x-auth'] === 'deny') {
          callback(null, { status: { code: grpc.status.PERMISSION_DENIED }, denied_response: { status: { code: 'Forbidden' }, body: `denied by ${this.name}` } });
          return;
        }
        const trail = headers['x-trail'] ? `${headers['x-trail']},${this.name}` : this.name;
        const set = { 'x-trail': trail, ...this.extra };
        callback(null, {
          status: { code: grpc.status.OK },
          ok_response: { headers: Object.entries(set).map(([key, value]) => ({ header: { key, value }, append: { value: false } })) },
        });
      },
    });
    return new Promise<number>((resolve, reject) =>
      this.server.bindAsync(`${ADDRESS}:0`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  }

  close(): void {
    this.server.forceShutdown();
  }
}

/** HTTP authorization: 200 with x-auth-user for "Bearer good", else 401. */
function httpAuthServer(seen: string[]): TrackedHttpServer {
  return new TrackedHttpServer((req, res) => {
    seen.push(req.url ?? '');
    req.resume();
    if (req.headers.authorization === 'Bearer good') res.writeHead(200, { 'x-auth-user': 'bob' });
    else res.writeHead(401, { 'content-type': 'text/plain' });
    res.end(req.headers.authorization === 'Bearer good' ? '' : 'denied by http');
  });
}

/** An HTTPS request to the Gateway, trusting its self-signed certificate. */
function httpsGet(port: number, ca: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: ADDRESS, port, path: '/', servername: SECURE_HOST, ca, agent: false, timeout: REQUEST_TIMEOUT_MS,
      headers: { host: SECURE_HOST, ...headers },
      checkServerIdentity: (_host, cert) => tls.checkServerIdentity(SECURE_HOST, cert),
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('https request timed out')));
    req.on('error', reject);
    req.end();
  });
}

function grpcFilter(service: string, port = 9000): Record<string, unknown> {
  return { type: 'ExternalAuth', externalAuth: { protocol: 'GRPC', backendRef: { name: service, port }, grpc: {} } };
}

function listener(name: string, port: number, hostname: string, requests?: Record<string, unknown>[]): Record<string, unknown> {
  return { name, protocol: 'HTTP', port, hostname, allowedRoutes: { namespaces: { from: 'Same' } }, ...(requests ? { filters: { requests } } : {}) };
}

/** A route on one listener (sectionName) whose rules mark the requests they take with x-route. */
function markedRoute(name: string, section: string, rules: { mark: string; matches: Record<string, unknown>[]; filters?: Record<string, unknown>[] }[], parent: Record<string, unknown> = { name: 'lf' }): Record<string, unknown> {
  const r = route('HTTPRoute', name, 'lf', {
    rules: rules.map((rule) => ({
      matches: rule.matches,
      filters: [{ type: 'RequestHeaderModifier', requestHeaderModifier: { set: [{ name: 'x-route', value: rule.mark }] } }, ...(rule.filters ?? [])],
      backendRefs: [{ name: 'echo', port: 80 }],
    })),
  });
  (r.spec as Record<string, unknown>).parentRefs = [{ ...parent, sectionName: section }];
  return r;
}

interface Echo {
  path: string;
  headers: Record<string, string>;
}

type Condition = { type: string; status: string; reason: string; message: string };
type Status = { kind: string; name: string; status: { listeners?: { name: string; conditions: Condition[] }[] } };

describe('listener filters (GEP-5224) through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let port: number;
  let securePort: number;
  let certificate: TestCertificate;
  const echo = new EchoServer();
  const one = new GrpcAuthServer('one', { 'x-tenant': 'gold' });
  const two = new GrpcAuthServer('two');
  const hostile = new GrpcAuthServer('hostile', { host: 'evil.example.com', ':authority': 'evil.example.com', 'x-hostile': 'yes' });
  const httpSeen: string[] = [];
  const httpAuth = httpAuthServer(httpSeen);

  const send = (host: string, p: string, headers: Record<string, string> = {}) =>
    httpRequest(`http://${ADDRESS}:${port}${p}`, { headers: { host, ...headers }, timeoutMs: REQUEST_TIMEOUT_MS });
  const echoed = (body: string): Echo => JSON.parse(body) as Echo;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-listenerfilters-'));
    const echoPort = await echo.listen();
    const [onePort, twoPort, hostilePort] = [await one.listen(), await two.listen(), await hostile.listen()];
    const httpPort = await httpAuth.listen();
    // Nothing listens there: the authorization service is down.
    const downPort = await freePort(ADDRESS);
    port = await freePort(ADDRESS);
    securePort = await freePort(ADDRESS);
    certificate = selfSignedCertificate(dir, SECURE_HOST);
    const gw = gateway('lf', ADDRESS, [
      listener('ordered', port, 'ordered.example.com', [grpcFilter('auth-one'), grpcFilter('auth-two')]),
      listener('reversed', port, 'reversed.example.com', [grpcFilter('auth-two'), grpcFilter('auth-one')]),
      listener('plain', port, 'plain.example.com'),
      listener('hostile', port, 'hostile.example.com', [grpcFilter('auth-hostile')]),
      listener('both', port, 'both.example.com', [{ type: 'ExternalAuth', externalAuth: { protocol: 'HTTP', backendRef: { name: 'auth-http', port: 8080 }, http: {} } }]),
      listener('wild', port, '*.wild.example.com', [grpcFilter('auth-one')]),
      {
        name: 'secure', protocol: 'HTTPS', port: securePort, hostname: SECURE_HOST, allowedRoutes: { namespaces: { from: 'Same' } },
        tls: { mode: 'Terminate', certificateRefs: [{ name: 'secure-cert' }] }, filters: { requests: [grpcFilter('auth-two')] },
      },
      listener('reroute', port, 'reroute.example.com', [grpcFilter('auth-one')]),
      listener('down', port, 'down.example.com', [grpcFilter('auth-down')]),
      listener('missing', port, 'missing.example.com', [grpcFilter('auth-one'), grpcFilter('no-such-service')]),
      listener('extension', port, 'extension.example.com', [{ type: 'ExtensionRef', extensionRef: { group: 'example.com', kind: 'ClaimToHeader', name: 'tenant' } }]),
    ]);
    (gw.spec as Record<string, unknown>).allowedListeners = { namespaces: { from: 'Same' } };
    const listenerSet = {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'ListenerSet', metadata: { name: 'extra', namespace: 'default' },
      spec: { parentRef: { name: 'lf' }, listeners: [listener('set', port, 'set.example.com', [grpcFilter('auth-two')])] },
    };
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gw,
      listenerSet,
      tlsSecret('secure-cert', certificate.cert, certificate.key),
      ...backend('echo', echoPort),
      ...backend('auth-one', onePort, { port: 9000 }),
      ...backend('auth-two', twoPort, { port: 9000 }),
      ...backend('auth-hostile', hostilePort, { port: 9000 }),
      ...backend('auth-http', httpPort, { port: 8080 }),
      ...backend('auth-down', downPort, { port: 9000 }),
      // Matches only on the header the first filter sets: no route matches what the client sent.
      markedRoute('tenants', 'ordered', [
        { mark: 'gold', matches: [{ headers: [{ name: 'x-tenant', value: 'gold' }] }] },
        { mark: 'silver', matches: [{ headers: [{ name: 'x-tenant', value: 'silver' }] }] },
      ]),
      markedRoute('reversed', 'reversed', [{ mark: 'reversed', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]),
      markedRoute('plain', 'plain', [{ mark: 'plain', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]),
      markedRoute('hostile', 'hostile', [{ mark: 'hostile', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]),
      markedRoute('both', 'both', [
        { mark: 'route-auth', matches: [{ path: { type: 'PathPrefix', value: '/checked' } }], filters: [grpcFilter('auth-two')] },
        { mark: 'open', matches: [{ path: { type: 'PathPrefix', value: '/' } }] },
      ]),
      // The client's header picks the unchecked route; the filter's picks the route with a check of its own.
      markedRoute('reroute', 'reroute', [
        { mark: 'gold', matches: [{ headers: [{ name: 'x-tenant', value: 'gold' }] }], filters: [grpcFilter('auth-two')] },
        { mark: 'silver', matches: [{ headers: [{ name: 'x-tenant', value: 'silver' }] }] },
      ]),
      // A route for one name of the wildcard listener: the others have no route.
      (() => {
        const r = markedRoute('wild', 'wild', [{ mark: 'wild', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]);
        (r.spec as Record<string, unknown>).hostnames = ['a.wild.example.com'];
        return r;
      })(),
      markedRoute('secure', 'secure', [{ mark: 'secure', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]),
      markedRoute('down', 'down', [{ mark: 'down', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]),
      markedRoute('missing', 'missing', [{ mark: 'missing', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]),
      markedRoute('set', 'set', [{ mark: 'set', matches: [{ path: { type: 'PathPrefix', value: '/' } }] }],
        { group: 'gateway.networking.k8s.io', kind: 'ListenerSet', name: 'extra' }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve', async () => {
      const r = await send('plain.example.com', '/').catch(() => undefined);
      return r?.status === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 }).catch((err: Error) => { throw pier.withDiagnostics(err); });
  });

  after(async () => {
    const code = await pier?.stop();
    one.close();
    two.close();
    hostile.close();
    await httpAuth.close();
    await echo.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('allowed: both filters ran in list order, and the header the first one set chose the route (not the one the client sent)', async () => {
    const r = await send('ordered.example.com', '/any', { 'x-tenant': 'silver' });
    assert.equal(r.status, 200, r.body);
    const e = echoed(r.body);
    assert.equal(e.headers['x-trail'], 'one,two');
    assert.equal(e.headers['x-tenant'], 'gold');
    assert.equal(e.headers['x-route'], 'gold', 'the route matching the header the filter set, not the client\'s');
    assert.equal(two.seen.at(-1)!['x-trail'], 'one', 'the second filter saw what the first added');
  });

  test('a request matching no route as sent is still checked, and routed by what the filter added', async () => {
    const r = await send('ordered.example.com', '/');
    assert.equal(r.status, 200, r.body);
    assert.equal(echoed(r.body).headers['x-route'], 'gold');
  });

  test('the reverse order on another listener of the same port runs reversed', async () => {
    const r = await send('reversed.example.com', '/');
    assert.equal(r.status, 200, r.body);
    assert.equal(echoed(r.body).headers['x-trail'], 'two,one');
  });

  test('denied: the first filter\'s answer reaches the client; the second filter and the backend never see the request', async () => {
    const [served, secondSeen] = [echo.served, two.seen.length];
    const r = await send('ordered.example.com', '/', { 'x-auth': 'deny' });
    assert.equal(r.status, 403);
    assert.equal(r.body, 'denied by one');
    assert.equal(two.seen.length, secondSeen, 'the second filter did not run');
    assert.equal(echo.served, served, 'the backend saw nothing');
  });

  test('a listener without filters on the same port is not checked', async () => {
    const seen = one.seen.length + two.seen.length + hostile.seen.length + httpSeen.length;
    const r = await send('plain.example.com', '/', { 'x-auth': 'deny' });
    assert.equal(r.status, 200, r.body);
    const e = echoed(r.body);
    assert.equal(e.headers['x-trail'], undefined);
    assert.equal(e.headers['x-route'], 'plain');
    assert.equal(one.seen.length + two.seen.length + hostile.seen.length + httpSeen.length, seen, 'no authorization server was asked');
  });

  test('Host and :authority set by a filter are ignored; its other headers go through', async () => {
    const r = await send('hostile.example.com', '/');
    assert.equal(r.status, 200, r.body);
    const e = echoed(r.body);
    assert.equal(e.headers.host, 'hostile.example.com');
    assert.equal(e.headers['x-hostile'], 'yes');
    assert.equal(e.headers['x-route'], 'hostile');
  });

  test('listener and route filters both run, the listener\'s first (HTTP, then gRPC)', async () => {
    const r = await send('both.example.com', '/checked', { authorization: 'Bearer good' });
    assert.equal(r.status, 200, r.body);
    const e = echoed(r.body);
    assert.equal(e.headers['x-route'], 'route-auth');
    assert.equal(e.headers['x-auth-user'], 'bob');
    assert.equal(e.headers['x-trail'], 'two');
    assert.equal(two.seen.at(-1)!['x-auth-user'], 'bob', 'the route\'s check saw what the listener\'s added');
    const open = await send('both.example.com', '/open', { authorization: 'Bearer good' });
    assert.equal(open.status, 200);
    assert.equal(echoed(open.body).headers['x-trail'], undefined, 'the route filter runs only on its route');
    const denied = await send('both.example.com', '/open', { authorization: 'Bearer bad' });
    assert.equal(denied.status, 401);
    assert.equal(denied.body, 'denied by http');
  });

  test('a route chosen by what the listener filter added runs its own check, though the request as sent chose another route', async () => {
    const r = await send('reroute.example.com', '/', { 'x-tenant': 'silver' });
    assert.equal(r.status, 200, r.body);
    const e = echoed(r.body);
    assert.equal(e.headers['x-route'], 'gold');
    assert.equal(e.headers['x-trail'], 'one,two', 'the gold route\'s own check ran after the listener\'s');
  });

  test('a name of a wildcard listener with no route is still checked before its 404', async () => {
    const r = await send('a.wild.example.com', '/');
    assert.equal(r.status, 200, r.body);
    assert.equal(echoed(r.body).headers['x-trail'], 'one');
    const seen = one.seen.length;
    assert.equal((await send('b.wild.example.com', '/')).status, 404);
    assert.equal(one.seen.length, seen + 1, 'the filter ran');
    assert.equal((await send('b.wild.example.com', '/', { 'x-auth': 'deny' })).status, 403);
  });

  test('HTTPS terminated at the Gateway: its listener\'s filter runs', async () => {
    const r = await httpsGet(securePort, certificate.cert, {});
    assert.equal(r.status, 200, r.body);
    assert.equal(echoed(r.body).headers['x-trail'], 'two');
    assert.equal(echoed(r.body).headers['x-route'], 'secure');
    const denied = await httpsGet(securePort, certificate.cert, { 'x-auth': 'deny' });
    assert.equal(denied.status, 403);
    assert.equal(denied.body, 'denied by two');
  });

  test('a ListenerSet\'s listener runs its own filters', async () => {
    const r = await send('set.example.com', '/');
    assert.equal(r.status, 200, r.body);
    assert.equal(echoed(r.body).headers['x-trail'], 'two');
    assert.equal(echoed(r.body).headers['x-route'], 'set');
    assert.equal((await send('set.example.com', '/', { 'x-auth': 'deny' })).status, 403);
  });

  test('fail closed: a service that is down answers 503, one that cannot be resolved 500; the backend sees nothing', async () => {
    const served = echo.served;
    assert.equal((await send('down.example.com', '/')).status, 503);
    assert.equal((await send('missing.example.com', '/')).status, 500);
    assert.equal(echo.served, served);
  });

  test('statuses: ResolvedRefs names the unresolved filter; ExtensionRef is refused (UnsupportedValue); the others are accepted', async () => {
    const statuses = await pier.admin<Status[]>('/statuses');
    const listeners = (kind: string, name: string) => statuses.find((s) => s.kind === kind && s.name === name)?.status.listeners ?? [];
    const cond = (kind: string, name: string, l: string, type: string): Condition | undefined =>
      listeners(kind, name).find((x) => x.name === l)?.conditions.find((c) => c.type === type);
    const missing = cond('Gateway', 'lf', 'missing', 'ResolvedRefs')!;
    assert.equal(`${missing.status}/${missing.reason}`, 'False/InvalidListenerFilterRef');
    assert.match(missing.message, /filters\.requests\[1\]/);
    const extension = cond('Gateway', 'lf', 'extension', 'Accepted')!;
    assert.equal(`${extension.status}/${extension.reason}`, 'False/UnsupportedValue');
    assert.match(extension.message, /filters\.requests\[0\]: ExtensionRef example\.com\/ClaimToHeader tenant/);
    for (const l of ['ordered', 'reversed', 'hostile', 'both', 'down', 'wild', 'secure', 'reroute']) {
      assert.equal(cond('Gateway', 'lf', l, 'Accepted')?.status, 'True', l);
      assert.equal(cond('Gateway', 'lf', l, 'ResolvedRefs')?.status, 'True', l);
      assert.equal(cond('Gateway', 'lf', l, 'Programmed')?.status, 'True', l);
    }
    assert.equal(cond('ListenerSet', 'extra', 'set', 'Accepted')?.status, 'True');
  });
});
