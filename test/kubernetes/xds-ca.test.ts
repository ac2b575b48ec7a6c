/**
 * Kubernetes mode without TLS files, on a real API server: Pier keeps its xDS CA and serving
 * certificate in a Secret. Two replicas started at once from nothing agree on one Secret and
 * serve with it (real TLS handshakes with a client certificate from its CA, the serving
 * certificate naming the Service); with short lifetimes the leader renews the serving
 * certificate and then the CA, both replicas serve the renewal, a client certificate of the old
 * CA still connects while it is in the bundle and not after, and the Gateway proxies'
 * certificates follow; a replica that cannot create the Secret (an admission policy refuses it)
 * is not ready until the Secret appears, then serves it; a deleted Secret is made again; the
 * next leader renews; --xds-tls-dir still wins.
 *
 * xDS binds to the host's end of a veth pair the test makes (198.19.x.1): on a loopback address
 * Pier serves plaintext, and servers in tests bind only to loopback or to such links.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { tlsHandshake } from '../helpers/tls';
import { issueGatewayCertificate, type KeyPair } from '../../src/security/pki';
import { generateServerFiles, tlsPathsInDir } from '../../src/security/tls-dir';
import { createXdsTlsMaterial, currentCertificateAuthority, materialOfSecretData, secretData, splitPemBundle, type XdsTlsMaterial } from '../../src/security/xds-material';
import { ApiRequestError } from './api';
import { startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';
import { createGatewaySetup } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const PIER_NS = 'pier-system';
const GW_NS = 'apps';
const SECRETS = `/api/v1/namespaces/${PIER_NS}/secrets`;
const SECRET = `${SECRETS}/pier-xds-tls`;
const PROXY_SECRET = `/api/v1/namespaces/${GW_NS}/secrets/pier-edge`;
const SERVICE_HOST = `pier.${PIER_NS}.svc`;
/** Short enough to see renewals within the test: serving renewed after 16 s, the CA after 60 s. */
const SERVER_VALIDITY_S = 24;
const CA_VALIDITY_S = 90;

interface SecretObj { metadata: { name: string; resourceVersion?: string; labels?: Record<string, string> }; type?: string; data?: Record<string, string> }

describe('the xDS CA Pier keeps in a Secret, on a real API server', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let net: BackendNetwork;
  const started: PierProcess[] = [];
  let a: PierProcess;
  let b: PierProcess;
  let first: XdsTlsMaterial;
  let oldProxy: KeyPair;
  const tmpDirs: string[] = [];

  const secretMaterial = async (p = SECRET): Promise<XdsTlsMaterial> => materialOfSecretData((await cp.api.get<SecretObj>(p)).data);
  const serial = (pem: string): string => new X509Certificate(splitPemBundle(pem)[0]!).serialNumber;
  const start = async (config: Record<string, unknown>, env: Record<string, string> = {}): Promise<PierProcess> => {
    const pier = await PierProcess.start({
      config: {
        provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: PIER_NS,
        xdsAddress: `${net.hostAddress}:${await freePort(net.hostAddress)}`, logLevel: 'info',
        xdsTlsServerValiditySeconds: SERVER_VALIDITY_S, xdsTlsCaValiditySeconds: CA_VALIDITY_S, ...config,
      },
      env,
    });
    started.push(pier);
    return pier;
  };
  const handshake = (pier: PierProcess, o: { ca: string; client: KeyPair }) =>
    tlsHandshake(pier.xdsPort, { host: net.hostAddress, servername: SERVICE_HOST, ca: o.ca, cert: o.client.certPem, key: o.client.keyPem });
  const proxyCert = async (m: XdsTlsMaterial): Promise<KeyPair> => issueGatewayCertificate(currentCertificateAuthority(m, 'test'), `${GW_NS}/edge`);
  const allLogs = (): string => started.map((p) => p.logs.map((l) => JSON.stringify(l)).join('\n') + p.stderr.join('\n')).join('\n');

  before(async () => {
    cp = await startControlPlane({ controllerManager: false });
    net = BackendNetwork.create();
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: PIER_NS } });
    await createGatewaySetup(cp.api, GW_NS, CONTROLLER);
  }, { timeout: 300_000 });

  after(async () => {
    await Promise.all(started.map((p) => p.stop()));
    net?.remove();
    await cp?.stop();
    for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
  });

  test('two replicas starting at once from nothing: one Secret, both serve with it, the serving certificate names the Service', async () => {
    assert.equal(await cp.api.exists(SECRET), false);
    [a, b] = await Promise.all([start({ leaderElect: true }), start({ leaderElect: true })]);
    const secret = await cp.api.get<SecretObj>(SECRET);
    assert.equal(secret.type, 'Opaque');
    assert.deepEqual(Object.keys(secret.data ?? {}).sort(), ['ca.crt', 'ca.key', 'server.crt', 'server.key']);
    first = materialOfSecretData(secret.data);
    oldProxy = await proxyCert(first);
    const created = [a, b].flatMap((p) => p.find((l) => l.msg === 'created the xDS CA and serving certificate'));
    assert.equal(created.length, 1, 'exactly one replica created it');
    for (const pier of [a, b]) {
      const r = await handshake(pier, { ca: first.caPem, client: oldProxy });
      assert.equal(r.ok, true, `handshake with ${pier.xdsPort}: ${r.error}`);
      // Both serve the Secret's certificate (a renewal may have come meanwhile: then its successor).
      const now = await secretMaterial();
      assert.ok([serial(first.certPem), serial(now.certPem)].includes(r.serverSerial!), 'serves the Secret\'s serving certificate');
      for (const san of [`DNS:${SERVICE_HOST}`, `DNS:${SERVICE_HOST}.cluster.local`, 'DNS:pier', 'URI:spiffe://pier.dev/xds-server']) {
        assert.ok(r.serverSans?.split(', ').includes(san), `${san} in ${r.serverSans}`);
      }
      const stranger = await tlsHandshake(pier.xdsPort, { host: net.hostAddress, servername: SERVICE_HOST, ca: first.caPem });
      assert.equal(stranger.ok, false, 'no client certificate: refused');
    }
    // The Gateway's proxies get a client certificate from the Secret's CA (Kubernetes infrastructure).
    const proxySecret = await waitFor('the Gateway proxy Secret', async () => ((await cp.api.exists(PROXY_SECRET)) ? cp.api.get<SecretObj>(PROXY_SECRET) : undefined), { timeoutMs: 30_000 });
    const proxyCa = Buffer.from(proxySecret.data?.['ca.crt'] ?? '', 'base64').toString();
    const proxyTls = new X509Certificate(Buffer.from(proxySecret.data?.['tls.crt'] ?? '', 'base64'));
    assert.ok(splitPemBundle(proxyCa).some((c) => proxyTls.verify(new X509Certificate(c).publicKey)), 'the proxy certificate chains to the bundle it is given');
    assert.ok(!allLogs().includes('PRIVATE KEY'), 'no key material in the logs');
  });

  test('rotation: the serving certificate, then the CA, renewed by the leader; both replicas serve the renewals; the old CA\'s client certificate works during the overlap only; the proxies\' certificates follow', async () => {
    const servedSerial = async (pier: PierProcess, ca: string, client: KeyPair): Promise<string | undefined> => (await handshake(pier, { ca, client })).serverSerial;
    // Serving certificate renewed (same CA).
    const renewed = await waitFor('a renewed serving certificate', async () => {
      const m = await secretMaterial();
      return serial(m.certPem) !== serial(first.certPem) ? m : undefined;
    }, { timeoutMs: 60_000, intervalMs: 500 });
    for (const pier of [a, b]) {
      await waitFor(`replica ${pier.xdsPort} to serve a renewed certificate`, async () => {
        const s = await servedSerial(pier, renewed.caPem, oldProxy);
        return s !== undefined && s !== serial(first.certPem) ? true : undefined;
      }, { timeoutMs: 20_000, intervalMs: 300 });
    }
    const renewers = [a, b].filter((p) => p.find((l) => l.msg === 'renewed the xDS TLS certificates').length > 0);
    assert.equal(renewers.length, 1, 'only the leader renews');

    // CA rotated: a new CA first in ca.crt, the old one second.
    const rotated = await waitFor('a new CA', async () => {
      const m = await secretMaterial();
      return splitPemBundle(m.caPem).length === 2 ? m : undefined;
    }, { timeoutMs: 90_000, intervalMs: 500 });
    const [newCa, oldCa] = splitPemBundle(rotated.caPem);
    assert.equal(oldCa, splitPemBundle(first.caPem)[0]);
    assert.notEqual(serial(newCa!), serial(first.caPem));
    const newProxy = await proxyCert(rotated);
    for (const pier of [a, b]) {
      // Both replicas trust both CAs: a proxy certificate of either connects.
      await waitFor(`replica ${pier.xdsPort} to accept the new CA's client certificate`, async () => ((await handshake(pier, { ca: rotated.caPem, client: newProxy })).ok ? true : undefined), { timeoutMs: 20_000, intervalMs: 300 });
      const old = await handshake(pier, { ca: rotated.caPem, client: oldProxy });
      assert.equal(old.ok, true, `the old CA's client certificate during the overlap: ${old.error}`);
    }
    // The Gateway proxies' Secret follows: the new bundle, a certificate of the new CA.
    await waitFor('the proxy Secret to carry the new bundle', async () => {
      const s = await cp.api.get<SecretObj>(PROXY_SECRET);
      const ca = Buffer.from(s.data?.['ca.crt'] ?? '', 'base64').toString();
      const cert = new X509Certificate(Buffer.from(s.data?.['tls.crt'] ?? '', 'base64'));
      return splitPemBundle(ca)[0] === newCa && cert.verify(new X509Certificate(newCa!).publicKey) ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 500 });

    // Once the old CA expires it leaves the bundle, and its client certificates stop working.
    await waitFor('the old CA to leave the bundle', async () => (splitPemBundle((await secretMaterial()).caPem).length === 1 ? true : undefined), { timeoutMs: 90_000, intervalMs: 1000 });
    const final = await secretMaterial();
    for (const pier of [a, b]) {
      await waitFor(`replica ${pier.xdsPort} to refuse the old CA's client certificate`, async () => ((await handshake(pier, { ca: final.caPem, client: oldProxy })).ok ? undefined : true), { timeoutMs: 20_000, intervalMs: 300 });
      const current = await handshake(pier, { ca: final.caPem, client: newProxy });
      assert.equal(current.ok, true, current.error);
    }
    assert.ok(!allLogs().includes('PRIVATE KEY'), 'no key material in the logs');
  });

  test('a replica that cannot create the Secret is not ready until it appears, then serves it', async () => {
    const NAME = 'late-tls';
    const ALLOW = 'test.pier.dev/allow';
    const ADMISSION = '/apis/admissionregistration.k8s.io/v1';
    await cp.api.create(`${ADMISSION}/validatingadmissionpolicies`, {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'hold-late-tls' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['secrets'] }] },
        validations: [{ expression: `object.metadata.name != '${NAME}' || (has(object.metadata.labels) && '${ALLOW}' in object.metadata.labels)`, message: 'held by the test policy' }],
      },
    });
    await cp.api.create(`${ADMISSION}/validatingadmissionpolicybindings`, {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'hold-late-tls' },
      spec: { policyName: 'hold-late-tls', validationActions: ['Deny'] },
    });
    // The policy takes effect a moment after it is created: a probe in another namespace shows when.
    await waitFor('the policy to hold the Secret', async () => {
      try {
        await cp.api.create('/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: NAME }, data: {} });
        await cp.api.delete(`/api/v1/namespaces/default/secrets/${NAME}`);
        return undefined;
      } catch (err) {
        return err instanceof ApiRequestError && /held by the test policy/.test(err.message) ? true : undefined;
      }
    }, { timeoutMs: 20_000, intervalMs: 200 });

    const adminPort = await freePort();
    // Host infrastructure without Envoys: this replica must not write the Gateway's proxy objects too.
    const starting = start({ leaderElect: false, xdsTlsSecret: NAME, adminAddress: `127.0.0.1:${adminPort}`, infrastructure: 'host', envoy: 'off' });
    starting.catch(() => undefined);
    const waiting = await waitFor('the late replica to say what it waits for', async () => {
      const r = await httpRequest(`http://127.0.0.1:${adminPort}/readyz`).catch(() => undefined);
      if (!r || r.status !== 503) return undefined;
      return r.body.includes(`xDS certificates in Secret ${PIER_NS}/${NAME}`) ? r.body : undefined;
    }, { timeoutMs: 10_000, intervalMs: 100 });
    assert.match(waiting, /xDS server listening/, 'not serving xDS either');
    // It tried to create the Secret and was refused (so it waits for someone else's).
    await waitFor('a refused create', async () => {
      const r = await httpRequest(`http://127.0.0.1:${adminPort}/metrics`);
      return /pier_xds_tls_secret_writes_total\{verb="create",result="error"\} [1-9]/.test(r.body) ? true : undefined;
    }, { timeoutMs: 10_000, intervalMs: 100 });
    const stillWaiting = await httpRequest(`http://127.0.0.1:${adminPort}/readyz`);
    assert.equal(stillWaiting.status, 503, 'not ready while the Secret is missing');

    // Every name the replica wants on its serving certificate: it would issue a new one otherwise
    // (a renewal race with the handshake below).
    const material = await createXdsTlsMaterial({ sans: [SERVICE_HOST, `${SERVICE_HOST}.cluster.local`, 'pier'], lifetimes: { caMs: 3600_000, serverMs: 3600_000 } });
    await cp.api.create(SECRETS, { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: NAME, labels: { [ALLOW]: 'yes' } }, data: secretData(material) });
    const late = await starting;
    assert.ok(late.find((l) => l.msg === 'could not write the xDS TLS Secret; trying again').length > 0, 'it tried to create the Secret and was refused');
    assert.equal(late.find((l) => l.msg === 'created the xDS CA and serving certificate').length, 0);
    const r = await handshake(late, { ca: material.caPem, client: await proxyCert(material) });
    assert.equal(r.ok, true, r.error);
    assert.equal(r.serverSerial, serial(material.certPem), 'serves the Secret that appeared');
  });

  test('a deleted Secret is made again and served by both replicas; when the leader dies, the next one renews', async () => {
    const before = await secretMaterial();
    await cp.api.delete(SECRET);
    const remade = await waitFor('a new Secret', async () => {
      if (!(await cp.api.exists(SECRET))) return undefined;
      const m = await secretMaterial();
      return serial(m.caPem) !== serial(before.caPem) ? m : undefined;
    }, { timeoutMs: 30_000, intervalMs: 300 });
    const client = await proxyCert(remade);
    for (const pier of [a, b]) {
      await waitFor(`replica ${pier.xdsPort} to serve the new Secret`, async () => ((await handshake(pier, { ca: remade.caPem, client })).ok ? true : undefined), { timeoutMs: 20_000, intervalMs: 300 });
    }

    const lease = await cp.api.get<{ spec: { holderIdentity?: string } }>(`/apis/coordination.k8s.io/v1/namespaces/${PIER_NS}/leases/pier-gateway-controller`);
    const holderPid = Number(lease.spec.holderIdentity?.split('_')[1]);
    const [leader, survivor] = holderPid === a.child.pid ? [a, b] : [b, a];
    assert.equal(leader.child.pid, holderPid, 'one of the two replicas leads');
    const renewalsBefore = survivor.find((l) => l.msg === 'renewed the xDS TLS certificates').length;
    assert.equal(renewalsBefore, 0, 'the follower renewed nothing so far');
    leader.child.kill('SIGKILL');
    await waitFor('the survivor to renew', async () => (survivor.find((l) => l.msg === 'renewed the xDS TLS certificates').length > 0 ? true : undefined), { timeoutMs: 60_000, intervalMs: 500 });
    const now = await secretMaterial();
    await waitFor('the survivor to serve its renewal', async () => ((await handshake(survivor, { ca: now.caPem, client })).serverSerial === serial(now.certPem) ? true : undefined), { timeoutMs: 20_000, intervalMs: 300 });
  });

  test('an operator\'s --xds-tls-dir wins: no Secret is made, the directory\'s certificate is served', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-xds-ca-dir-'));
    tmpDirs.push(dir);
    await generateServerFiles(dir, [SERVICE_HOST]);
    const files = tlsPathsInDir(dir);
    const pier = await start({ leaderElect: false, xdsTlsDir: dir, xdsTlsSecret: 'unused-tls', infrastructure: 'host', envoy: 'off' });
    const material: XdsTlsMaterial = { caPem: readFileSync(files.caCert, 'utf8'), caKeyPem: readFileSync(files.caKey, 'utf8'), certPem: readFileSync(files.serverCert, 'utf8'), keyPem: readFileSync(files.serverKey, 'utf8') };
    const r = await handshake(pier, { ca: material.caPem, client: await proxyCert(material) });
    assert.equal(r.ok, true, r.error);
    assert.equal(r.serverSerial, serial(material.certPem));
    assert.equal(await cp.api.exists(`${SECRETS}/unused-tls`), false);
  });
});
