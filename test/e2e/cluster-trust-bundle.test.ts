/**
 * ClusterTrustBundle (certificates.k8s.io, cluster-scoped) in caCertificateRefs, through the real
 * `pier serve` CLI, a real Envoy and real TLS handshakes. One Gateway (127.0.0.74):
 *   https  client certificates validated against the CA in ClusterTrustBundle "example.com:clients"
 *          (CA "alpha"; the bundle is then changed to CA "beta", and the listener follows)
 *   http   /tls goes to an HTTPS backend whose certificate CA "gamma" issued; its BackendTLSPolicy
 *          trusts ClusterTrustBundle "example.com:backends" (CA gamma: Envoy verifies and connects;
 *          CA alpha instead, or the bundle deleted: Envoy refuses the backend and the client gets a 5xx)
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as https from 'node:https';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { certificateAuthority, clientCertificate, selfSignedCertificate, serverCertificate, type TestCertificate } from './features/certs';
import { freeTcpPorts, httpsRequest } from './features/clients';
import { backend, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER, NAMESPACE } from './features/resources';

const ADDRESS = '127.0.0.74';
const HOST = 'ctb.test';
const BACKEND_HOST = 'secure-backend.test';
const READY_TIMEOUT_MS = 30_000;
const CLIENTS_BUNDLE = 'example.com:clients';
const BACKENDS_BUNDLE = 'example.com:backends';

interface Condition { type: string; status: string; reason: string; message?: string }
interface StatusEntry {
  kind: string;
  name: string;
  status: { listeners?: { name: string; conditions: Condition[] }[]; ancestors?: { conditions: Condition[] }[] };
}

function trustBundle(name: string, ca: TestCertificate): Record<string, unknown> {
  return { apiVersion: 'certificates.k8s.io/v1beta1', kind: 'ClusterTrustBundle', metadata: { name }, spec: { trustBundle: ca.cert } };
}

const bundleRef = (name: string) => ({ group: 'certificates.k8s.io', kind: 'ClusterTrustBundle', name });

describe('ClusterTrustBundle CAs through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let resourcesDir: string;
  let pier: PierProcess;
  const echo = new EchoBackend({ service: 'echo', namespace: NAMESPACE, pod: 'echo-1' });
  let tlsBackend: https.Server;
  let server: TestCertificate;
  let alpha: TestCertificate;
  let beta: TestCertificate;
  let gamma: TestCertificate;
  let alphaClient: TestCertificate;
  let betaClient: TestCertificate;
  const ports = { https: 0, http: 0 };

  /** The backend's name, or "refused" when the handshake or the connection failed. */
  const frontend = (client?: TestCertificate): Promise<string> =>
    httpsRequest(ADDRESS, ports.https, HOST, '/', server.cert, 2000, HOST, client ? { cert: client.cert, key: client.key } : undefined)
      .then((r) => (r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`))
      .catch(() => 'refused');

  /** What /tls answers: the TLS backend's body, or "status N". */
  const throughBackendTLS = (): Promise<string> => httpRequest(`http://${ADDRESS}:${ports.http}/tls`, { headers: { host: HOST }, timeoutMs: 5000 })
    .then((r) => (r.status === 200 ? r.body : `status ${r.status}`));

  const writeBundles = (clients: TestCertificate, backends: TestCertificate | undefined): void => {
    writeFileSync(path.join(resourcesDir, 'bundles.yaml'), manifest([
      trustBundle(CLIENTS_BUNDLE, clients), ...(backends ? [trustBundle(BACKENDS_BUNDLE, backends)] : []),
    ]));
  };

  const statusOf = async (kind: string, name: string): Promise<StatusEntry | undefined> =>
    (await pier.admin<StatusEntry[]>('/statuses')).find((s) => s.kind === kind && s.name === name);

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-ctb-'));
    const certDir = path.join(dir, 'certs');
    resourcesDir = path.join(dir, 'resources');
    mkdirSync(certDir);
    mkdirSync(resourcesDir);
    server = selfSignedCertificate(certDir, HOST);
    alpha = certificateAuthority(certDir, 'alpha');
    beta = certificateAuthority(certDir, 'beta');
    gamma = certificateAuthority(certDir, 'gamma');
    alphaClient = clientCertificate(certDir, 'alpha', 'client-of-alpha');
    betaClient = clientCertificate(certDir, 'beta', 'client-of-beta');
    const backendCert = serverCertificate(certDir, 'gamma', BACKEND_HOST);

    const echoPort = await echo.listen('127.0.0.1', 0);
    tlsBackend = https.createServer({ cert: backendCert.cert, key: backendCert.key }, (_req, res) => res.end('tls-backend'));
    await new Promise<void>((resolve) => tlsBackend.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tlsBackend.address() as AddressInfo).port;
    [ports.https, ports.http] = (await freeTcpPorts(ADDRESS, 2)) as [number, number];

    const gw = gateway('ctb', ADDRESS, [
      { name: 'https', protocol: 'HTTPS', port: ports.https, tls: { mode: 'Terminate', certificateRefs: [{ name: 'ctb-test' }] } },
      { name: 'http', protocol: 'HTTP', port: ports.http },
    ]);
    (gw.spec as Record<string, unknown>).tls = { frontend: { default: { validation: { caCertificateRefs: [bundleRef(CLIENTS_BUNDLE)] } } } };
    const policy = {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'BackendTLSPolicy', metadata: { name: 'secure', namespace: NAMESPACE },
      spec: {
        targetRefs: [{ group: '', kind: 'Service', name: 'secure' }],
        validation: { caCertificateRefs: [bundleRef(BACKENDS_BUNDLE)], hostname: BACKEND_HOST },
      },
    };
    writeFileSync(path.join(resourcesDir, 'gateway.yaml'), manifest([
      gatewayClass(), gw, tlsSecret('ctb-test', server.cert, server.key), ...backend('echo', echoPort), ...backend('secure', tlsPort), policy,
      route('HTTPRoute', 'web', 'ctb', { rules: [
        { matches: [{ path: { type: 'PathPrefix', value: '/tls' } }], backendRefs: [{ name: 'secure', port: 80 }] },
        { backendRefs: [{ name: 'echo', port: 80 }] },
      ] }),
    ]));
    writeBundles(alpha, gamma);
    pier = await PierProcess.start({ config: { resources: resourcesDir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the HTTPS listener to let a client of CA alpha in', async () => ((await frontend(alphaClient)) === 'echo' ? true : undefined),
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    await waitFor('the TLS backend to answer', async () => ((await throughBackendTLS().catch(() => '')) === 'tls-backend' ? true : undefined),
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await pier?.stop();
    await echo.close();
    await new Promise<void>((resolve) => (tlsBackend ? tlsBackend.close(() => resolve()) : resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('frontend: a client certificate of the bundle\'s CA passes the handshake; another CA\'s, or none, is refused', async () => {
    assert.equal(await frontend(alphaClient), 'echo');
    assert.equal(await frontend(betaClient), 'refused');
    assert.equal(await frontend(), 'refused');
  });

  test('backend: Envoy verifies the backend against the bundle\'s CA and connects', async () => {
    assert.equal(await throughBackendTLS(), 'tls-backend');
  });

  test('statuses: the listener and the policy resolved their bundles', async () => {
    const gw = await statusOf('Gateway', 'ctb');
    const https = gw?.status.listeners?.find((l) => l.name === 'https');
    assert.deepEqual(https?.conditions.filter((c) => ['Accepted', 'ResolvedRefs', 'Programmed'].includes(c.type)).map((c) => c.status), ['True', 'True', 'True']);
    const policy = await statusOf('BackendTLSPolicy', 'secure');
    assert.deepEqual(policy?.status.ancestors?.[0]?.conditions.map((c) => [c.type, c.status]), [['Accepted', 'True'], ['ResolvedRefs', 'True']]);
  });

  test('a changed bundle is followed: the listener trusts CA beta, the backend is refused under CA alpha', async () => {
    writeBundles(beta, alpha);
    await waitFor('the listener to trust CA beta', async () => ((await frontend(betaClient)) === 'echo' ? true : undefined), { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    assert.equal(await frontend(alphaClient), 'refused');
    // The backend's certificate no longer verifies: Envoy fails the upstream handshake.
    const status = await waitFor('the backend to be refused', async () => {
      const r = await throughBackendTLS();
      return /^status 5\d\d$/.test(r) ? r : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    assert.match(status, /^status 5\d\d$/);
  });

  test('a deleted bundle: the policy is NoValidCACertificate and requests fail; recreated, they pass again', async () => {
    writeBundles(beta, undefined);
    await waitFor('the policy to lose its CA', async () => {
      const policy = await statusOf('BackendTLSPolicy', 'secure');
      const accepted = policy?.status.ancestors?.[0]?.conditions.find((c) => c.type === 'Accepted');
      return accepted?.reason === 'NoValidCACertificate' ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    const resolved = (await statusOf('BackendTLSPolicy', 'secure'))?.status.ancestors?.[0]?.conditions.find((c) => c.type === 'ResolvedRefs');
    assert.deepEqual([resolved?.status, resolved?.reason], ['False', 'InvalidCACertificateRef']);
    assert.match(await throughBackendTLS(), /^status 5\d\d$/);

    writeBundles(beta, gamma);
    await waitFor('the backend to answer again', async () => ((await throughBackendTLS()) === 'tls-backend' ? true : undefined), { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  test('the bundle of the listener deleted: NoValidCACertificate, and no client gets in', async () => {
    unlinkSync(path.join(resourcesDir, 'bundles.yaml'));
    await waitFor('the listener to lose its CA', async () => {
      const l = (await statusOf('Gateway', 'ctb'))?.status.listeners?.find((x) => x.name === 'https');
      return l?.conditions.some((c) => c.type === 'Accepted' && c.reason === 'NoValidCACertificate') ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    await waitFor('no client to get in', async () => ((await frontend(betaClient)) === 'refused' ? true : undefined), { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });
});
