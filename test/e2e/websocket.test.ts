/**
 * WebSocket end to end: the real `pier serve` CLI, real Envoy, real WebSocket echo servers (ws).
 *
 *   - ws:// on an HTTP listener to an ordinary backend (a Service port without appProtocol):
 *     upgrades are on for every HTTP route, not only for kubernetes.io/ws ports.
 *   - wss:// on an HTTPS listener (TLS terminated by Envoy with a certificate from a Secret) to
 *     the same ordinary backend, and to a kubernetes.io/wss port with a BackendTLSPolicy: two real
 *     TLS handshakes, client to Envoy and Envoy to backend.
 *   - What is refused: a listener with `protocol: WSS` (no such core protocol in Gateway API
 *     v1.7.0; the CRD accepts the name, the listener gets UnsupportedProtocol and nothing binds its
 *     port), and a kubernetes.io/wss port without a BackendTLSPolicy (ResolvedRefs
 *     UnsupportedProtocol; the upgrade is answered 500).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { selfSignedCertificate, type TestCertificate } from './features/certs';
import { freeTcpPorts } from './features/clients';
import { backend, gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER, NAMESPACE } from './features/resources';
import { exchange, refusal, TlsWebSocketEcho, MESSAGE_TIMEOUT_MS, type ClientOptions } from './features/websocket';

const ADDRESS = '127.0.0.91';
const GATEWAY_HOST = 'ws.secure.test';
const BACKEND_HOST = 'wss-backend.test';
const READY_TIMEOUT_MS = 30_000;

type Condition = { type: string; status: string; reason: string; message?: string };
interface Status {
  kind: string;
  name: string;
  status: {
    conditions?: Condition[];
    listeners?: { name: string; supportedKinds: unknown[]; conditions: Condition[] }[];
    parents?: { parentRef: { name: string; sectionName?: string }; conditions: Condition[] }[];
  };
}

const condition = (conditions: Condition[] | undefined, type: string): Condition | undefined => conditions?.find((c) => c.type === type);

describe('WebSocket through pier serve and real Envoy', { timeout: 120_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let ports: { http: number; https: number; wss: number };
  const plain = new EchoBackend({ service: 'plain', namespace: NAMESPACE, pod: 'plain-1' });
  let secure: TlsWebSocketEcho;
  let gatewayCert: TestCertificate;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-websocket-'));
    const certDir = path.join(dir, 'certs');
    const resourcesDir = path.join(dir, 'resources');
    mkdirSync(certDir);
    mkdirSync(resourcesDir);
    gatewayCert = selfSignedCertificate(certDir, GATEWAY_HOST);
    const backendCert = selfSignedCertificate(certDir, BACKEND_HOST);
    secure = new TlsWebSocketEcho(backendCert);
    const plainPort = await plain.listen('127.0.0.1', 0);
    const securePort = await secure.listen();
    const [http, httpsPort, wss] = await freeTcpPorts(ADDRESS, 3);
    ports = { http: http!, https: httpsPort!, wss: wss! };

    const certificateRefs = [{ name: 'ws-secure-test' }];
    const wssService = (name: string, targetPort: number) => backend(name, targetPort, { port: 443 }).map((doc) => {
      // The Service port says WebSocket over TLS (KEP-3726); the EndpointSlice is as backend() made it.
      if (doc.kind !== 'Service') return doc;
      return { ...doc, spec: { ports: [{ name: 'p', port: 443, targetPort, protocol: 'TCP', appProtocol: 'kubernetes.io/wss' }] } };
    });
    writeFileSync(path.join(resourcesDir, 'resources.yaml'), manifest([
      gatewayClass(),
      gateway('ws', ADDRESS, [
        { name: 'http', protocol: 'HTTP', port: ports.http },
        { name: 'https', protocol: 'HTTPS', port: ports.https, hostname: GATEWAY_HOST, tls: { mode: 'Terminate', certificateRefs } },
        // Accepted by the CRD (an unprefixed name matches its pattern, and no rule forbids tls on it), not a v1.7.0 protocol.
        { name: 'wss', protocol: 'WSS', port: ports.wss, hostname: GATEWAY_HOST, tls: { mode: 'Terminate', certificateRefs } },
      ]),
      tlsSecret('ws-secure-test', gatewayCert.cert, gatewayCert.key),
      ...backend('plain', plainPort),
      ...wssService('secure-ws', securePort),
      ...wssService('no-policy', securePort),
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'backend-ca', namespace: NAMESPACE }, data: { 'ca.crt': backendCert.cert } },
      {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'BackendTLSPolicy',
        metadata: { name: 'secure-ws', namespace: NAMESPACE },
        spec: {
          targetRefs: [{ group: '', kind: 'Service', name: 'secure-ws' }],
          validation: { caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'backend-ca' }], hostname: BACKEND_HOST },
        },
      },
      route('HTTPRoute', 'websocket', 'ws', {
        parentRefs: [{ name: 'ws', sectionName: 'http' }, { name: 'ws', sectionName: 'https' }],
        rules: [
          { matches: [{ path: { type: 'PathPrefix', value: '/ws' } }], backendRefs: [{ name: 'plain', port: 80 }] },
          { matches: [{ path: { type: 'PathPrefix', value: '/secure' } }], backendRefs: [{ name: 'secure-ws', port: 443 }] },
          { matches: [{ path: { type: 'PathPrefix', value: '/no-policy' } }], backendRefs: [{ name: 'no-policy', port: 443 }] },
        ],
      }),
      route('HTTPRoute', 'on-wss-listener', 'ws', {
        parentRefs: [{ name: 'ws', sectionName: 'wss' }],
        rules: [{ backendRefs: [{ name: 'plain', port: 80 }] }],
      }),
    ]));

    pier = await PierProcess.start({ config: { resources: resourcesDir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the ws Gateway to serve WebSockets on both listeners', async () => {
      try {
        await exchange(`ws://${ADDRESS}:${ports.http}/ws`, ['ready?']);
        await exchange(`wss://${ADDRESS}:${ports.https}/secure`, ['ready?'], { ca: gatewayCert.cert, servername: GATEWAY_HOST, headers: { host: `${GATEWAY_HOST}:${ports.https}` } });
        return true;
      } catch {
        return undefined;
      }
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await pier?.stop();
    await plain.close();
    await secure?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  const overTls = (): ClientOptions => ({ ca: gatewayCert.cert, servername: GATEWAY_HOST, headers: { host: `${GATEWAY_HOST}:${ports.https}` } });

  test('ws:// on an HTTP listener: text and binary messages to a backend whose port names no appProtocol', async () => {
    const binary = Buffer.from([0, 1, 2, 250, 255]);
    const { answers } = await exchange(`ws://${ADDRESS}:${ports.http}/ws`, ['one', 'two', binary]);
    assert.deepEqual(answers.map((a) => a.binary ? a.data.toString('hex') : a.data.toString()), ['one', 'two', binary.toString('hex')]);
    assert.deepEqual(answers.map((a) => a.binary), [false, false, true]);
  });

  test('wss:// on an HTTPS listener: the TLS handshake presents the Secret\'s certificate, messages reach the plain backend', async () => {
    const { answers, peer } = await exchange(`wss://${ADDRESS}:${ports.https}/ws`, ['over tls', 'again'], overTls());
    assert.deepEqual(answers.map((a) => a.data.toString()), ['over tls', 'again']);
    assert.equal(peer?.subject.CN, GATEWAY_HOST);
  });

  test('wss:// to a kubernetes.io/wss port: Envoy originates TLS (BackendTLSPolicy hostname as SNI) and the upgrade goes through', async () => {
    const { answers } = await exchange(`wss://${ADDRESS}:${ports.https}/secure`, ['first', 'second'], overTls());
    assert.deepEqual(answers.map((a) => a.data.toString()), ['tls-backend: first', 'tls-backend: second']);
    const { answers: fromHttp } = await exchange(`ws://${ADDRESS}:${ports.http}/secure`, ['clear to the gateway']);
    assert.deepEqual(fromHttp.map((a) => a.data.toString()), ['tls-backend: clear to the gateway']);
    assert.deepEqual([...secure.serverNames], [BACKEND_HOST], 'Envoy named the policy hostname in every handshake');
  });

  test('a kubernetes.io/wss port without a BackendTLSPolicy: ResolvedRefs UnsupportedProtocol, the upgrade is answered 500', async () => {
    assert.match(await refusal(`wss://${ADDRESS}:${ports.https}/no-policy`, overTls()), /Unexpected server response: 500/);
    const statuses = await pier.admin<Status[]>('/statuses');
    const parents = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === 'websocket')?.status.parents ?? [];
    assert.equal(parents.length, 2);
    for (const parent of parents) {
      const resolved = condition(parent.conditions, 'ResolvedRefs');
      assert.equal(resolved?.status, 'False', parent.parentRef.sectionName);
      assert.equal(resolved?.reason, 'UnsupportedProtocol');
      assert.match(resolved?.message ?? '', /no-policy.*kubernetes\.io\/wss/);
      assert.equal(condition(parent.conditions, 'Accepted')?.status, 'True', 'the route serves its other rules');
    }
  });

  test('a listener with protocol WSS: accepted by validation, not by Pier (UnsupportedProtocol), its port is not bound', async () => {
    const statuses = await pier.admin<Status[]>('/statuses');
    const gw = statuses.find((s) => s.kind === 'Gateway' && s.name === 'ws');
    assert.ok(gw, 'the file provider took the Gateway with its WSS listener (no validation error)');
    const wss = gw.status.listeners?.find((l) => l.name === 'wss');
    assert.equal(condition(wss?.conditions, 'Accepted')?.status, 'False');
    assert.equal(condition(wss?.conditions, 'Accepted')?.reason, 'UnsupportedProtocol');
    assert.match(condition(wss?.conditions, 'Accepted')?.message ?? '', /WebSocket over TLS is served by an HTTPS listener/);
    assert.equal(condition(wss?.conditions, 'Programmed')?.status, 'False');
    assert.deepEqual(wss?.supportedKinds, []);
    assert.equal(condition(gw.status.conditions, 'Accepted')?.status, 'True', 'the other listeners keep the Gateway accepted');
    assert.equal(condition(gw.status.conditions, 'Accepted')?.reason, 'ListenersNotValid');
    for (const name of ['http', 'https']) {
      assert.equal(condition(gw.status.listeners?.find((l) => l.name === name)?.conditions, 'Programmed')?.status, 'True', name);
    }
    const onWss = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === 'on-wss-listener')?.status.parents?.[0];
    assert.equal(condition(onWss?.conditions, 'Accepted')?.status, 'False', 'a route naming only the WSS listener is not attached');

    const connect = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: ADDRESS, port: ports.wss });
      socket.setTimeout(MESSAGE_TIMEOUT_MS, () => { socket.destroy(); resolve('timeout'); });
      socket.once('connect', () => { socket.destroy(); resolve('connected'); });
      socket.once('error', (err: Error & { code?: string }) => resolve(err.code ?? err.message));
    });
    assert.equal(connect, 'ECONNREFUSED', 'nothing listens on the WSS listener\'s port');
  });
});
