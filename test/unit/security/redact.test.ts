/** The private-key filter and the structural redactions, on real keys. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { stringify } from 'yaml';
import { createLogger } from '../../../src/logging/logger';
import { createCertificateAuthority, type KeyPair } from '../../../src/security/pki';
import { REDACTED, containsPrivateKey, redactIR, redactText, redactXdsResources } from '../../../src/security/redact';
import type { XdsIR } from '../../../src/ir/types';

describe('private key redaction', () => {
  let key: KeyPair;
  let body: string;

  before(async () => {
    key = await createCertificateAuthority('redact test');
    body = key.keyPem.trim().split('\n')[5] as string;
  });

  test('a PEM key in plain text, in JSON, in YAML and cut short is replaced; certificates are kept', () => {
    const texts = [
      `before ${key.keyPem} after`,
      JSON.stringify({ nested: { key: key.keyPem } }),
      stringify({ private_key: { inline_string: key.keyPem } }),
      JSON.stringify({ msg: key.keyPem.slice(0, 400) }), // a truncated line
      key.keyPem.replace('PRIVATE KEY', 'RSA PRIVATE KEY').replace('PRIVATE KEY-----\n', 'PRIVATE KEY-----\n').replace(/END PRIVATE/, 'END RSA PRIVATE'),
    ];
    for (const t of texts) {
      assert.ok(t.includes(body));
      const out = redactText(t);
      assert.ok(!out.includes(body), `key left in: ${out.slice(0, 200)}`);
      assert.ok(out.includes(REDACTED));
    }
    assert.ok(redactText(`x ${key.keyPem} ${key.certPem}`).includes(key.certPem), 'the certificate stays');
    assert.equal(redactText('nothing secret here'), 'nothing secret here');
  });

  test('a base64-encoded PEM key (a Secret\'s data) is replaced, other base64 is kept', () => {
    const encoded = Buffer.from(key.keyPem).toString('base64');
    const cert = Buffer.from(key.certPem).toString('base64');
    const out = redactText(`data: { tls.key: ${encoded}, tls.crt: ${cert} }`);
    assert.ok(!out.includes(encoded.slice(100, 160)));
    assert.ok(out.includes(cert));
    assert.ok(containsPrivateKey(encoded));
    assert.ok(!containsPrivateKey(cert));
  });

  test('logs at every level pass through the filter', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'trace', destination: new Writable({ write(c, _e, cb) { lines.push(String(c)); cb(); } }) });
    logger.trace({ secret: key.keyPem }, 'trace');
    logger.debug(`debug ${key.keyPem}`);
    logger.error({ err: new Error(`bad key ${key.keyPem}`) }, 'error');
    logger.child({ component: 'x' }).warn({ nested: { deeper: [Buffer.from(key.keyPem).toString('base64')] } }, 'warn');
    assert.equal(lines.length, 4);
    for (const l of lines) assert.ok(!l.includes(body) && !l.includes(Buffer.from(key.keyPem).toString('base64').slice(80, 140)), l);
  });

  test('the IR and the xDS resources keep their shape with the key replaced', () => {
    const ir: XdsIR = {
      gateway: 'default/gw', udp: [], tcp: [],
      http: [{ name: 'l', address: '0.0.0.0', port: 443, hostnames: ['*'], virtualHosts: [], tls: { certificates: [{ name: 'default/c', certificateChain: key.certPem, privateKey: key.keyPem }] } }],
      backendClientCertificate: { name: 'default/client', certificateChain: key.certPem, privateKey: key.keyPem },
      backendCertificates: [{ name: 'default/xbackend-client', certificateChain: key.certPem, privateKey: key.keyPem }],
    };
    const r = redactIR(ir);
    assert.equal(r.backendClientCertificate?.privateKey, REDACTED, 'the client certificate presented to backends too');
    assert.equal(r.backendCertificates?.[0]?.privateKey, REDACTED, 'and those XBackends present');
    assert.equal(r.backendCertificates?.[0]?.certificateChain, key.certPem);
    assert.ok(!containsPrivateKey(JSON.stringify(r)));
    assert.equal(r.http[0]?.tls?.certificates[0]?.privateKey, REDACTED);
    assert.equal(r.http[0]?.tls?.certificates[0]?.certificateChain, key.certPem);
    assert.equal(ir.http[0]?.tls?.certificates[0]?.privateKey, key.keyPem, 'the input is not changed');
    const xds = redactXdsResources({
      gateway: 'default/gw', listeners: [], routes: [], clusters: [], endpoints: [],
      secrets: [{ name: 'default/c', tls_certificate: { certificate_chain: { inline_string: key.certPem }, private_key: { inline_string: key.keyPem } } }],
    });
    assert.deepEqual(xds.secrets[0]?.tls_certificate?.private_key, { inline_string: REDACTED });
  });
});
