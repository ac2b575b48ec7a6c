/**
 * The replay's stand-ins for echo-basic's TCP and UDP servers, against
 * real sockets on 127.0.0.1, and the replay's clients for them (test/conformance/tcp.ts, udp.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { podEnv, startPodServer, type PodServer, type PodServerContext } from '../../conformance/backends/servers';
import { TCP_WELCOME_MESSAGE, TcpEchoServer } from '../../conformance/backends/tcp-echo';
import { UdpEchoServer } from '../../conformance/backends/udp-echo';
import { adaptForStandalone, workloadsOf, type KubeDoc, type PodInfo } from '../../conformance/manifests';
import { echoSendOnce, LineConnection } from '../../conformance/tcp';
import { udpEchoSendOnce, udpExchange } from '../../conformance/udp';

const CONTEXT = { namespace: 'ns', ingress: '', service: 'svc', pod: 'svc-abcde12345-fghij' };
/** No gRPC pods, no certificates: what these servers need is in the container alone. */
const NO_EXTRAS: PodServerContext = { log: () => {}, grpcEchoProto: () => { throw new Error('no gRPC pods here'); }, tls: null };
describe('echo-basic TCP server', () => {
  const server = new TcpEchoServer({ ...CONTEXT, tcpPort: '13000', tlsPort: '8443' });
  before(() => server.listen('127.0.0.1', 13000));
  after(() => server.close());

  test('welcome, PING, IS_TLS and TEST, unknown lines ignored', async () => {
    const conn = await LineConnection.dial('127.0.0.1:13000', 2000);
    try {
      assert.equal(await conn.readLine(2000), TCP_WELCOME_MESSAGE);
      conn.write('HELLO\r\nPING\r\n');
      assert.equal(await conn.readLine(2000), 'PONG\n');
      conn.write('IS_TLS\n');
      assert.equal(await conn.readLine(2000), 'false\n');
      conn.write('TEST\n');
      assert.deepEqual(JSON.parse(await conn.readLine(2000)), { ...CONTEXT, tcpport: '13000', tlsport: '8443', isTLS: false });
    } finally {
      conn.close();
    }
  });

  test('EchoSendOnce returns the pod name', async () => {
    assert.equal(await echoSendOnce('127.0.0.1:13000', 2000), CONTEXT.pod);
    await assert.rejects(echoSendOnce('127.0.0.1:13999', 2000), /dialing TCP/);
  });
});

describe('echo-basic UDP server', () => {
  const server = new UdpEchoServer(CONTEXT, 18080);
  before(() => server.listen('127.0.0.1'));
  after(() => server.close());

  test('every datagram gets the request and the pod context as JSON', async () => {
    const answer = JSON.parse((await udpExchange('127.0.0.1:18080', Buffer.from('hello\n'), 2000)).toString('utf8')) as Record<string, string>;
    assert.deepEqual(answer, { request: 'hello\n', ...CONTEXT });
    assert.equal(await udpEchoSendOnce('127.0.0.1:18080', 2000), CONTEXT.pod);
  });

  test('requests are read into 1024 bytes, as upstream', async () => {
    const answer = JSON.parse((await udpExchange('127.0.0.1:18080', Buffer.alloc(1500, 'x'), 2000)).toString('utf8')) as { request: string };
    assert.equal(answer.request.length, 1024);
  });
});

describe('a Deployment decides its pods\' servers', () => {
  const deployment = (env: unknown[]): KubeDoc => ({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' },
    spec: { template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'registry.k8s.io/gateway-api/echo-basic:v1', env }] } } },
  });
  const pod: PodInfo = { name: 'd-abc-def', namespace: 'ns', ip: '127.0.0.1', labels: {}, httpPort: 3000 };
  let running: PodServer | null = null;
  after(() => running?.close());

  test('env literals and fieldRefs resolve per pod', () => {
    const [w] = workloadsOf([deployment([
      { name: 'TCP_ECHO_SERVER', value: '1' },
      { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
    ])]);
    assert.deepEqual(Object.fromEntries(podEnv(w.container, pod)), { TCP_ECHO_SERVER: '1', POD_NAME: 'd-abc-def', NAMESPACE: 'ns' });
  });

  test('UDP_ECHO_SERVER starts echo-basic\'s UDP server on UDP_PORT, with the pod\'s identity', async () => {
    const [w] = workloadsOf([deployment([
      { name: 'UDP_ECHO_SERVER', value: '1' },
      { name: 'UDP_PORT', value: '18081' },
      { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ])]);
    running = await startPodServer(w.container, pod, NO_EXTRAS);
    assert.ok(running);
    assert.equal(await udpEchoSendOnce('127.0.0.1:18081', 2000), 'd-abc-def');
  });

  test('without TCP_ECHO_SERVER or UDP_ECHO_SERVER the pod is echo-basic\'s HTTP server', async () => {
    const [w] = workloadsOf([deployment([{ name: 'SERVICE_NAME', value: 'x' }])]);
    assert.equal(await startPodServer(w.container, pod, NO_EXTRAS), null);
  });
});

describe('moved listener ports', () => {
  test('route parentRefs name the ports as moved', () => {
    const env = {
      gatewayClassName: 'gc', controllerName: 'c', gatewayAddress: () => '127.10.0.1',
      listenerPort: (p: number) => p + 10000, podsMatching: () => [], usableAddresses: [], unusableAddresses: [],
    };
    const route: KubeDoc = {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'TCPRoute', metadata: { name: 'r', namespace: 'ns' },
      spec: { parentRefs: [{ name: 'gw', port: 9300 }, { name: 'gw', sectionName: 'two' }] },
    };
    const [adapted] = adaptForStandalone([route], env);
    assert.deepEqual((adapted.spec as { parentRefs: unknown[] }).parentRefs, [{ name: 'gw', port: 19300 }, { name: 'gw', sectionName: 'two' }]);
  });
});
