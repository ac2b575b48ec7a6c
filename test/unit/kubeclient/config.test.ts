/**
 * Pier's kubeconfig loader against a real HTTPS server on loopback (real TLS handshakes): the
 * server CA and client certificate from files (relative to the kubeconfig) and from inline data,
 * bearer tokens, token files re-read when they change, basic auth, and errors that name the
 * file and the field. Exec credential plugins go through client-node: a real plugin runs.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { kubeConnectionFromFile, kubeConnectionFromYaml } from '../../../src/kubeclient/config';
import { KubeRestClient } from '../../../src/kubeclient/rest';
import { createCertificateAuthority, issueGatewayCertificate, issueServerCertificate, type KeyPair } from '../../../src/security/pki';

interface Seen { authorization: string; clientCertificate: string }

const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('kubeconfig loader', () => {
  let dir: string;
  let server: https.Server;
  let url: string;
  let ca: KeyPair;
  let client: KeyPair;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-kubeconfig-'));
    ca = await createCertificateAuthority('test cluster CA');
    const serving = await issueServerCertificate(ca);
    client = await issueGatewayCertificate(ca, 'ns/admin');
    server = https.createServer({ key: serving.keyPem, cert: serving.certPem, ca: ca.certPem, requestCert: true, rejectUnauthorized: false }, (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const seen: Seen = { authorization: req.headers.authorization ?? '', clientCertificate: (req.socket as TLSSocket).authorized ? String(peer.subject?.CN ?? '') : '' };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(seen));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(path.join(dir, 'ca.crt'), ca.certPem);
    writeFileSync(path.join(dir, 'client.crt'), client.certPem);
    writeFileSync(path.join(dir, 'client.key'), client.keyPem);
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const doc = (cluster: string, user: string): string => `apiVersion: v1
kind: Config
current-context: test
contexts:
- name: other
  context: {cluster: nowhere, user: nobody}
- name: test
  context: {cluster: c, user: u}
clusters:
- name: c
  cluster:
    server: ${url}
${cluster}
users:
- name: u
  user:
${user}
`;
  const get = (text: string, source = 'test.kubeconfig'): Promise<Seen> => new KubeRestClient(kubeConnectionFromYaml(text, source, dir)).request<Seen>('GET', '/');

  test('CA and client certificate from files relative to the kubeconfig: the server sees the certificate', async () => {
    const file = path.join(dir, 'files.kubeconfig');
    writeFileSync(file, doc('    certificate-authority: ca.crt', '    client-certificate: client.crt\n    client-key: client.key'));
    const seen = await new KubeRestClient(kubeConnectionFromFile(file)).request<Seen>('GET', '/');
    assert.equal(seen.clientCertificate, 'gateway ns/admin');
    assert.equal(seen.authorization, '');
  });

  test('CA and client certificate inline, and a bearer token', async () => {
    const seen = await get(doc(`    certificate-authority-data: ${b64(ca.certPem)}`, `    client-certificate-data: ${b64(client.certPem)}\n    client-key-data: ${b64(client.keyPem)}\n    token: abc.def`));
    assert.deepEqual(seen, { authorization: 'Bearer abc.def', clientCertificate: 'gateway ns/admin' });
  });

  test('a server certificate from another CA is refused unless insecure-skip-tls-verify', async () => {
    const other = await createCertificateAuthority('another CA');
    await assert.rejects(get(doc(`    certificate-authority-data: ${b64(other.certPem)}`, '    token: t')), /certificate/);
    const seen = await get(doc('    insecure-skip-tls-verify: true', '    token: t'));
    assert.equal(seen.authorization, 'Bearer t');
  });

  test('a token file is read per request and re-read when it changes', async () => {
    const tokenFile = path.join(dir, 'token');
    writeFileSync(tokenFile, 'first\n');
    const connection = kubeConnectionFromYaml(doc('    certificate-authority: ca.crt', '    tokenFile: token'), 'tokens', dir);
    const rest = new KubeRestClient(connection);
    assert.equal((await rest.request<Seen>('GET', '/')).authorization, 'Bearer first');
    // Within a minute the token read before serves (as client-go): no read per request.
    writeFileSync(tokenFile, 'second\n');
    assert.equal((await rest.request<Seen>('GET', '/')).authorization, 'Bearer first');
    utimesSync(tokenFile, new Date(), new Date(Date.now() + 5_000));
    const reread = kubeConnectionFromYaml(doc('    certificate-authority: ca.crt', '    tokenFile: token'), 'tokens', dir);
    assert.equal((await new KubeRestClient(reread).request<Seen>('GET', '/')).authorization, 'Bearer second');
  });

  test('basic auth', async () => {
    const seen = await get(doc('    certificate-authority: ca.crt', '    username: admin\n    password: s3cret'));
    assert.equal(seen.authorization, `Basic ${b64('admin:s3cret')}`);
  });

  test('an exec credential plugin runs (through client-node) and its token is sent', async () => {
    const plugin = path.join(dir, 'plugin.js');
    writeFileSync(plugin, `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'from-plugin' } }));\n`);
    const seen = await get(doc('    certificate-authority: ca.crt', `    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: ${process.execPath}\n      args: [${JSON.stringify(plugin)}]\n      interactiveMode: Never`));
    assert.equal(seen.authorization, 'Bearer from-plugin');
  });

  test('errors name the kubeconfig and the field', () => {
    assert.throws(() => kubeConnectionFromYaml('current-context: ""\n', 'a.yaml', dir), /kubeconfig a\.yaml has no current context/);
    assert.throws(() => kubeConnectionFromYaml('current-context: x\ncontexts: []\n', 'b.yaml', dir), /kubeconfig b\.yaml: no contexts entry named "x"/);
    assert.throws(() => kubeConnectionFromYaml(doc('', '    token: t').replace(`server: ${url}`, 'server: ftp://host'), 'c.yaml', dir), /kubeconfig c\.yaml: cluster\.server "ftp:\/\/host" is not an http\(s\) URL/);
    assert.throws(() => kubeConnectionFromYaml(doc('    certificate-authority: missing.crt', '    token: t'), 'd.yaml', dir), /kubeconfig d\.yaml: cluster\.certificate-authority .*missing\.crt: ENOENT/);
    assert.throws(() => kubeConnectionFromYaml(doc('', '    client-certificate: client.crt'), 'e.yaml', dir), /kubeconfig e\.yaml: user has a client certificate without its key/);
    assert.throws(() => kubeConnectionFromYaml('- a\n', 'f.yaml', dir), /kubeconfig f\.yaml: not a kubeconfig document/);
  });

  test('no key material in errors', () => {
    let message = '';
    try {
      kubeConnectionFromYaml(doc('', `    client-key-data: ${b64(client.keyPem)}`), 'g.yaml', dir);
    } catch (err) { message = (err as Error).message; }
    assert.match(message, /without its certificate|without its key/);
    assert.ok(!message.includes('PRIVATE KEY') && !message.includes(b64(client.keyPem).slice(0, 40)));
  });
});
