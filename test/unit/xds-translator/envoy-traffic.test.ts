/**
 * Runs a real Envoy on translated resources (static bootstrap: routes inlined, endpoints
 * static) and sends traffic through it, to prove the behaviours the translator promises:
 * routing and matching, the invalid-backend share answered with 500, redirects with the right
 * Location, path and host rewrites, header modifiers, direct responses, mirroring, h2c
 * and ExternalName (DNS) backends, HTTPS termination and TLS passthrough sharing a port, TCP
 * and UDP proxying. Everything binds to 127.0.0.1.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as dgram from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import * as https from 'node:https';
import type { HTTPRoute, XdsIR } from '../../../src/ir/types';
import { loadCaseIR, startStaticEnvoy, type StaticEnvoy, translateTestIR, type TestSetting } from './support';
import { freePort, listenOn } from '../../helpers/net';

const HOST = '127.0.0.1';

interface Echo {
  backend: string;
  method: string;
  path: string;
  httpVersion: string;
  headers: http.IncomingHttpHeaders;
}

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A port nobody listens on right now (Envoy binds it moments later). */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, HOST, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

function echoHandler(name: string, seen: Echo[]) {
  return (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse): void => {
    const echo: Echo = { backend: name, method: req.method ?? '', path: req.url ?? '', httpVersion: req.httpVersion, headers: req.headers };
    seen.push(echo);
    const body = JSON.stringify(echo);
    res.writeHead(200, { 'content-type': 'application/json', 'x-response-remove': 'present' });
    res.end(body);
  };
}

function request(port: number, host: string, urlPath: string, options: { method?: string; headers?: http.OutgoingHttpHeaders } = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: HOST, port, path: urlPath, method: options.method ?? 'GET', agent: false, timeout: 5_000,
      headers: { host, ...options.headers },
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`request to ${host}${urlPath} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function echoOf(response: Response): Echo {
  assert.equal(response.status, 200, `expected the backend to answer, got ${response.status}: ${response.body}`);
  return JSON.parse(response.body) as Echo;
}

function setting(name: string, port: number, extra: Partial<TestSetting> = {}): TestSetting {
  return { clusterName: `default/${name}/${port}`, weight: 1, protocol: 'http', endpoints: [{ host: HOST, port }], ...extra };
}

function route(name: string, prefix: string, extra: Partial<HTTPRoute>): HTTPRoute {
  return { name, pathMatch: { pathPrefix: prefix }, headerMatches: [], queryParamMatches: [], origin: name, ...extra };
}

describe('traffic through Envoy running the translated resources', () => {
  const seen: Echo[] = [];
  const servers: net.Server[] = [];
  let udpBackend: dgram.Socket | undefined;
  let proxy: StaticEnvoy | undefined;
  let dir = '';
  let httpPort = 0;
  let tcpPort = 0;
  let udpPort = 0;
  let tlsPort = 0;
  // The self-signed certificate (www.example.com, *.example.com) of the https-listener case.
  const certificate = loadCaseIR('https-listener').http.find((l) => l.tls)?.tls?.certificates[0];

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-xds-traffic-'));
    const start = async (server: net.Server): Promise<number> => { servers.push(server); return listenOn(server, HOST); };
    const mainPort = await start(http.createServer(echoHandler('main', seen)));
    const otherPort = await start(http.createServer(echoHandler('other', seen)));
    const mirrorPort = await start(http.createServer(echoHandler('mirror', seen)));
    const h2cPort = await start(http2.createServer(echoHandler('h2c', seen)));
    const tcpEchoPort = await start(net.createServer((socket) => socket.pipe(socket)));
    if (!certificate) throw new Error('the https-listener golden case has no certificate');
    const tlsBackendPort = await start(tls.createServer({ cert: certificate.certificateChain, key: certificate.privateKey }, (socket) => {
      socket.end(`tls-backend saw ${socket.servername}`);
    }));
    udpBackend = dgram.createSocket('udp4');
    udpBackend.on('message', (msg, rinfo) => udpBackend?.send(Buffer.concat([Buffer.from('echo:'), msg]), rinfo.port, rinfo.address));
    const udpEchoPort = await new Promise<number>((resolve) => udpBackend?.bind(0, HOST, () => resolve(udpBackend?.address().port ?? 0)));
    [httpPort, tcpPort, udpPort, tlsPort] = [await freePort(HOST), await freePort(HOST), await freeUdpPort(), await freePort(HOST)];

    const main = setting('main', mainPort);
    const ir: XdsIR = {
      gateway: 'default/traffic',
      http: [{
        name: 'default/traffic/http', address: HOST, port: httpPort, hostnames: ['*'],
        virtualHosts: [{
          name: 'traffic.example.com', domains: ['traffic.example.com'],
          routes: [
            route('exact', '/', { pathMatch: { exact: '/exact' }, destination: { settings: [setting('other', otherPort)] } }),
            route('method', '/method', { method: 'POST', destination: { settings: [setting('other', otherPort)] } }),
            route('query', '/query', { queryParamMatches: [{ name: 'animal', match: { exact: 'whale' } }], destination: { settings: [setting('other', otherPort)] } }),
            route('header', '/header', { headerMatches: [{ name: 'version', match: { exact: 'two' } }], destination: { settings: [setting('other', otherPort)] } }),
            route('invalid-share', '/invalid-share', { destination: { settings: [main, { ...setting('missing', 1), invalid: true }] } }),
            route('all-invalid', '/all-invalid', { destination: { settings: [{ ...setting('missing', 1), invalid: true }] } }),
            route('redirect-port', '/redirect-port', { redirect: { hostname: 'example.org', statusCode: 302 } }),
            route('redirect-https', '/redirect-https', { redirect: { scheme: 'https', statusCode: 301 } }),
            route('redirect-prefix', '/redirect-prefix', { redirect: { prefixReplace: '/moved', statusCode: 308 } }),
            route('strip-prefix', '/strip-prefix', { urlRewrite: { prefixReplace: '/' }, destination: { settings: [main] } }),
            route('replace-prefix', '/prefix/one', { urlRewrite: { prefixReplace: '/one', hostname: 'rewritten.example.com' }, destination: { settings: [main] } }),
            route('full-path', '/full', { urlRewrite: { fullPath: '/replaced' }, destination: { settings: [main] } }),
            route('headers', '/headers', {
              requestHeaders: { set: [{ name: 'x-set', value: 'new' }], add: [{ name: 'x-add', value: 'added' }], remove: ['x-remove'] },
              responseHeaders: { set: [{ name: 'x-response-set', value: 'yes' }], add: [], remove: ['x-response-remove'] },
              destination: { settings: [main] },
            }),
            route('direct', '/teapot', { directResponse: { status: 418, body: 'short and stout' } }),
            route('mirror', '/mirror', { mirrors: [{ settings: [setting('mirror', mirrorPort)] }], destination: { settings: [main] } }),
            // No endpoints: the port comes from the cluster name (default/external/<port>).
            route('external', '/external', { destination: { settings: [setting('external', mainPort, { dnsName: 'localhost', endpoints: [] })] } }),
            route('h2c', '/h2c', { destination: { settings: [setting('h2c', h2cPort, { protocol: 'h2c' })] } }),
            route('prefix', '/segment', { destination: { settings: [setting('other', otherPort)] } }),
            route('root', '/', { destination: { settings: [main] } }),
          ],
        }, {
          name: '*.example.com', domains: ['*.example.com'],
          routes: [route('wildcard', '/', { destination: { settings: [setting('other', otherPort)] } })],
        }],
      }, {
        name: 'default/traffic/https', address: HOST, port: tlsPort, hostnames: ['www.example.com'],
        tls: { certificates: [certificate] },
        virtualHosts: [{ name: 'www.example.com', domains: ['www.example.com'], routes: [route('secure', '/', { destination: { settings: [main] } })] }],
      }],
      tcp: [{
        name: 'default/traffic/passthrough', address: HOST, port: tlsPort,
        routes: [{ name: 'passthrough', sniHostnames: ['passthrough.example.com'], destination: { settings: [setting('tls-backend', tlsBackendPort, { protocol: 'tls' })] } }],
      }, { name: 'default/traffic/tcp', address: HOST, port: tcpPort, routes: [{ name: 'tcp', sniHostnames: [], destination: { settings: [setting('tcp-echo', tcpEchoPort, { protocol: 'tcp' })] } }] }],
      udp: [{ name: 'default/traffic/udp', address: HOST, port: udpPort, destination: { settings: [setting('udp-echo', udpEchoPort, { protocol: 'udp' })] } }],
    };
    // Ready when the HTTP listener answers.
    proxy = await startStaticEnvoy(translateTestIR(ir), { dir, ready: () => request(httpPort, 'traffic.example.com', '/') });
  });

  after(async () => {
    await proxy?.stop();
    for (const server of servers) server.close();
    udpBackend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = (urlPath: string, options?: { method?: string; headers?: http.OutgoingHttpHeaders }): Promise<Response> =>
    request(httpPort, 'traffic.example.com', urlPath, options);

  test('routes by exact path, segment prefix, method, query parameter and header', async () => {
    assert.equal(echoOf(await get('/exact')).backend, 'other');
    assert.equal(echoOf(await get('/exact/more')).backend, 'main');
    assert.equal(echoOf(await get('/segment')).backend, 'other');
    assert.equal(echoOf(await get('/segment/deeper')).backend, 'other');
    assert.equal(echoOf(await get('/segmentation')).backend, 'main', 'a path prefix matches whole segments only');
    assert.equal(echoOf(await get('/method', { method: 'POST' })).backend, 'other');
    assert.equal(echoOf(await get('/method')).backend, 'main');
    assert.equal(echoOf(await get('/query?animal=whale')).backend, 'other');
    assert.equal(echoOf(await get('/query?animal=dolphin')).backend, 'main');
    assert.equal(echoOf(await get('/header', { headers: { version: 'two' } })).backend, 'other');
    assert.equal(echoOf(await get('/header')).backend, 'main');
  });

  test('matches the Host header whatever the port in it, and passes the Host on unchanged', async () => {
    const exact = echoOf(await request(httpPort, `traffic.example.com:${httpPort}`, '/exact'));
    assert.equal(exact.backend, 'other');
    assert.equal(exact.headers.host, `traffic.example.com:${httpPort}`);
    const otherPort = echoOf(await request(httpPort, 'Traffic.Example.com:1234', '/'));
    assert.equal(otherPort.backend, 'main', 'an exact domain matches a Host with any port');
    assert.equal(otherPort.headers.host, 'Traffic.Example.com:1234');
    for (const host of ['foo.example.com', 'foo.example.com:1234', 'foo.bar.example.com:80']) {
      const wildcard = echoOf(await request(httpPort, host, '/'));
      assert.equal(wildcard.backend, 'other', `${host} reaches the *.example.com virtual host`);
      assert.equal(wildcard.headers.host, host);
    }
    assert.equal((await request(httpPort, 'example.com:1234', '/')).status, 404, 'a wildcard needs a label before the suffix');
    assert.equal((await request(httpPort, 'unknown.example.org', '/')).status, 404);
    assert.equal((await request(httpPort, 'unknown.example.org:1234', '/')).status, 404);
  });

  test('answers the invalid share of a weighted destination with 500, and all-invalid with 500', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) statuses.add((await get('/invalid-share')).status);
    assert.deepEqual([...statuses].sort(), [200, 500]);
    assert.equal((await get('/all-invalid')).status, 500);
  });

  test('redirects with the listener port, the scheme default port, and a replaced prefix', async () => {
    const toHost = await get('/redirect-port/x?q=1');
    assert.equal(toHost.status, 302);
    assert.equal(toHost.headers.location, `http://example.org:${httpPort}/redirect-port/x?q=1`);
    // The listener is not on port 80, so the Host's port must not leak: 443 is written out.
    for (const host of ['traffic.example.com', `traffic.example.com:${httpPort}`]) {
      const toHttps = await request(httpPort, host, '/redirect-https');
      assert.equal(toHttps.status, 301);
      assert.equal(toHttps.headers.location, 'https://traffic.example.com:443/redirect-https');
    }
    const moved = await get('/redirect-prefix/page');
    assert.equal(moved.status, 308);
    assert.equal(moved.headers.location, `http://traffic.example.com:${httpPort}/moved/page`);
  });

  test('rewrites paths and the host', async () => {
    assert.equal(echoOf(await get('/strip-prefix/three')).path, '/three');
    assert.equal(echoOf(await get('/strip-prefix')).path, '/');
    assert.equal(echoOf(await get('/strip-prefix/')).path, '/');
    const replaced = echoOf(await get('/prefix/one/two?x=1'));
    assert.equal(replaced.path, '/one/two?x=1');
    assert.equal(replaced.headers.host, 'rewritten.example.com');
    assert.equal(echoOf(await get('/full/anything?keep=yes')).path, '/replaced?keep=yes');
  });

  test('modifies request and response headers', async () => {
    const response = await get('/headers', { headers: { 'x-set': 'old', 'x-add': 'first', 'x-remove': 'gone' } });
    const echo = echoOf(response);
    assert.equal(echo.headers['x-set'], 'new');
    assert.match(String(echo.headers['x-add']), /first.*added/);
    assert.equal(echo.headers['x-remove'], undefined);
    assert.equal(response.headers['x-response-set'], 'yes');
    assert.equal(response.headers['x-response-remove'], undefined);
  });

  test('answers directly', async () => {
    const response = await get('/teapot');
    assert.equal(response.status, 418);
    assert.equal(response.body, 'short and stout');
  });

  test('mirrors requests to the mirror backend', async () => {
    assert.equal(echoOf(await get('/mirror/copy-me')).backend, 'main');
    const deadline = Date.now() + 5_000;
    for (let i = 0; i < 100 && Date.now() < deadline; i++) {
      if (seen.some((e) => e.backend === 'mirror' && e.path === '/mirror/copy-me')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail('the mirror backend never saw the request');
  });

  test('speaks HTTP/2 in clear text to an h2c backend', async () => {
    const echo = echoOf(await get('/h2c'));
    assert.equal(echo.backend, 'h2c');
    assert.equal(echo.httpVersion, '2.0');
  });

  test('resolves an ExternalName backend by DNS', async () => {
    assert.equal(echoOf(await get('/external/x')).backend, 'main');
  });

  test('terminates HTTPS by SNI and passes other TLS through on the same port', async () => {
    const response = await new Promise<Response>((resolve, reject) => {
      const req = https.request({
        host: HOST, port: tlsPort, path: '/secure', servername: 'www.example.com', rejectUnauthorized: false, agent: false, timeout: 5_000,
        headers: { host: 'www.example.com' },
      }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => { body += d; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('timeout', () => req.destroy(new Error('https request timed out')));
      req.on('error', reject);
      req.end();
    });
    assert.equal(echoOf(response).backend, 'main');
    assert.equal(echoOf(response).headers['x-forwarded-proto'], 'https');

    const passthrough = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: HOST, port: tlsPort, servername: 'passthrough.example.com', rejectUnauthorized: false }, () => socket.write('hello'));
      socket.setTimeout(5_000, () => socket.destroy(new Error('tls passthrough timed out')));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => { text += d; });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.equal(passthrough, 'tls-backend saw passthrough.example.com', 'the TLS session reached the backend untouched');
  });

  test('proxies TCP', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(tcpPort, HOST, () => socket.write('ping'));
      socket.setTimeout(5_000, () => socket.destroy(new Error('tcp echo timed out')));
      socket.once('data', (d) => { resolve(d.toString()); socket.end(); });
      socket.once('error', reject);
    });
    assert.equal(reply, 'ping');
  });

  test('proxies UDP', async () => {
    const socket = dgram.createSocket('udp4');
    try {
      const reply = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('udp echo timed out')), 5_000);
        socket.on('message', (msg) => { clearTimeout(timer); resolve(msg.toString()); });
        socket.send('ping', udpPort, HOST);
      });
      assert.equal(reply, 'echo:ping');
    } finally {
      socket.close();
    }
  });
});
