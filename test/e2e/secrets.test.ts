/**
 * Private keys stay where they belong. A real key is planted in a Secret (and Pier's own xDS
 * keys are on disk); Pier runs at trace level over mTLS; then every output is grepped for the
 * keys: Pier's logs and stderr, every admin endpoint, `pier translate` in every output mode,
 * the errors of broken input and of a failed start. The SDS response to the Gateway's own proxy
 * carries the key (the greps would find it); a proxy of another Gateway never gets it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { createCertificateAuthority, issueServerCertificate, type KeyPair } from '../../src/security/pki';
import { tlsPathsInDir } from '../../src/security/tls-dir';
import { loadXdsProtos } from '../../src/xds/proto';
import { freePort, httpRequest } from '../helpers/net';
import { PIER_CLI, PierProcess } from '../helpers/pier';
import { PIER_GATEWAY_CLASS } from '../helpers/manifests';
import { makeTlsDir, type TlsDir } from '../helpers/tls';
import { DeltaClient, SDS, SotwClient, makeNode } from '../unit/xds-server/harness';

const run = promisify(execFile);
const SECURE = 'default/secure';
const PLAIN = 'default/plain';
const SECRET_NAME = 'default/secure-cert';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Recognisable pieces of a key: PEM body lines, and slices of its base64 form (a Secret's data). */
function needlesOf(keyPem: string): string[] {
  const body = keyPem.trim().split('\n').slice(1, -1);
  const encoded = b64(keyPem);
  return [body[1] as string, body[Math.floor(body.length / 2)] as string, body[body.length - 2] as string,
    encoded.slice(200, 260), encoded.slice(encoded.length - 200, encoded.length - 140)];
}

describe('private keys stay out of every output but SDS to their own Gateway', () => {
  let dir: string;
  let resources: string;
  let tls: TlsDir;
  let planted: KeyPair;
  let needles: Map<string, string[]>;
  let pier: PierProcess;
  const outputs: { what: string; text: string }[] = [];

  function leaksIn(text: string): string[] {
    const found: string[] = [];
    for (const [key, list] of needles) if (list.some((n) => text.includes(n))) found.push(key);
    return found;
  }

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-secrets-'));
    resources = path.join(dir, 'resources');
    mkdirSync(resources);
    tls = await makeTlsDir();
    planted = await issueServerCertificate(await createCertificateAuthority('planted CA'), ['secure.example.com']);
    const other = await issueServerCertificate(await createCertificateAuthority('other CA'), ['other.example.com']);
    const xdsPaths = tlsPathsInDir(tls.dir);
    needles = new Map([
      ['the planted Gateway key', needlesOf(planted.keyPem)],
      ['Pier\'s xDS server key', needlesOf(readFileSync(xdsPaths.serverKey, 'utf8'))],
      ['Pier\'s CA key', needlesOf(readFileSync(xdsPaths.caKey, 'utf8'))],
    ]);
    const [securePort, plainPort] = [await freePort('127.0.0.51'), await freePort('127.0.0.52')];
    writeFileSync(path.join(resources, 'gateways.yaml'), `${PIER_GATEWAY_CLASS}---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: secure, namespace: default }
spec:
  gatewayClassName: pier
  addresses: [{ type: IPAddress, value: "127.0.0.51" }]
  listeners:
    - { name: https, protocol: HTTPS, port: ${securePort}, hostname: secure.example.com, tls: { certificateRefs: [{ name: secure-cert }] } }
    - { name: mismatch, protocol: HTTPS, port: ${securePort}, hostname: mismatch.example.com, tls: { certificateRefs: [{ name: mismatch }] } }
    - { name: raw, protocol: HTTPS, port: ${securePort}, hostname: raw.example.com, tls: { certificateRefs: [{ name: raw-pem }] } }
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: plain, namespace: default }
spec:
  gatewayClassName: pier
  addresses: [{ type: IPAddress, value: "127.0.0.52" }]
  listeners: [{ name: http, protocol: HTTP, port: ${plainPort} }]
`);
    writeFileSync(path.join(resources, 'secrets.yaml'), `apiVersion: v1
kind: Secret
metadata: { name: secure-cert, namespace: default }
type: kubernetes.io/tls
data: { tls.crt: ${b64(planted.certPem)}, tls.key: ${b64(planted.keyPem)} }
---
# The planted key with another certificate: InvalidCertificateRef, and a message about it.
apiVersion: v1
kind: Secret
metadata: { name: mismatch, namespace: default }
type: kubernetes.io/tls
data: { tls.crt: ${b64(other.certPem)}, tls.key: ${b64(planted.keyPem)} }
---
# A common mistake: the PEM text itself in data (not base64).
apiVersion: v1
kind: Secret
metadata: { name: raw-pem, namespace: default }
type: kubernetes.io/tls
data:
  tls.crt: ${JSON.stringify(planted.certPem)}
  tls.key: ${JSON.stringify(planted.keyPem)}
`);
    // A file that does not parse, with the key on the line of the error.
    writeFileSync(path.join(resources, 'broken.yaml'), `apiVersion: v1
kind: Secret
metadata: { name: broken, namespace: default }
data:
  tls.key: ${b64(planted.keyPem)}
    tls.crt: [unclosed ${b64(planted.keyPem)}
`);
    // An object the schema rejects, whose value is a key.
    writeFileSync(path.join(resources, 'invalid.yaml'), `apiVersion: v1
kind: Secret
metadata: { name: invalid, namespace: default }
data: [${JSON.stringify(planted.keyPem)}]
`);
    pier = await PierProcess.start({ config: { resources, envoy: 'off', logLevel: 'trace', xdsTlsDir: tls.dir } });
  });

  after(async () => {
    await pier?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (tls) rmSync(tls.dir, { recursive: true, force: true });
  });

  test('SDS: the Gateway\'s own proxy gets the key; a proxy of another Gateway never does', async () => {
    const address = `127.0.0.1:${pier.xdsPort}`;
    const own = new SotwClient(address, makeNode(SECURE, 'own'), 'ads', await tls.credentials(SECURE));
    own.request(SDS, [SECRET_NAME]);
    const response = await own.next(10_000);
    const decoded = (response.resources ?? []).map((a) => JSON.stringify(loadXdsProtos().decode(a.type_url ?? '', a.value ?? Buffer.alloc(0))));
    assert.deepEqual(leaksIn(decoded.join('\n')), ['the planted Gateway key'], 'the greps find the key where it belongs');
    own.close();

    const plainCreds = await tls.credentials(PLAIN);
    const sotw = new SotwClient(address, makeNode(PLAIN, 'plain-sotw'), 'ads', plainCreds);
    sotw.request(SDS, [SECRET_NAME]);
    await sotw.expectNone(1000);
    sotw.close();
    const delta = new DeltaClient(address, makeNode(PLAIN, 'plain-delta'), 'ads', plainCreds);
    delta.subscribe(SDS, [SECRET_NAME]);
    const notice = await delta.next(10_000);
    assert.deepEqual(notice.resources ?? [], []);
    assert.deepEqual(notice.removed_resources, [SECRET_NAME]);
    delta.close();
    const impostor = new DeltaClient(address, makeNode(SECURE, 'impostor'), 'ads', plainCreds);
    impostor.subscribe(SDS, [SECRET_NAME]);
    const s = await impostor.inbox.status(10_000);
    assert.equal('code' in s ? s.code : -1, 7 /* PERMISSION_DENIED */);
    assert.equal(impostor.inbox.size, 0);
    impostor.close();
  });

  test('every admin endpoint', async () => {
    const index = await pier.admin<{ endpoints: string[] }>('/');
    const paths = [...index.endpoints, '/', '/nope', `/ir?gateway=${SECURE}`, `/xds?gateway=${SECURE}`, '/statuses?gateway=x'];
    assert.ok(index.endpoints.includes('/ir') && index.endpoints.includes('/xds') && index.endpoints.includes('/errors'));
    for (const p of paths) {
      const r = await httpRequest(`http://127.0.0.1:${pier.adminPort}${p}`);
      outputs.push({ what: `admin ${p}`, text: r.body });
    }
    const xds = outputs.find((o) => o.what === `admin /xds?gateway=${SECURE}`)?.text ?? '';
    assert.ok(xds.includes('[redacted]') && xds.includes(SECRET_NAME), 'the secret is listed, its key redacted');
    const ir = outputs.find((o) => o.what === 'admin /ir')?.text ?? '';
    assert.ok(ir.includes('[redacted]'));
    const errors = outputs.find((o) => o.what === 'admin /errors')?.text ?? '';
    assert.ok(errors.includes('broken.yaml') && errors.includes('invalid.yaml'), 'the broken input is reported');
    const statuses = outputs.find((o) => o.what === 'admin /statuses')?.text ?? '';
    assert.match(statuses, /does not match the certificate/);
    for (const o of outputs.filter((x) => x.what.startsWith('admin'))) assert.deepEqual(leaksIn(o.text), [], o.what);
  });

  test('pier translate in every output mode, and its errors', async () => {
    for (const output of ['status', 'ir', 'xds']) {
      for (const format of ['yaml', 'json']) {
        for (const extra of [[], ['--gateway', SECURE]]) {
          const args = [PIER_CLI, 'translate', '-f', resources, '--output', output, '-o', format, ...extra];
          const r = await run(process.execPath, args, { timeout: 30_000 }).catch((e: { stdout: string; stderr: string }) => e);
          outputs.push({ what: `translate ${args.slice(2).join(' ')}`, text: `${r.stdout}\n${r.stderr}` });
          assert.deepEqual(leaksIn(r.stdout + r.stderr), [], args.join(' '));
          assert.ok(r.stderr.includes('broken.yaml'), 'input errors are reported');
        }
      }
    }
  });

  test('the error of a start with a key that is not the certificate\'s', async () => {
    const keyFile = path.join(dir, 'planted.key');
    writeFileSync(keyFile, planted.keyPem, { mode: 0o600 });
    const paths = tlsPathsInDir(tls.dir);
    const port = await freePort();
    const r = await run(process.execPath, [PIER_CLI, 'serve', '--resources', resources, '--envoy', 'off', '--log-level', 'trace',
      '--xds-address', `127.0.0.1:${port}`, '--admin-address', `127.0.0.1:${await freePort()}`, '--metrics-address', `127.0.0.1:${await freePort()}`,
      '--xds-tls-ca', paths.caCert, '--xds-tls-cert', paths.serverCert, '--xds-tls-key', keyFile], { timeout: 30_000, env: { ...process.env, PIER_DEBUG: '1' } })
      .then((x) => ({ ...x, failed: false }), (e: { stdout: string; stderr: string }) => ({ stdout: e.stdout, stderr: e.stderr, failed: true }));
    assert.equal(r.failed, true);
    assert.match(r.stderr, /does not match the server certificate/);
    assert.deepEqual(leaksIn(r.stdout + r.stderr), []);
  });

  test('Pier\'s logs at trace level and its stderr, after all of the above', async () => {
    await pier.stop();
    const logs = pier.logs.map((l) => JSON.stringify(l)).join('\n');
    assert.ok(pier.logs.some((l) => l.level === 20), 'debug lines were logged');
    assert.ok(logs.includes('broken.yaml'), 'the broken file was logged');
    assert.deepEqual(leaksIn(logs), []);
    assert.deepEqual(leaksIn(pier.stderr.join('\n')), []);
    // The greps work: the planted needles are in the input files.
    assert.deepEqual(leaksIn(readFileSync(path.join(resources, 'secrets.yaml'), 'utf8')), ['the planted Gateway key']);
  });
});
