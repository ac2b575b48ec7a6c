/**
 * CORS through a real Envoy running the translated resources (static bootstrap, 127.0.0.1):
 * preflights from allowed origins (exact and wildcard) are answered by Envoy with the
 * Access-Control-Allow-* headers, actual requests get Access-Control-Allow-Origin, origins not
 * allowed get no CORS headers, and a "*" with credentials is never answered literally.
 * The cases follow the Gateway API v1.6 HTTPRouteCORS conformance test.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CORSPolicy, HTTPRoute, XdsIR } from '../../../src/ir/types';
import { startStaticEnvoy, type StaticEnvoy, translateTestIR } from './support';
import { freePort, listenOn } from '../../helpers/net';

const HOST = '127.0.0.1';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The backend's echo of the method it saw; absent when Envoy answered itself. */
  backendMethod: string | undefined;
}

function send(port: number, method: string, urlPath: string, headers: http.OutgoingHttpHeaders = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port, method, path: urlPath, agent: false, timeout: 5_000, headers: { host: 'web.example.com', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => {
        const echoed = res.headers['x-backend-method'];
        resolve({ status: res.statusCode ?? 0, headers: res.headers, backendMethod: typeof echoed === 'string' ? echoed : undefined });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function preflight(port: number, urlPath: string, origin: string, method: string, requestHeaders?: string): Promise<Reply> {
  const headers: http.OutgoingHttpHeaders = { origin, 'access-control-request-method': method };
  if (requestHeaders !== undefined) headers['access-control-request-headers'] = requestHeaders;
  return send(port, 'OPTIONS', urlPath, headers);
}

/** A comma-separated header value as a sorted list (order and spacing do not matter). */
function list(value: string | string[] | undefined): string[] {
  return String(value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '').sort();
}

function cors(extra: Partial<CORSPolicy>): CORSPolicy {
  return { allowOrigins: [], allowMethods: [], allowHeaders: [], exposeHeaders: [], maxAgeSeconds: 5, allowCredentials: false, ...extra };
}

describe('CORS through Envoy running the translated resources', () => {
  let backend: http.Server | undefined;
  let proxy: StaticEnvoy | undefined;
  let dir = '';
  let port = 0;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-xds-cors-'));
    backend = http.createServer((req, res) => { res.writeHead(200, { 'x-backend-method': req.method ?? '' }); res.end('ok'); });
    const backendPort = await listenOn(backend, HOST);
    port = await freePort(HOST);
    const destination = { settings: [{ clusterName: 'default/web/80', weight: 1, protocol: 'http' as const, endpoints: [{ host: HOST, port: backendPort }] }] };
    const route = (name: string, prefix: string, policy: CORSPolicy): HTTPRoute =>
      ({ name, pathMatch: { pathPrefix: prefix }, headerMatches: [], queryParamMatches: [], origin: name, destination, cors: policy });
    const ir: XdsIR = {
      gateway: 'default/cors',
      http: [{
        name: 'default/cors/http', address: HOST, port, hostnames: ['*'],
        virtualHosts: [{
          name: 'web.example.com', domains: ['web.example.com'],
          routes: [
            route('listed', '/cors-1', cors({
              allowOrigins: ['https://www.foo.com', 'https://*.bar.com'], allowMethods: ['GET', 'OPTIONS'],
              allowHeaders: ['x-header-1', 'x-header-2'], exposeHeaders: ['x-header-3', 'x-header-4'], maxAgeSeconds: 3600, allowCredentials: true,
            })),
            route('any-method', '/cors-2', cors({ allowOrigins: ['https://www.foo.com'], allowMethods: ['*'] })),
            route('any-origin', '/cors-any-origin', cors({ allowOrigins: ['*'], allowMethods: ['PUT'] })),
            route('wildcards-credentials', '/cors-wildcards-credentials', cors({ allowOrigins: ['*'], allowMethods: ['*'], allowHeaders: ['*'], allowCredentials: true })),
            route('wildcards', '/cors-wildcards', cors({ allowOrigins: ['*'], allowMethods: ['*'], allowHeaders: ['*'] })),
            { name: 'plain', pathMatch: { pathPrefix: '/' }, headerMatches: [], queryParamMatches: [], origin: 'plain', destination },
          ],
        }],
      }],
      tcp: [],
      udp: [],
    };
    proxy = await startStaticEnvoy(translateTestIR(ir), { dir, ready: () => send(port, 'GET', '/') });
  });

  after(async () => {
    await proxy?.stop();
    backend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('answers a preflight from an exact or wildcard-matched origin with the allowed methods, headers and max age', async () => {
    for (const origin of ['https://www.foo.com', 'https://www.bar.com', 'https://xpto.www.bar.com']) {
      const reply = await preflight(port, '/cors-1', origin, 'GET', 'x-header-1, x-header-2');
      assert.ok(reply.status === 200 || reply.status === 204, `status ${reply.status}`);
      assert.equal(reply.backendMethod, undefined, 'Envoy answers the preflight itself');
      assert.equal(reply.headers['access-control-allow-origin'], origin);
      assert.deepEqual(list(reply.headers['access-control-allow-methods']), ['GET', 'OPTIONS']);
      assert.deepEqual(list(reply.headers['access-control-allow-headers']), ['x-header-1', 'x-header-2']);
      assert.deepEqual(list(reply.headers['access-control-expose-headers']), ['x-header-3', 'x-header-4']);
      assert.equal(reply.headers['access-control-max-age'], '3600');
      assert.equal(reply.headers['access-control-allow-credentials'], 'true');
    }
  });

  test('gives an origin that is not allowed no Access-Control-Allow-Origin', async () => {
    const pre = await preflight(port, '/cors-1', 'https://foobar.com', 'GET');
    assert.ok([200, 204, 403].includes(pre.status), `status ${pre.status}`);
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
    const simple = await send(port, 'GET', '/cors-1', { origin: 'https://foobar.com' });
    assert.equal(simple.status, 200);
    assert.equal(simple.headers['access-control-allow-origin'], undefined);
  });

  test('adds Access-Control-Allow-Origin (and credentials, exposed headers) to actual requests', async () => {
    const reply = await send(port, 'GET', '/cors-1', { origin: 'https://www.bar.com' });
    assert.equal(reply.status, 200);
    assert.equal(reply.backendMethod, 'GET');
    assert.equal(reply.headers['access-control-allow-origin'], 'https://www.bar.com');
    assert.equal(reply.headers['access-control-allow-credentials'], 'true');
    assert.deepEqual(list(reply.headers['access-control-expose-headers']), ['x-header-3', 'x-header-4']);
  });

  test('answers "*" methods with the requested method, and sends no credentials header unless allowed', async () => {
    const reply = await preflight(port, '/cors-2', 'https://www.foo.com', 'POST');
    assert.ok(['POST', '*'].includes(String(reply.headers['access-control-allow-methods'])));
    assert.equal(reply.headers['access-control-allow-origin'], 'https://www.foo.com');
    assert.equal(reply.headers['access-control-max-age'], '5');
    assert.equal(reply.headers['access-control-allow-credentials'], undefined);
  });

  test('allows any origin with "*"', async () => {
    const pre = await preflight(port, '/cors-any-origin', 'https://foobar.com', 'PUT');
    assert.ok(['https://foobar.com', '*'].includes(String(pre.headers['access-control-allow-origin'])));
    const simple = await send(port, 'PUT', '/cors-any-origin', { origin: 'https://foobar.com' });
    assert.equal(simple.status, 200);
    assert.ok(['https://foobar.com', '*'].includes(String(simple.headers['access-control-allow-origin'])));
    assert.equal(simple.headers['access-control-allow-credentials'], undefined);
  });

  test('with credentials, answers wildcards with the request\'s origin, method and headers, never "*"', async () => {
    const pre = await preflight(port, '/cors-wildcards-credentials', 'https://other.foo.com', 'PUT', 'x-header-1, x-header-2');
    assert.equal(pre.headers['access-control-allow-origin'], 'https://other.foo.com');
    assert.equal(pre.headers['access-control-allow-methods'], 'PUT');
    assert.deepEqual(list(pre.headers['access-control-allow-headers']), ['x-header-1', 'x-header-2']);
    assert.equal(pre.headers['access-control-allow-credentials'], 'true');
    const simple = await send(port, 'GET', '/cors-wildcards-credentials', { origin: 'https://other.foo.com' });
    assert.equal(simple.headers['access-control-allow-origin'], 'https://other.foo.com');
    assert.equal(simple.headers['access-control-allow-credentials'], 'true');
    const unauthenticated = await preflight(port, '/cors-wildcards', 'https://other.foo.com', 'PUT', 'x-header-1');
    assert.equal(unauthenticated.headers['access-control-allow-credentials'], undefined);
  });

  test('leaves routes without a policy alone', async () => {
    const reply = await preflight(port, '/other', 'https://www.foo.com', 'GET');
    assert.equal(reply.backendMethod, 'OPTIONS', 'the preflight reaches the backend');
    assert.equal(reply.headers['access-control-allow-origin'], undefined);
  });
});
