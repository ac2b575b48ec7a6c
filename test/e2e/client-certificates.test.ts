/**
 * Client certificate validation (Gateway spec.tls.frontend) through the real `pier serve` CLI,
 * a real Envoy and real TLS handshakes from node's https client. One Gateway (127.0.0.71) with
 * three HTTPS listeners, each on its own port:
 *   default   the default validation: client certificates issued by CA "alpha"
 *   per-port  a perPort entry (over the default): CA "beta"
 *   fallback  a perPort entry with AllowInsecureFallback: CA "alpha", anyone let in
 * Then the ConfigMap of the default is changed to CA "beta": the listener follows.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { certificateAuthority, clientCertificate, selfSignedCertificate, type TestCertificate } from './features/certs';
import { freeTcpPorts, httpsRequest } from './features/clients';
import { backend, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER, NAMESPACE } from './features/resources';

const ADDRESS = '127.0.0.71';
const HOST = 'mtls.test';
const READY_TIMEOUT_MS = 30_000;

interface StatusEntry {
  kind: string;
  name: string;
  status: { conditions?: { type: string; status: string; reason: string }[]; listeners?: { name: string; conditions: { type: string; status: string; reason: string }[] }[] };
}

function caConfigMap(name: string, ca: TestCertificate): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: NAMESPACE }, data: { 'ca.crt': ca.cert } };
}

const caRef = (name: string) => ({ group: '', kind: 'ConfigMap', name });

describe('client certificate validation through pier serve and real Envoy', { timeout: 120_000 }, () => {
  let dir: string;
  let resourcesDir: string;
  let pier: PierProcess;
  const echo = new EchoBackend({ service: 'echo', namespace: NAMESPACE, pod: 'echo-1' });
  let server: TestCertificate;
  let alpha: TestCertificate;
  let beta: TestCertificate;
  let alphaClient: TestCertificate;
  let betaClient: TestCertificate;
  const ports = { default: 0, perPort: 0, fallback: 0 };

  const request = (port: number, client?: TestCertificate): Promise<string> =>
    httpsRequest(ADDRESS, port, HOST, '/', server.cert, 2000, HOST, client ? { cert: client.cert, key: client.key } : undefined)
      .then((r) => (r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`));

  /** What a request ends in: the backend's name, or "refused" when the handshake or the connection failed. */
  const outcome = (port: number, client?: TestCertificate): Promise<string> => request(port, client).catch(() => 'refused');

  const writeConfigMaps = (defaultCA: TestCertificate): void => {
    writeFileSync(path.join(resourcesDir, 'cas.yaml'), manifest([
      caConfigMap('default-ca', defaultCA), caConfigMap('alpha-ca', alpha), caConfigMap('beta-ca', beta),
    ]));
  };

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-mtls-'));
    const certDir = path.join(dir, 'certs');
    resourcesDir = path.join(dir, 'resources');
    mkdirSync(certDir);
    mkdirSync(resourcesDir);
    server = selfSignedCertificate(certDir, HOST);
    alpha = certificateAuthority(certDir, 'alpha');
    beta = certificateAuthority(certDir, 'beta');
    alphaClient = clientCertificate(certDir, 'alpha', 'client-of-alpha');
    betaClient = clientCertificate(certDir, 'beta', 'client-of-beta');
    const echoPort = await echo.listen('127.0.0.1', 0);
    [ports.default, ports.perPort, ports.fallback] = (await freeTcpPorts(ADDRESS, 3)) as [number, number, number];

    const https = (name: string, port: number) => ({ name, protocol: 'HTTPS', port, tls: { mode: 'Terminate', certificateRefs: [{ name: 'mtls-test' }] } });
    const gw = gateway('mtls', ADDRESS, [https('default', ports.default), https('per-port', ports.perPort), https('fallback', ports.fallback)]);
    (gw.spec as Record<string, unknown>).tls = {
      frontend: {
        default: { validation: { caCertificateRefs: [caRef('default-ca')] } },
        perPort: [
          { port: ports.perPort, tls: { validation: { caCertificateRefs: [caRef('beta-ca')] } } },
          { port: ports.fallback, tls: { validation: { mode: 'AllowInsecureFallback', caCertificateRefs: [caRef('alpha-ca')] } } },
        ],
      },
    };
    writeFileSync(path.join(resourcesDir, 'gateway.yaml'), manifest([
      gatewayClass(), gw, tlsSecret('mtls-test', server.cert, server.key), ...backend('echo', echoPort),
      route('HTTPRoute', 'echo', 'mtls', { rules: [{ backendRefs: [{ name: 'echo', port: 80 }] }] }),
    ]));
    writeConfigMaps(alpha);
    pier = await PierProcess.start({ config: { resources: resourcesDir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    for (const [port, client] of [[ports.default, alphaClient], [ports.perPort, betaClient], [ports.fallback, alphaClient]] as const) {
      await waitFor(`port ${port} to serve a valid client`, async () => ((await outcome(port, client)) === 'echo' ? true : undefined),
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    }
  });

  after(async () => {
    const code = await pier?.stop();
    await echo.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the default validation: a certificate of its CA passes; one of another CA, or none, is refused', async () => {
    assert.equal(await outcome(ports.default, alphaClient), 'echo');
    assert.equal(await outcome(ports.default, betaClient), 'refused');
    assert.equal(await outcome(ports.default), 'refused');
  });

  test('a perPort entry wins over the default on its port', async () => {
    assert.equal(await outcome(ports.perPort, betaClient), 'echo');
    assert.equal(await outcome(ports.perPort, alphaClient), 'refused');
    assert.equal(await outcome(ports.perPort), 'refused');
  });

  test('AllowInsecureFallback lets in a certificate of another CA and no certificate at all', async () => {
    assert.equal(await outcome(ports.fallback, alphaClient), 'echo');
    assert.equal(await outcome(ports.fallback, betaClient), 'echo');
    assert.equal(await outcome(ports.fallback), 'echo');
  });

  test('statuses: every listener programmed; the Gateway says insecure fallback is on', async () => {
    const statuses = await pier.admin<StatusEntry[]>('/statuses');
    const gw = statuses.find((s) => s.kind === 'Gateway' && s.name === 'mtls');
    for (const l of gw?.status.listeners ?? []) {
      assert.deepEqual(l.conditions.filter((c) => c.type === 'Programmed').map((c) => c.status), ['True'], l.name);
    }
    assert.equal(gw?.status.listeners?.length, 3);
    const insecure = gw?.status.conditions?.find((c) => c.type === 'InsecureFrontendValidationMode');
    assert.deepEqual(insecure && [insecure.status, insecure.reason], ['True', 'ConfigurationChanged']);
  });

  test('a changed CA ConfigMap is followed: the default now trusts the other CA', async () => {
    writeConfigMaps(beta);
    await waitFor('the default listener to trust CA beta', async () => ((await outcome(ports.default, betaClient)) === 'echo' ? true : undefined),
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    assert.equal(await outcome(ports.default, alphaClient), 'refused');
    assert.equal(await outcome(ports.perPort, betaClient), 'echo', 'the perPort listener is unchanged');
  });
});
