/**
 * The xDS CA and serving certificate Pier keeps in a Secret (src/security/xds-material.ts): what
 * is created, when each part is renewed (last third of its lifetime, missing SANs, an unusable
 * serving certificate), the CA overlap (old CAs stay in ca.crt until they expire), the Secret's
 * data, and the xDS server's credentials taking their material from a source other than files
 * (real TLS handshakes: the last good material is kept, new handshakes see a renewal).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '../../../src/logging/logger';
import { issueGatewayCertificate } from '../../../src/security/pki';
import {
  createXdsTlsMaterial, currentCertificateAuthority, materialOfSecretData, planRenewal, renewXdsTlsMaterial, secretData, servingMaterialOf, splitPemBundle,
  type XdsTlsMaterial,
} from '../../../src/security/xds-material';
import type { ServingMaterialSource } from '../../../src/xds/server/credentials';
import { eventually, startHarness, type Harness } from '../xds-server/harness';
import { tlsHandshake } from '../../helpers/tls';

const SECOND = 1000;
const LIFETIMES = { caMs: 300 * SECOND, serverMs: 60 * SECOND };
const SANS = ['pier.pier-system.svc', 'pier.pier-system.svc.cluster.local', 'pier'];

const serial = (pem: string): string => new X509Certificate(splitPemBundle(pem)[0]!).serialNumber;
const notAfter = (pem: string): number => Date.parse(new X509Certificate(splitPemBundle(pem)[0]!).validTo);

describe('the xDS TLS material kept in a Secret', () => {
  const t0 = Math.floor(Date.now() / 1000) * 1000; // certificates count whole seconds
  let created: XdsTlsMaterial;

  test('created: a CA and a serving certificate it signs, with the Service names and the defaults; nothing due until the last third', async () => {
    created = await createXdsTlsMaterial({ sans: SANS, lifetimes: LIFETIMES, now: new Date(t0) });
    const ca = currentCertificateAuthority(created, 'Secret t/x');
    const served = servingMaterialOf(created, 'Secret t/x');
    assert.ok(served.cert.verify(new X509Certificate(ca.certPem).publicKey), 'signed by the CA');
    for (const san of ['DNS:pier.pier-system.svc', 'DNS:pier.pier-system.svc.cluster.local', 'DNS:pier', 'DNS:localhost', 'IP Address:127.0.0.1', 'URI:spiffe://pier.dev/xds-server']) {
      assert.ok(served.cert.subjectAltName?.split(', ').includes(san), `SAN ${san} in ${served.cert.subjectAltName}`);
    }
    assert.equal(notAfter(created.certPem) - t0, LIFETIMES.serverMs);
    assert.equal(notAfter(created.caPem) - t0, LIFETIMES.caMs);
    const plan = planRenewal(created, { now: t0 + 30 * SECOND, sans: SANS });
    assert.deepEqual([plan.renewCa, plan.renewServer, plan.dropCas, plan.reasons], [false, false, 0, []]);
    assert.equal(plan.nextCheckAt, t0 + 40 * SECOND, 'looks again when the serving certificate enters its last third');
  });

  test('the serving certificate is renewed in its last third, by the same CA; then nothing is due', async () => {
    const at = t0 + 41 * SECOND;
    const plan = planRenewal(created, { now: at, sans: SANS });
    assert.deepEqual([plan.renewCa, plan.renewServer, plan.dropCas], [false, true, 0]);
    assert.match(plan.reasons.join(), /serving certificate .* last third/);
    const renewed = await renewXdsTlsMaterial(created, plan, { sans: SANS, lifetimes: LIFETIMES, now: new Date(at) });
    assert.equal(renewed.caPem, created.caPem);
    assert.equal(renewed.caKeyPem, created.caKeyPem);
    assert.notEqual(serial(renewed.certPem), serial(created.certPem));
    const after = planRenewal(renewed, { now: at, sans: SANS });
    assert.deepEqual([after.renewCa, after.renewServer, after.dropCas], [false, false, 0]);
  });

  test('a SAN the serving certificate lacks (a new Service name) renews it', () => {
    const plan = planRenewal(created, { now: t0, sans: [...SANS, 'pier-xds.elsewhere.svc'] });
    assert.equal(plan.renewServer, true);
    assert.match(plan.reasons.join(), /lacks the SANs pier-xds\.elsewhere\.svc/);
  });

  test('an unusable serving certificate (its key is another one) is renewed; a missing part is named', async () => {
    const other = await createXdsTlsMaterial({ sans: SANS, lifetimes: LIFETIMES, now: new Date(t0) });
    const broken = { ...created, keyPem: other.keyPem };
    assert.throws(() => servingMaterialOf(broken, 'Secret t/x'), /server key Secret t\/x key server\.key does not match/);
    assert.equal(planRenewal(broken, { now: t0, sans: SANS }).renewServer, true);
    const noServer = materialOfSecretData({ ...secretData(created), 'server.crt': '' });
    assert.throws(() => servingMaterialOf(noServer, 'Secret t/x'), /Secret t\/x key server\.crt holds no PEM certificate/);
    const noCaKey = materialOfSecretData({ ...secretData(created), 'ca.key': '' });
    assert.throws(() => currentCertificateAuthority(noCaKey, 'Secret t/x'), /Secret t\/x key ca\.key/);
  });

  test('the Secret data round-trips under the certgen file names', () => {
    const data = secretData(created);
    assert.deepEqual(Object.keys(data).sort(), ['ca.crt', 'ca.key', 'server.crt', 'server.key']);
    assert.deepEqual(materialOfSecretData(data), created);
  });

  test('the CA is renewed in its last third: the new CA goes first and signs, the old one stays in ca.crt until it expires, then leaves', async () => {
    const at = t0 + 201 * SECOND;
    const oldProxy = await issueGatewayCertificate(currentCertificateAuthority(created, 'x'), 'default/web', new Date(t0));
    const plan = planRenewal(created, { now: at, sans: SANS });
    assert.deepEqual([plan.renewCa, plan.renewServer], [true, true]);
    const rotated = await renewXdsTlsMaterial(created, plan, { sans: SANS, lifetimes: LIFETIMES, now: new Date(at) });
    const bundle = splitPemBundle(rotated.caPem);
    assert.equal(bundle.length, 2);
    assert.equal(bundle[1], splitPemBundle(created.caPem)[0], 'the old CA second');
    const newCa = currentCertificateAuthority(rotated, 'x');
    assert.notEqual(serial(newCa.certPem), serial(created.caPem));
    assert.ok(new X509Certificate(rotated.certPem).verify(new X509Certificate(newCa.certPem).publicKey), 'the new serving certificate is signed by the new CA');
    assert.ok(new X509Certificate(oldProxy.certPem).verify(new X509Certificate(bundle[1]!).publicKey), 'a proxy certificate of the old CA still chains to the bundle');
    const steady = planRenewal(rotated, { now: at, sans: SANS });
    assert.deepEqual([steady.renewCa, steady.renewServer, steady.dropCas], [false, false, 0]);
    assert.equal(steady.nextCheckAt, Math.min(at + 40 * SECOND, notAfter(created.caPem) + 1));
    // Past the old CA's expiry it leaves the bundle.
    const later = notAfter(created.caPem) + 1;
    const drop = planRenewal(rotated, { now: later, sans: SANS });
    assert.equal(drop.dropCas, 1);
    const dropped = await renewXdsTlsMaterial(rotated, drop, { sans: SANS, lifetimes: LIFETIMES, now: new Date(later) });
    assert.deepEqual(splitPemBundle(dropped.caPem), [newCa.certPem]);
  });

  test('a CA renewal alone keeps the serving certificate (signed by the old CA, still in the bundle)', async () => {
    const plan = { renewCa: true, renewServer: false, dropCas: 0, reasons: [], nextCheckAt: 0 };
    const rotated = await renewXdsTlsMaterial(created, plan, { sans: SANS, lifetimes: LIFETIMES, now: new Date(t0 + 201 * SECOND) });
    assert.equal(rotated.certPem, created.certPem);
    assert.doesNotThrow(() => servingMaterialOf(rotated, 'x'));
  });
});

describe('xDS credentials from a material source (not files)', () => {
  let h: Harness | undefined;
  after(async () => { await h?.close(); });

  test('serves with it, keeps the last good material when it turns unusable, and takes a renewal for new handshakes', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', format: 'json', destination: new Writable({ write(chunk, _e, cb) { lines.push(String(chunk)); cb(); } }) });
    let current = await createXdsTlsMaterial({ sans: SANS, lifetimes: LIFETIMES });
    let version = 1;
    const listeners: (() => void)[] = [];
    const source: ServingMaterialSource = {
      description: { secret: 't/x' },
      version: () => String(version),
      read: () => servingMaterialOf(current, 'Secret t/x'),
      onChange: (l) => { listeners.push(l); },
    };
    h = await startHarness({ tls: source, logger });
    const port = Number(h.address.split(':').pop());
    const proxy = await issueGatewayCertificate(currentCertificateAuthority(current, 'x'), 'default/web');
    const first = await tlsHandshake(port, { ca: current.caPem, cert: proxy.certPem, key: proxy.keyPem, servername: 'pier.pier-system.svc' });
    assert.equal(first.ok, true, first.error);
    assert.equal(first.serverSerial, serial(current.certPem));

    // Unusable: the key of another certificate. The change is reported, the old material stays.
    const good = current;
    const other = await createXdsTlsMaterial({ sans: SANS, lifetimes: LIFETIMES });
    current = { ...good, keyPem: other.keyPem };
    version++;
    for (const l of listeners) l();
    assert.ok(lines.some((l) => l.includes('cannot be used; the previous certificates stay in use') && l.includes('does not match')));
    assert.ok(!lines.some((l) => l.includes('PRIVATE KEY')), 'no key material in the logs');
    const still = await tlsHandshake(port, { ca: good.caPem, cert: proxy.certPem, key: proxy.keyPem, servername: 'pier.pier-system.svc' });
    assert.equal(still.serverSerial, serial(good.certPem));

    // A renewal: new handshakes get the new serving certificate at once (the source called back).
    current = await renewXdsTlsMaterial(good, { renewCa: false, renewServer: true, dropCas: 0, reasons: [], nextCheckAt: 0 }, { sans: SANS, lifetimes: LIFETIMES });
    version++;
    for (const l of listeners) l();
    await eventually(() => lines.some((l) => l.includes('xDS TLS certificates reloaded')), 2000, 'the reload');
    const renewed = await tlsHandshake(port, { ca: current.caPem, cert: proxy.certPem, key: proxy.keyPem, servername: 'pier.pier-system.svc' });
    assert.equal(renewed.ok, true, renewed.error);
    assert.equal(renewed.serverSerial, serial(current.certPem));
    assert.notEqual(renewed.serverSerial, first.serverSerial);
  });
});
