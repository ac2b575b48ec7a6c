/**
 * The xDS server over mTLS with real TLS handshakes (grpc-js clients and node's tls): a proxy
 * certificate gets its own Gateway and only that one, on ADS and on every per-type service, in
 * SotW and Delta, and Fetch; clients without a certificate from Pier's CA are refused; the
 * registry shows each stream's identity; certificates rotate without restart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import { createLogger } from '../../../src/logging/logger';
import { loadXdsProtos } from '../../../src/xds/proto';
import { PER_TYPE_SERVICES } from '../../../src/xds/server';
import { generateGatewayFiles, generateServerFiles, tlsPathsInDir } from '../../../src/security/tls-dir';
import { createCertificateAuthority, issueServerCertificate } from '../../../src/security/pki';
import type { Secret } from '../../../src/xds/types';
import { basicGateway, resources, listener, cluster, endpoints, route } from '../xds-cache/fixtures';
import {
  CDS, DeltaClient, LDS, SDS, SotwClient, clientFor, deltaNamesOf, eventually, makeNode, namesOf, startHarness,
  type Harness, type ServiceName,
} from '../xds-server/harness';
import { gatewayMaterial, makeTlsDir, tlsHandshake, type TlsDir } from '../../helpers/tls';

const A = 'default/a';
const B = 'default/b';

function secretWithKey(name: string, certPem: string, keyPem: string): Secret {
  return { name, tls_certificate: { certificate_chain: { inline_string: certPem }, private_key: { inline_string: keyPem } } } as Secret;
}

function statusOf(s: grpc.StatusObject | Error): { code: number; details: string } {
  return 'code' in s ? { code: s.code, details: s.details } : { code: -1, details: s.message };
}

describe('xDS over mTLS', () => {
  let tlsDir: TlsDir;
  let otherCa: TlsDir;
  let h: Harness;
  let keyOfA = '';

  before(async () => {
    tlsDir = await makeTlsDir();
    otherCa = await makeTlsDir('pier-tls-other-');
    h = await startHarness({ tls: tlsPathsInDir(tlsDir.dir) });
    const throwaway = await createCertificateAuthority('test');
    const served = await issueServerCertificate(throwaway, ['a.example']);
    keyOfA = served.keyPem;
    h.cache.setResources(A, resources(A, {
      listeners: [listener('la')], routes: [route('r1')], clusters: [cluster('c1')], endpoints: [endpoints('c1', '10.0.0.1')],
      secrets: [secretWithKey('default/a-cert', served.certPem, served.keyPem)],
    }));
    h.cache.setResources(B, basicGateway(B));
  });

  after(async () => {
    await h?.close();
    for (const t of [tlsDir, otherCa]) if (t) rmSync(t.dir, { recursive: true, force: true });
  });

  test('a proxy certificate gets its own Gateway, secrets included (ADS, SotW and Delta)', async () => {
    const creds = await tlsDir.credentials(A);
    const sotw = new SotwClient(h.address, makeNode(A), 'ads', creds);
    h.clients.push(sotw);
    sotw.request(SDS, ['default/a-cert']);
    const sds = await sotw.next();
    assert.deepEqual(namesOf(sds), ['default/a-cert']);
    const decoded = loadXdsProtos().decode(SDS, sds.resources?.[0]?.value as Buffer);
    assert.equal((decoded.tls_certificate as { private_key: { inline_string: string } }).private_key.inline_string, keyOfA);

    const delta = new DeltaClient(h.address, makeNode(A, 'envoy-2'), 'ads', await tlsDir.credentials(A));
    h.clients.push(delta);
    delta.subscribe(CDS);
    assert.deepEqual(deltaNamesOf(await delta.next()), ['c1']);
  });

  test('asking for another Gateway is refused with PERMISSION_DENIED on ADS and every per-type service; nothing is sent', async () => {
    const creds = await tlsDir.credentials(A);
    const services: ServiceName[] = ['ads', ...PER_TYPE_SERVICES.map((s) => s.service)];
    for (const service of services) {
      const typeUrl = service === 'ads' ? SDS : (PER_TYPE_SERVICES.find((s) => s.service === service)?.typeUrl as string);
      for (const protocol of ['sotw', 'delta'] as const) {
        const c = protocol === 'sotw' ? new SotwClient(h.address, makeNode(B), service, creds) : new DeltaClient(h.address, makeNode(B), service, creds);
        h.clients.push(c);
        if (c instanceof SotwClient) c.request(typeUrl, []);
        else c.subscribe(typeUrl, []);
        const s = statusOf(await c.inbox.status());
        assert.equal(s.code, grpc.status.PERMISSION_DENIED, `${service} ${protocol}: ${s.details}`);
        assert.match(s.details, /node\.cluster "default\/b" is not the Gateway of this proxy's certificate \("default\/a"\)/);
        assert.equal(c.inbox.size, 0, `${service} ${protocol} sent something`);
        c.close();
      }
    }
    assert.equal(h.registry.list().filter((p) => p.cluster === B).length, 0);
  });

  test('Fetch for another Gateway is refused; for its own it answers', async () => {
    const svc = PER_TYPE_SERVICES.find((s) => s.service === 'sds');
    assert.ok(svc);
    const raw = clientFor(h.address, 'sds', await tlsDir.credentials(A));
    const fetch = (cluster: string) => new Promise<{ err: grpc.ServiceError | null; names: number }>((resolve) => {
      (raw[svc.fetch] as (req: object, cb: (err: grpc.ServiceError | null, res?: { resources?: unknown[] }) => void) => void)
        .call(raw, { node: makeNode(cluster), type_url: SDS }, (err, res) => resolve({ err, names: res?.resources?.length ?? 0 }));
    });
    try {
      const denied = await fetch(B);
      assert.equal(denied.err?.code, grpc.status.PERMISSION_DENIED);
      const own = await fetch(A);
      assert.equal(own.err, null);
      assert.equal(own.names, 1);
    } finally {
      raw.close();
    }
  });

  test('no certificate, a certificate of another CA, or Pier\'s own serving certificate: refused', async () => {
    const ca = tlsDir.ca;
    const paths = tlsPathsInDir(tlsDir.dir);
    await otherCa.gatewayFiles(A);
    await tlsDir.gatewayFiles(A);
    const attempts: [string, grpc.ChannelCredentials][] = [
      ['no certificate', grpc.credentials.createSsl(ca)],
      ['another CA', grpc.credentials.createSsl(ca, gatewayMaterial(otherCa, A).key, gatewayMaterial(otherCa, A).cert)],
      ['the serving certificate', grpc.credentials.createSsl(ca, readFileSync(paths.serverKey), readFileSync(paths.serverCert))],
    ];
    for (const [what, creds] of attempts) {
      const c = new SotwClient(h.address, makeNode(A), 'ads', creds);
      h.clients.push(c);
      c.request(LDS);
      const s = statusOf(await c.inbox.status(5000));
      assert.ok([grpc.status.UNAVAILABLE, grpc.status.PERMISSION_DENIED, grpc.status.UNAUTHENTICATED].includes(s.code), `${what}: ${s.code} ${s.details}`);
      assert.equal(c.inbox.size, 0, `${what}: got a response`);
      c.close();
    }
    // And at the TLS level: the handshake itself fails without a certificate of Pier's CA.
    const port = Number(h.address.split(':')[1]);
    assert.equal((await tlsHandshake(port, { ca })).ok, false);
    assert.equal((await tlsHandshake(port, { ca, ...gatewayMaterial(otherCa, A) })).ok, false);
    assert.equal((await tlsHandshake(port, { ca, ...gatewayMaterial(tlsDir, A) })).ok, true);
  });

  test('plaintext clients cannot talk to the mTLS port', async () => {
    const c = new SotwClient(h.address, makeNode(A), 'ads');
    h.clients.push(c);
    c.request(LDS);
    const s = statusOf(await c.inbox.status(5000));
    assert.equal(s.code, grpc.status.UNAVAILABLE);
    c.close();
  });

  test('the registry shows each stream\'s identity', async () => {
    const c = new SotwClient(h.address, makeNode(A, 'who-am-i'), 'ads', await tlsDir.credentials(A));
    h.clients.push(c);
    c.request(CDS);
    await c.next();
    const p = h.registry.list().find((x) => x.nodeId === 'who-am-i');
    assert.ok(p);
    assert.equal(p.identity.transport, 'mtls');
    assert.equal(p.identity.gateway, A);
    assert.deepEqual(p.identity.uris, ['spiffe://pier.dev/gateway/default/a']);
    assert.match(p.identity.serialNumber ?? '', /^[0-9A-F]+$/);
    assert.ok(Date.parse(p.identity.notAfter ?? '') > Date.now());
  });
});

describe('xDS TLS rotation', () => {
  test('new serving certificate and new CA are taken without restart (real handshakes before and after); a broken update is refused', async () => {
    const t = await makeTlsDir('pier-tls-rotate-');
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } }) });
    const h = await startHarness({ tls: tlsPathsInDir(t.dir), logger });
    const port = Number(h.address.split(':')[1]);
    try {
      h.cache.setResources(A, basicGateway(A));
      await t.gatewayFiles(A);
      const before = await tlsHandshake(port, { ca: t.ca, ...gatewayMaterial(t, A) });
      assert.equal(before.ok, true, before.error);
      const stream = new SotwClient(h.address, makeNode(A), 'ads', await t.credentials(A));
      h.clients.push(stream);
      stream.request(CDS);
      const first = await stream.next();
      stream.ack(first);

      // 1. A new serving certificate from the same CA (pier certgen --dir again).
      await generateServerFiles(t.dir);
      await eventually(() => h.server.reloadCredentials() || lines.some((l) => l.includes('xDS TLS certificates reloaded')), 5000, 'the reload');
      const afterServer = await tlsHandshake(port, { ca: t.ca, ...gatewayMaterial(t, A) });
      assert.equal(afterServer.ok, true, afterServer.error);
      assert.notEqual(afterServer.serverSerial, before.serverSerial);
      // The stream opened before the rotation goes on.
      h.cache.setResources(A, resources(A, { clusters: [cluster('c1'), cluster('c2')] }));
      const update = await stream.next();
      assert.deepEqual(namesOf(update), ['c1', 'c2']);

      // 2. A broken update (a key that is not the certificate's) is refused; the last good one serves.
      const paths = tlsPathsInDir(t.dir);
      const stranger = await issueServerCertificate(await createCertificateAuthority('stranger'));
      writeFileSync(paths.serverKey, stranger.keyPem);
      assert.equal(h.server.reloadCredentials(), false);
      assert.ok(lines.some((l) => l.includes('cannot be used; the previous certificates stay in use') && l.includes('does not match')));
      assert.ok(!lines.some((l) => l.includes(stranger.keyPem.split('\n')[5] as string)), 'the key content stays out of the log');
      const stillServing = await tlsHandshake(port, { ca: t.ca, ...gatewayMaterial(t, A) });
      assert.equal(stillServing.serverSerial, afterServer.serverSerial);

      // 3. A new CA: proxies with certificates of the old CA are refused, new ones accepted.
      const oldA = gatewayMaterial(t, A);
      const oldCa = t.ca;
      for (const f of [paths.caCert, paths.caKey]) unlinkSync(f);
      await generateServerFiles(t.dir);
      await generateGatewayFiles(t.dir, A);
      h.server.reloadCredentials(); // or the periodic check takes it
      await eventually(() => lines.filter((l) => l.includes('xDS TLS certificates reloaded')).length >= 2, 5000, 'the second reload');
      const oldClient = await tlsHandshake(port, { ca: t.ca, ...oldA });
      assert.equal(oldClient.ok, false, 'a certificate of the old CA is refused');
      const newClient = await tlsHandshake(port, { ca: t.ca, ...gatewayMaterial(t, A) });
      assert.equal(newClient.ok, true, newClient.error);
      assert.equal((await tlsHandshake(port, { ca: oldCa, ...gatewayMaterial(t, A) })).ok, false, 'the old CA does not vouch for the new server certificate');
    } finally {
      await h.close();
      rmSync(t.dir, { recursive: true, force: true });
    }
  });
});
