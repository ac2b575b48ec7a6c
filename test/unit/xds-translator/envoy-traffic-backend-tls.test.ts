/**
 * Upstream TLS (BackendTLSPolicy) through a real Envoy: a loopback HTTPS backend whose
 * certificate is signed by a test CA made with openssl at test time. Envoy must send the policy
 * hostname as SNI and validate the certificate against the given CA and subject alt names; a
 * wrong CA or a SAN the certificate lacks fails the request (503, the handshake is refused).
 * Static bootstrap; everything binds to 127.0.0.1.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { HTTPRoute, UpstreamTLS, XdsIR } from '../../../src/ir/types';
import { startStaticEnvoy, type StaticEnvoy, translateTestIR, type TestSetting } from './support';
import { freePort, listenOn } from '../../helpers/net';

const HOST = '127.0.0.1';
const BACKEND_NAME = 'backend.example.com';
const BACKEND_URI = 'spiffe://pier.test/ns/default/sa/backend';

function openssl(args: string[]): void {
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`openssl (1.1.1 or newer, on PATH) is needed to make test certificates: ${(err as Error).message} ${stderr}`);
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

/** A self-signed CA; returns its certificate file (key next to it). */
function makeCA(dir: string, name: string): string {
  const cert = path.join(dir, `${name}.crt`);
  openssl(['req', '-x509', ...EC_KEY, '-keyout', path.join(dir, `${name}.key`), '-out', cert, '-days', '2', '-subj', `/CN=${name}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  return cert;
}

/** A server certificate for BACKEND_NAME (DNS and URI SANs) signed by the CA named ca. */
function makeServerCert(dir: string, ca: string): { cert: string; key: string } {
  const key = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const cert = path.join(dir, 'server.crt');
  const ext = path.join(dir, 'server.ext');
  writeFileSync(ext, `subjectAltName=DNS:${BACKEND_NAME},URI:${BACKEND_URI}\nextendedKeyUsage=serverAuth\n`);
  openssl(['req', '-new', ...EC_KEY, '-keyout', key, '-out', csr, '-subj', `/CN=${BACKEND_NAME}`]);
  openssl(['x509', '-req', '-in', csr, '-CA', path.join(dir, `${ca}.crt`), '-CAkey', path.join(dir, `${ca}.key`),
    '-set_serial', '4660', '-days', '2', '-extfile', ext, '-out', cert]);
  return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
}

function httpGet(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port, path: urlPath, agent: false, timeout: 5_000, headers: { host: 'web.example.com' } }, (res) => {
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

function route(name: string, prefix: string, clusterName: string, port: number, tls: UpstreamTLS): HTTPRoute {
  return {
    name, pathMatch: { pathPrefix: prefix }, headerMatches: [], queryParamMatches: [], origin: name,
    destination: { settings: [{ clusterName, weight: 1, protocol: 'http', endpoints: [{ host: HOST, port }], tls } as TestSetting] },
  };
}

describe('upstream TLS (BackendTLSPolicy) through Envoy running the translated resources', () => {
  let backend: https.Server | undefined;
  let proxy: StaticEnvoy | undefined;
  let dir = '';
  let httpPort = 0;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-backend-tls-'));
    const trusted = readFileSync(makeCA(dir, 'test-ca'), 'utf8');
    const untrusted = readFileSync(makeCA(dir, 'other-ca'), 'utf8');
    const server = makeServerCert(dir, 'test-ca');
    backend = https.createServer({ cert: server.cert, key: server.key }, (req, res) => {
      const sni = (req.socket as TLSSocket).servername || '(none)';
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`tls backend sni=${sni} path=${req.url ?? ''}`);
    });
    const backendPort = await listenOn(backend, HOST);
    httpPort = await freePort(HOST);
    const ca = { caCertificates: trusted };
    // One cluster per case: a cluster is one backend identity with one TLS setting.
    const ir: XdsIR = {
      gateway: 'default/backend-tls',
      http: [{
        name: 'default/backend-tls/http', address: HOST, port: httpPort, hostnames: ['*'],
        virtualHosts: [{
          name: 'web', domains: ['*'],
          routes: [
            route('good', '/good', 'default/good/443', backendPort, { sni: BACKEND_NAME, ...ca }),
            route('uri-san', '/uri-san', 'default/uri-san/443', backendPort, { sni: BACKEND_NAME, ...ca, subjectAltNames: [{ type: 'URI', value: BACKEND_URI }] }),
            route('wrong-ca', '/wrong-ca', 'default/wrong-ca/443', backendPort, { sni: BACKEND_NAME, caCertificates: untrusted }),
            route('wrong-san', '/wrong-san', 'default/wrong-san/443', backendPort, { sni: BACKEND_NAME, ...ca, subjectAltNames: [{ type: 'Hostname', value: 'other.example.com' }] }),
            route('wrong-host', '/wrong-host', 'default/wrong-host/443', backendPort, { sni: 'other.example.com', ...ca }),
          ],
        }],
      }],
      tcp: [],
      udp: [],
    };
    proxy = await startStaticEnvoy(translateTestIR(ir), { dir, ready: () => httpGet(httpPort, '/') });
  });

  after(async () => {
    await proxy?.stop();
    backend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('originates TLS with the policy hostname as SNI and accepts a certificate from the given CA', async () => {
    const reply = await httpGet(httpPort, '/good');
    assert.equal(reply.status, 200, reply.body);
    assert.equal(reply.body, `tls backend sni=${BACKEND_NAME} path=/good`);
  });

  test('subjectAltNames: a URI SAN the certificate carries is accepted', async () => {
    const reply = await httpGet(httpPort, '/uri-san');
    assert.equal(reply.status, 200, reply.body);
    assert.equal(reply.body, `tls backend sni=${BACKEND_NAME} path=/uri-san`);
  });

  test('a certificate from another CA fails the request', async () => {
    const reply = await httpGet(httpPort, '/wrong-ca');
    assert.equal(reply.status, 503, reply.body);
    assert.match(reply.body, /CERTIFICATE_VERIFY_FAILED|TLS_error|upstream connect error/);
  });

  test('a SAN the certificate lacks fails the request, as does a hostname it is not for', async () => {
    assert.equal((await httpGet(httpPort, '/wrong-san')).status, 503);
    assert.equal((await httpGet(httpPort, '/wrong-host')).status, 503);
  });
});
