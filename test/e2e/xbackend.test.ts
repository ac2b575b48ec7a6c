/**
 * XBackend (gateway.networking.x-k8s.io/v1alpha1) end to end: the real `pier serve` CLI, real
 * Envoy, real backends. Each XBackend is of type ExternalHostname with hostname "localhost",
 * which Envoy resolves itself (a DNS cluster) to 127.0.0.1 from /etc/hosts, as it would an
 * external name; the TLS names the backends present come from spec.tls.validation.hostname.
 *
 *   - protocol WSS: a WebSocket conversation from the client (ws:// to the Gateway) to a `ws`
 *     server behind TLS, Envoy originating TLS with the XBackend's CA and hostname (SNI).
 *   - protocol HTTP to an HTTP/1.1 echo, H2C to the same echo's h2c port (it sees HTTP/2),
 *     GRPC from a GRPCRoute to a gRPC server, TCP from a TCPRoute to a TCP echo.
 *   - tls ClientAndServer to a backend that requires a client certificate from its CA: Envoy
 *     presents the XBackend's clientCertificateRef Secret.
 *   - type EndpointSelector: the endpoints of the EndpointSlices (read from the files, as Pier
 *     reads every EndpointSlice) whose labels match, on the port of spec.port.number; a slice
 *     without the labels is not used, and one that gains them later is.
 *   - what is refused, in statuses and traffic: MCP (route ResolvedRefs UnsupportedProtocol,
 *     XBackend Accepted=False UnsupportedValue), a missing XBackend (BackendNotFound), one in
 *     another namespace without a ReferenceGrant (RefNotPermitted), a missing client
 *     certificate Secret (XBackend Accepted=False Invalid; requests answered 500).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { certificateAuthority, clientCertificate, selfSignedCertificate } from './features/certs';
import { freeTcpPorts, tcpRoundTrip } from './features/clients';
import { GRPC_SERVICE, GrpcEchoBackend, grpcCall, TcpEchoBackend } from './features/backends';
import { gateway, gatewayClass, manifest, route, tlsSecret, CONTROLLER, NAMESPACE } from './features/resources';
import { exchange, TlsWebSocketEcho, type TlsEchoAnswer } from './features/websocket';

const ADDRESS = '127.0.0.97';
const WS_BACKEND_HOST = 'wss.xbackend.test';
const MTLS_BACKEND_HOST = 'mtls.xbackend.test';
const READY_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 5_000;
const X_GROUP = 'gateway.networking.x-k8s.io';

type Doc = Record<string, unknown>;
type Condition = { type: string; status: string; reason: string; message?: string; observedGeneration?: number };
interface Status {
  kind: string;
  namespace?: string;
  name: string;
  status: {
    parents?: { parentRef: { name: string }; conditions: Condition[] }[];
    ancestors?: { ancestorRef: { name: string; namespace?: string; kind?: string }; controllerName: string; conditions: Condition[] }[];
  };
}

const condition = (conditions: Condition[] | undefined, type: string): Condition | undefined => conditions?.find((c) => c.type === type);

function xBackend(name: string, port: number, spec: Doc = {}, namespace = NAMESPACE): Doc {
  return {
    apiVersion: `${X_GROUP}/v1alpha1`, kind: 'XBackend', metadata: { name, namespace },
    spec: { type: 'ExternalHostname', externalHostname: { hostname: 'localhost' }, port: { number: port }, ...spec },
  };
}

/**
 * EndpointSlices an EndpointSelector may pick: one labelled app=selected with the selected echo
 * backend, one labelled app=<other> on 127.0.0.2 at the same port, where nothing listens.
 */
function endpointSlicesFor(port: number, other: string): Doc[] {
  const slice = (name: string, app: string, address: string): Doc => ({
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { name, namespace: NAMESPACE, labels: { 'kubernetes.io/service-name': name, app } },
    addressType: 'IPv4', endpoints: [{ addresses: [address], conditions: { ready: true } }], ports: [{ name: 'http', port, protocol: 'TCP' }],
  });
  return [slice('selected-1', 'selected', '127.0.0.1'), slice('unselected-1', other, '127.0.0.2')];
}

const xRef = (name: string, namespace?: string): Doc => ({ group: X_GROUP, kind: 'XBackend', name, ...(namespace ? { namespace } : {}) });

/** One HTTP/1.1 request to the Gateway; the status and body. */
function get(port: number, pathname: string, host = 'xbackend.test'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: ADDRESS, port, path: pathname, headers: { host }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${pathname} timed out`)));
    req.on('error', reject);
  });
}

describe('XBackend through pier serve and real Envoy', { timeout: 150_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let ports: { http: number; grpc: number; tcp: number };
  const echo = new EchoBackend({ service: 'echo', namespace: NAMESPACE, pod: 'echo-1' });
  const selected = new EchoBackend({ service: 'selected', namespace: NAMESPACE, pod: 'selected-1' });
  let resourcesFile: string;
  let selectedPort: number;
  const grpcBackend = new GrpcEchoBackend('grpc-xbackend');
  const tcpBackend = new TcpEchoBackend('tcp-xbackend');
  let wss: TlsWebSocketEcho;
  let mtls: TlsWebSocketEcho;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-xbackend-'));
    const certDir = path.join(dir, 'certs');
    const resourcesDir = path.join(dir, 'resources');
    mkdirSync(certDir);
    mkdirSync(resourcesDir);
    const wsCert = selfSignedCertificate(certDir, WS_BACKEND_HOST);
    const mtlsCert = selfSignedCertificate(certDir, MTLS_BACKEND_HOST);
    const clientCa = certificateAuthority(certDir, 'proxy-clients');
    const proxyClient = clientCertificate(certDir, 'proxy-clients', 'pier-proxy');
    wss = new TlsWebSocketEcho(wsCert);
    mtls = new TlsWebSocketEcho(mtlsCert, { clientCa: clientCa.cert });
    const echoPort = await echo.listen('127.0.0.1', 0);
    selectedPort = await selected.listen('127.0.0.1', 0);
    const h2cPort = await echo.listenH2c('127.0.0.1', 0);
    const grpcPort = await grpcBackend.listen();
    const tcpPort = await tcpBackend.listen();
    const wssPort = await wss.listen();
    const mtlsPort = await mtls.listen();
    const [httpPort, grpcListener, tcpListener] = await freeTcpPorts(ADDRESS, 3);
    ports = { http: httpPort!, grpc: grpcListener!, tcp: tcpListener! };

    const caMap = (name: string, pem: string): Doc => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: NAMESPACE }, data: { 'ca.crt': pem } });
    const serverOnly = (hostname: string, ca: string): Doc => ({ mode: 'ServerOnly', validation: { hostname, caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: ca }] } });
    const clientAndServer = (secret: string): Doc => ({
      mode: 'ClientAndServer', clientCertificateRef: { group: '', kind: 'Secret', name: secret },
      validation: { hostname: MTLS_BACKEND_HOST, caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'mtls-ca' }] },
    });
    const rule = (prefix: string, ref: Doc): Doc => ({ matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [ref] });
    resourcesFile = path.join(resourcesDir, 'resources.yaml');
    writeFileSync(resourcesFile, manifest([
      ...endpointSlicesFor(selectedPort, 'other'),
      gatewayClass(),
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'elsewhere' } },
      gateway('xb', ADDRESS, [
        { name: 'http', protocol: 'HTTP', port: ports.http },
        // Its own port: a GRPCRoute without hostnames and HTTPRoutes cannot share a listener's hostnames.
        { name: 'grpc', protocol: 'HTTP', port: ports.grpc },
        { name: 'tcp', protocol: 'TCP', port: ports.tcp },
      ]),
      caMap('wss-ca', wsCert.cert),
      caMap('mtls-ca', mtlsCert.cert),
      tlsSecret('proxy-client', proxyClient.cert, proxyClient.key),
      xBackend('wss', wssPort, { protocol: 'WSS', tls: serverOnly(WS_BACKEND_HOST, 'wss-ca') }),
      xBackend('plain', echoPort, { protocol: 'HTTP' }),
      xBackend('h2c', h2cPort, { protocol: 'H2C' }),
      xBackend('grpc', grpcPort, { protocol: 'GRPC' }),
      xBackend('tcp', tcpPort, { protocol: 'TCP' }),
      xBackend('mtls', mtlsPort, { tls: clientAndServer('proxy-client') }),
      xBackend('mtls-missing-cert', mtlsPort, { tls: clientAndServer('no-such-secret') }),
      xBackend('mcp', echoPort, { protocol: 'MCP' }),
      xBackend('plain', echoPort, { protocol: 'HTTP' }, 'elsewhere'),
      {
        apiVersion: `${X_GROUP}/v1alpha1`, kind: 'XBackend', metadata: { name: 'selector', namespace: NAMESPACE },
        spec: { type: 'EndpointSelector', endpointSelector: { matchLabels: { app: 'selected' } }, port: { number: selectedPort } },
      },
      route('HTTPRoute', 'web', 'xb', {
        parentRefs: [{ name: 'xb', sectionName: 'http' }],
        hostnames: ['xbackend.test'],
        rules: [
          rule('/ws', xRef('wss')), rule('/plain', xRef('plain')), rule('/h2c', xRef('h2c')), rule('/mtls', xRef('mtls')),
          rule('/selector', xRef('selector')),
        ],
      }),
      route('HTTPRoute', 'refused', 'xb', {
        parentRefs: [{ name: 'xb', sectionName: 'http' }],
        hostnames: ['refused.xbackend.test'],
        rules: [
          rule('/mcp', xRef('mcp')), rule('/missing', xRef('does-not-exist')), rule('/elsewhere', xRef('plain', 'elsewhere')),
          rule('/no-cert', xRef('mtls-missing-cert')),
        ],
      }),
      route('GRPCRoute', 'grpc', 'xb', { parentRefs: [{ name: 'xb', sectionName: 'grpc' }], rules: [{ backendRefs: [xRef('grpc')] }] }),
      route('TCPRoute', 'tcp', 'xb', { parentRefs: [{ name: 'xb', sectionName: 'tcp' }], rules: [{ backendRefs: [xRef('tcp')] }] }),
    ]));

    pier = await PierProcess.start({ config: { resources: resourcesDir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the xb Gateway to route to its XBackends', async () => {
      try {
        const plain = await get(ports.http, '/plain');
        const socket = await exchange(`ws://${ADDRESS}:${ports.http}/ws`, ['ready?'], { headers: { host: 'xbackend.test' } });
        return plain.status === 200 && socket.answers.length === 1 ? true : undefined;
      } catch {
        return undefined;
      }
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await pier?.stop();
    await echo.close();
    await selected.close();
    await grpcBackend.close();
    await tcpBackend.close();
    await wss?.close();
    await mtls?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('protocol WSS: a WebSocket conversation reaches a TLS WebSocket server, Envoy originating TLS with the XBackend\'s hostname and CA', async () => {
    const binary = Buffer.from([7, 0, 255]);
    const { answers } = await exchange(`ws://${ADDRESS}:${ports.http}/ws`, ['hello', 'over tls', binary], { headers: { host: 'xbackend.test' } });
    assert.deepEqual(answers.map((a) => a.data.toString()), ['tls-backend: hello', 'tls-backend: over tls', `tls-backend: ${binary.toString()}`]);
    assert.deepEqual([...wss.serverNames], [WS_BACKEND_HOST], 'every handshake named the validation hostname (SNI)');
  });

  test('protocol HTTP reaches the HTTP/1.1 echo; protocol H2C reaches its h2c port over HTTP/2', async () => {
    const plain = await get(ports.http, '/plain/a');
    assert.equal(plain.status, 200);
    const plainEcho = JSON.parse(plain.body) as EchoResponse;
    assert.equal(plainEcho.path, '/plain/a');
    assert.equal(plainEcho.proto, 'HTTP/1.1');
    const h2c = await get(ports.http, '/h2c/b');
    assert.equal(h2c.status, 200);
    const h2cEcho = JSON.parse(h2c.body) as EchoResponse;
    assert.equal(h2cEcho.path, '/h2c/b');
    assert.equal(h2cEcho.proto, 'HTTP/2.0', 'Envoy spoke cleartext HTTP/2 to the backend');
  });

  test('type EndpointSelector: the labelled EndpointSlices\' endpoints on spec.port.number; a slice labelled later joins', async () => {
    const pods = async (n: number): Promise<string[]> => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await get(ports.http, '/selector');
        out.push(res.status === 200 ? (JSON.parse(res.body) as EchoResponse).pod : `status ${res.status}`);
      }
      return out;
    };
    assert.deepEqual([...new Set(await pods(8))], ['selected-1'], 'only the labelled slice (the other one points where nothing listens)');
    // The unlabelled slice gains the label: its endpoint (127.0.0.2, nothing there) joins, so some requests fail.
    writeFileSync(resourcesFile, readFileSync(resourcesFile, 'utf8').replace('app: other', 'app: selected'));
    await waitFor('the relabelled slice to join the XBackend\'s endpoints', async () => ((await pods(6)).some((p) => p !== 'selected-1') ? true : undefined),
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  test('protocol GRPC: a GRPCRoute\'s calls reach the gRPC server', async () => {
    const reply = await grpcCall(`${ADDRESS}:${ports.grpc}`, GRPC_SERVICE, 'Hello', { n: 1 }, { deadlineMs: REQUEST_TIMEOUT_MS, metadata: {} });
    assert.equal(reply.backend, 'grpc-xbackend');
    assert.deepEqual(reply.request, { n: 1 });
  });

  test('protocol TCP: a TCPRoute\'s connection reaches the TCP echo', async () => {
    assert.equal(await tcpRoundTrip(ADDRESS, ports.tcp, 'ping', 'tcp-xbackend:ping'.length, REQUEST_TIMEOUT_MS), 'tcp-xbackend:ping');
  });

  test('tls ClientAndServer: the backend requires a client certificate and sees the one of clientCertificateRef', async () => {
    const res = await get(ports.http, '/mtls/who');
    assert.equal(res.status, 200, res.body);
    const answer = JSON.parse(res.body) as TlsEchoAnswer;
    assert.equal(answer.client, 'pier-proxy');
    assert.equal(answer.path, '/mtls/who');
    assert.ok([...mtls.serverNames].every((n) => n === MTLS_BACKEND_HOST), 'SNI is the validation hostname');
  });

  test('a missing client certificate Secret: the XBackend is not accepted and its requests fail', async () => {
    const refusedBefore = mtls.refusedHandshakes;
    assert.equal((await get(ports.http, '/no-cert', 'refused.xbackend.test')).status, 500);
    assert.equal(mtls.refusedHandshakes, refusedBefore, 'Envoy did not even try the backend');
    const statuses = await pier.admin<Status[]>('/statuses');
    const xb = statuses.find((s) => s.kind === 'XBackend' && s.name === 'mtls-missing-cert');
    const accepted = condition(xb?.status.ancestors?.[0]?.conditions, 'Accepted');
    assert.equal(accepted?.status, 'False');
    assert.equal(accepted?.reason, 'Invalid');
    assert.match(accepted?.message ?? '', /clientCertificateRef: Secret default\/no-such-secret not found/);
  });

  test('statuses: used XBackends are Accepted per Gateway ancestor; MCP, missing and cross-namespace references are refused on the route', async () => {
    const statuses = await pier.admin<Status[]>('/statuses');
    for (const name of ['wss', 'plain', 'h2c', 'grpc', 'tcp', 'mtls', 'selector']) {
      const xb = statuses.find((s) => s.kind === 'XBackend' && s.namespace === NAMESPACE && s.name === name);
      assert.equal(xb?.status.ancestors?.length, 1, name);
      const ancestor = xb!.status.ancestors![0]!;
      assert.deepEqual([ancestor.ancestorRef.kind, ancestor.ancestorRef.namespace, ancestor.ancestorRef.name], ['Gateway', NAMESPACE, 'xb']);
      assert.equal(ancestor.controllerName, CONTROLLER);
      assert.equal(condition(ancestor.conditions, 'Accepted')?.status, 'True', name);
    }
    const mcp = statuses.find((s) => s.kind === 'XBackend' && s.name === 'mcp');
    assert.equal(condition(mcp?.status.ancestors?.[0]?.conditions, 'Accepted')?.reason, 'UnsupportedValue');
    assert.equal(statuses.find((s) => s.kind === 'XBackend' && s.namespace === 'elsewhere'), undefined, 'a reference not permitted makes no ancestor');

    const refused = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === 'refused')?.status.parents?.[0];
    const resolved = condition(refused?.conditions, 'ResolvedRefs');
    assert.equal(resolved?.status, 'False');
    assert.equal(resolved?.reason, 'UnsupportedProtocol');
    assert.match(resolved?.message ?? '', /XBackend default\/mcp: protocol MCP \(Model Context Protocol\) is not supported/);
    assert.match(resolved?.message ?? '', /XBackend default\/does-not-exist not found/);
    assert.match(resolved?.message ?? '', /XBackend elsewhere\/plain is in another namespace and no ReferenceGrant allows it/);
    for (const p of ['/mcp', '/missing', '/elsewhere']) assert.equal((await get(ports.http, p, 'refused.xbackend.test')).status, 500, p);
    const web = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === 'web')?.status.parents?.[0];
    assert.equal(condition(web?.conditions, 'ResolvedRefs')?.status, 'True');
  });
});
