/** pier certgen and the TLS directory: what the files are, checked with node's crypto; errors; the transport decision. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCertgen } from '../../../src/cli/certgen';
import { gatewayOfCertificate, gatewayKeyProblem } from '../../../src/security/identity';
import { readServingMaterial, tlsPathsInDir, gatewayCertPaths } from '../../../src/security/tls-dir';
import { resolveXdsTransport } from '../../../src/cmd/xds-transport';
import { DEFAULT_CONFIG } from '../../../src/config/config';
import { createLogger, silentLogger } from '../../../src/logging/logger';

function io() {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: { write: (t: string) => { out.stdout += t; } }, stderr: { write: (t: string) => { out.stderr += t; } } } };
}

function tmp(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'pier-certgen-'));
}

describe('pier certgen', () => {
  test('a CA, a serving certificate with the SANs asked for, and a proxy certificate naming one Gateway', async () => {
    const dir = tmp();
    try {
      const a = io();
      assert.equal(await runCertgen(['--dir', dir, '--san', 'pier.example.com', '--san', '10.1.2.3'], a.io), 0);
      assert.match(a.out.stdout, /created a CA/);
      const b = io();
      assert.equal(await runCertgen(['--dir', dir, '--gateway', 'default/web'], b.io), 0);
      const paths = tlsPathsInDir(dir);
      const ca = new X509Certificate(readFileSync(paths.caCert));
      const server = new X509Certificate(readFileSync(paths.serverCert));
      const proxy = new X509Certificate(readFileSync(gatewayCertPaths(dir, 'default/web').cert));
      assert.ok(ca.ca);
      assert.ok(server.verify(ca.publicKey) && proxy.verify(ca.publicKey));
      assert.ok(server.checkPrivateKey(createPrivateKey(readFileSync(paths.serverKey))));
      for (const san of ['URI:spiffe://pier.dev/xds-server', 'DNS:localhost', 'IP Address:127.0.0.1', 'DNS:pier.example.com', 'IP Address:10.1.2.3']) {
        assert.ok(server.subjectAltName?.includes(san), `${san} in ${server.subjectAltName}`);
      }
      assert.equal(proxy.subjectAltName, 'URI:spiffe://pier.dev/gateway/default/web');
      assert.deepEqual(gatewayOfCertificate(proxy.subjectAltName).gateway, 'default/web');
      assert.equal(gatewayOfCertificate(server.subjectAltName).gateway, undefined);
      assert.ok(server.keyUsage?.includes('1.3.6.1.5.5.7.3.1') && !server.keyUsage.includes('1.3.6.1.5.5.7.3.2'), 'server: serverAuth only');
      assert.ok(proxy.keyUsage?.includes('1.3.6.1.5.5.7.3.2') && !proxy.keyUsage.includes('1.3.6.1.5.5.7.3.1'), 'proxy: clientAuth only');
      for (const key of [paths.caKey, paths.serverKey, gatewayCertPaths(dir, 'default/web').key]) assert.equal(statSync(key).mode & 0o777, 0o600);
      assert.ok(!(a.out.stdout + b.out.stdout).includes('PRIVATE KEY'), 'nothing secret is printed');

      // Again: the CA is kept (proxy certificates stay valid), the serving certificate is new.
      const c = io();
      assert.equal(await runCertgen(['--dir', dir], c.io), 0);
      assert.match(c.out.stdout, /kept the CA/);
      assert.equal(new X509Certificate(readFileSync(paths.caCert)).fingerprint256, ca.fingerprint256);
      assert.notEqual(new X509Certificate(readFileSync(paths.serverCert)).serialNumber, server.serialNumber);
      assert.ok(readServingMaterial(paths).cert.verify(ca.publicKey));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('clear errors: no CA yet, a bad Gateway key, --san with --gateway, a broken CA is never overwritten', async () => {
    const dir = tmp();
    try {
      const a = io();
      assert.equal(await runCertgen(['--dir', dir, '--gateway', 'default/web'], a.io), 1);
      assert.match(a.out.stderr, /no CA in .*pier certgen --dir/);
      const b = io();
      assert.equal(await runCertgen(['--dir', dir, '--gateway', 'Default/web'], b.io), 2);
      assert.match(b.out.stderr, /"Default" is not a valid namespace/);
      const c = io();
      assert.equal(await runCertgen(['--dir', dir, '--gateway', 'a/b', '--san', 'x'], c.io), 2);
      const d = io();
      assert.equal(await runCertgen([], d.io), 2);
      writeFileSync(tlsPathsInDir(dir).caCert, 'not a certificate');
      const e = io();
      assert.equal(await runCertgen(['--dir', dir], e.io), 1);
      assert.equal(readFileSync(tlsPathsInDir(dir).caCert, 'utf8'), 'not a certificate');
      assert.equal(gatewayKeyProblem('a/b/c'), '"a/b/c" is not <namespace>/<name>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('how the xDS port is secured', () => {
  const logger = silentLogger();

  test('loopback: plaintext; --xds-insecure: plaintext; a non-loopback address: a CA generated in the state directory, reused next time', async () => {
    const dir = tmp();
    try {
      assert.deepEqual(await resolveXdsTransport({ ...DEFAULT_CONFIG, xdsAddress: '127.0.0.1:18000' }, logger), { kind: 'plaintext', why: 'loopback' });
      assert.deepEqual(await resolveXdsTransport({ ...DEFAULT_CONFIG, xdsAddress: '[::1]:18000' }, logger), { kind: 'plaintext', why: 'loopback' });
      const lines: string[] = [];
      const recording = createLogger({ level: 'info', destination: { write: (l: string) => { lines.push(l); } } });
      assert.deepEqual(await resolveXdsTransport({ ...DEFAULT_CONFIG, xdsInsecure: true }, recording), { kind: 'plaintext', why: 'insecure' });
      assert.ok(lines.some((l) => l.includes('"level":40') && l.includes('WITHOUT TLS')), 'insecure is a warning at start');
      const first = await resolveXdsTransport({ ...DEFAULT_CONFIG, stateDir: dir }, logger);
      assert.equal(first.kind, 'mtls');
      const serial = new X509Certificate(readFileSync(path.join(dir, 'xds-tls', 'server.crt'))).serialNumber;
      const second = await resolveXdsTransport({ ...DEFAULT_CONFIG, stateDir: dir }, logger);
      assert.deepEqual(second, first);
      assert.equal(new X509Certificate(readFileSync(path.join(dir, 'xds-tls', 'server.crt'))).serialNumber, serial);
      const explicit = await resolveXdsTransport({ ...DEFAULT_CONFIG, xdsAddress: '127.0.0.1:1', xdsTlsDir: path.join(dir, 'xds-tls') }, logger);
      assert.equal(explicit.kind, 'mtls');
      const tlsDir = path.join(dir, 'xds-tls');
      const files = await resolveXdsTransport({
        ...DEFAULT_CONFIG, xdsTlsCa: path.join(tlsDir, 'ca.crt'), xdsTlsCert: path.join(tlsDir, 'server.crt'), xdsTlsKey: path.join(tlsDir, 'server.key'),
      }, logger);
      assert.deepEqual(files, { kind: 'mtls', paths: { caCert: path.join(tlsDir, 'ca.crt'), serverCert: path.join(tlsDir, 'server.crt'), serverKey: path.join(tlsDir, 'server.key'), caKey: undefined } });
      const override = await resolveXdsTransport({ ...DEFAULT_CONFIG, xdsTlsDir: tlsDir, xdsTlsCert: '/elsewhere/server.crt' }, logger);
      assert.ok(override.kind === 'mtls' && override.paths.serverCert === '/elsewhere/server.crt' && override.paths.caKey === path.join(tlsDir, 'ca.key'));
      await assert.rejects(resolveXdsTransport({ ...DEFAULT_CONFIG, xdsInsecure: true, xdsTlsDir: dir }, logger), /cannot be combined/);
      await assert.rejects(resolveXdsTransport({ ...DEFAULT_CONFIG, xdsTlsCert: 'a.crt' }, logger), /missing: caCert, serverKey/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the kubernetes provider without TLS files keeps its CA in a Secret (nothing on disk); files, loopback and --xds-insecure still decide first', async () => {
    const dir = tmp();
    try {
      const kube = { ...DEFAULT_CONFIG, provider: 'kubernetes' as const, stateDir: dir };
      assert.deepEqual(await resolveXdsTransport(kube, logger), { kind: 'secret', name: 'pier-xds-tls' });
      assert.deepEqual(await resolveXdsTransport({ ...kube, xdsTlsSecret: 'mine' }, logger), { kind: 'secret', name: 'mine' });
      assert.deepEqual(readdirSync(dir), [], 'nothing written to the state directory');
      assert.deepEqual(await resolveXdsTransport({ ...kube, xdsAddress: '127.0.0.1:18000' }, logger), { kind: 'plaintext', why: 'loopback' });
      assert.deepEqual(await resolveXdsTransport({ ...kube, xdsInsecure: true }, logger), { kind: 'plaintext', why: 'insecure' });
      const tlsDir = path.join(dir, 'operator');
      await runCertgen(['--dir', tlsDir], io().io);
      const files = await resolveXdsTransport({ ...kube, xdsTlsDir: tlsDir }, logger);
      assert.equal(files.kind, 'mtls', 'an operator\'s directory wins');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
