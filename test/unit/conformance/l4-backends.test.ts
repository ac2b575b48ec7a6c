/**
 * The replay's stand-ins for echo-basic's TCP and UDP servers and for the CoreDNS pod, against
 * real sockets on 127.0.0.1, and the replay's clients for them (test/conformance/tcp.ts, udp.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import * as dnsPacket from 'dns-packet';
import { blockFor, CoreDnsServer, parseCorefile } from '../../conformance/backends/coredns';
import { podEnv, startPodServer, type PodServer, type PodServerContext } from '../../conformance/backends/servers';
import { TCP_WELCOME_MESSAGE, TcpEchoServer } from '../../conformance/backends/tcp-echo';
import { UdpEchoServer } from '../../conformance/backends/udp-echo';
import { adaptForStandalone, workloadsOf, type ContainerSpec, type KubeDoc, type PodInfo } from '../../conformance/manifests';
import { echoSendOnce, LineConnection } from '../../conformance/tcp';
import { dnsExchange, dnsQuestion, udpEchoSendOnce, udpExchange } from '../../conformance/udp';

const CONTEXT = { namespace: 'ns', ingress: '', service: 'svc', pod: 'svc-abcde12345-fghij' };
/** No gRPC pods, no certificates: what these servers need is in the container alone. */
const NO_EXTRAS: PodServerContext = { log: () => {}, grpcEchoProto: () => { throw new Error('no gRPC pods here'); }, tls: null };
const SUITE_COREFILE = `.:53 {
    forward . 8.8.8.8 9.9.9.9
    log
    errors
}
foo.bar.com:53 {
  whoami
}
`;

describe('Corefile', () => {
  test('server blocks, zones, ports and directives', () => {
    const blocks = parseCorefile(SUITE_COREFILE);
    assert.deepEqual(blocks.map((b) => ({ zones: b.zones, port: b.port, plugins: b.directives.map((d) => d.plugin) })), [
      { zones: ['.'], port: 53, plugins: ['forward', 'log', 'errors'] },
      { zones: ['foo.bar.com.'], port: 53, plugins: ['whoami'] },
    ]);
    assert.deepEqual(blocks[0].directives[0].args, ['.', '8.8.8.8', '9.9.9.9']);
  });

  test('the longest matching zone serves a name', () => {
    const blocks = parseCorefile(SUITE_COREFILE);
    assert.equal(blockFor(blocks, 53, 'foo.bar.com.')?.zones[0], 'foo.bar.com.');
    assert.equal(blockFor(blocks, 53, 'a.foo.bar.com.')?.zones[0], 'foo.bar.com.');
    assert.equal(blockFor(blocks, 53, 'bar.com.')?.zones[0], '.');
    assert.equal(blockFor(blocks, 5353, 'foo.bar.com.'), undefined);
  });

  test('a plugin the stand-in does not serve is refused, naming it and its line', () => {
    assert.throws(() => parseCorefile('.:53 {\n  kubernetes cluster.local\n}\n'), /line 2: plugin "kubernetes"/);
    assert.throws(() => parseCorefile('.:53 {\n  whoami\n'), /not closed/);
    assert.throws(() => parseCorefile('tls://.:853 {\n  whoami\n}\n'), /only dns:\/\//);
  });
});

describe('CoreDNS stand-in', () => {
  const server = new CoreDnsServer(parseCorefile('foo.bar.com:15353 {\n  whoami\n  log\n}\n'), (line) => logs.push(line));
  const logs: string[] = [];
  before(() => server.listen('127.0.0.1'));
  after(() => server.close());

  test('whoami answers with the client address and port in the additional section', async () => {
    const query = dnsQuestion('foo.bar.com.', 'A');
    const answer = await dnsExchange(query, '127.0.0.1:15353');
    assert.equal(answer.rcode, 'NOERROR');
    assert.equal(answer.flag_aa, true);
    assert.equal(answer.flag_rd, true);
    assert.deepEqual(answer.answers, []);
    const [a, srv] = answer.additionals ?? [];
    assert.equal(a.type, 'A');
    assert.equal(a.name, 'foo.bar.com');
    assert.equal('data' in a ? a.data : undefined, '127.0.0.1');
    assert.equal(srv.type, 'SRV');
    assert.equal(srv.name, '_udp.foo.bar.com');
    assert.ok(logs.some((l) => l.includes('"A IN foo.bar.com. udp')), logs.join('\n'));
  });

  test('a name outside every zone is refused', async () => {
    const answer = await dnsExchange(dnsQuestion('example.org.', 'A'), '127.0.0.1:15353');
    assert.equal(answer.rcode, 'REFUSED');
  });

  test('DNS over TCP on the same port', async () => {
    const conn = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect(15353, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const query = dnsPacket.encode(dnsQuestion('foo.bar.com.', 'A'));
    const length = Buffer.alloc(2);
    length.writeUInt16BE(query.length);
    conn.write(Buffer.concat([length, query]));
    const reply = await new Promise<Buffer>((resolve) => {
      let got = Buffer.alloc(0);
      conn.on('data', (d: Buffer) => {
        got = Buffer.concat([got, d]);
        if (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) resolve(got.subarray(2));
      });
    });
    conn.destroy();
    const srv = dnsPacket.decode(reply).additionals?.[1];
    assert.equal(srv?.name, '_tcp.foo.bar.com');
  });
});

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

  test('ConfigMap volumes become files; the CoreDNS image serves the mounted Corefile', async () => {
    const docs: KubeDoc[] = [
      {
        apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'dns', namespace: 'ns' },
        spec: { template: { metadata: { labels: {} }, spec: {
          containers: [{ name: 'coredns', image: 'registry.k8s.io/coredns/coredns:v1.12.2', args: ['-conf', '/root/Corefile'], volumeMounts: [{ name: 'conf', mountPath: '/root' }] }],
          volumes: [{ name: 'conf', configMap: { name: 'coredns' } }],
        } } },
      },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: 'ns' }, data: { Corefile: 'foo.bar.com:15354 {\n  whoami\n}\n' } },
    ];
    const [w] = workloadsOf(docs);
    const container: ContainerSpec = w.container;
    assert.deepEqual(container.files, { '/root/Corefile': 'foo.bar.com:15354 {\n  whoami\n}\n' });
    running = await startPodServer(container, pod, NO_EXTRAS);
    assert.ok(running);
    const answer = await dnsExchange(dnsQuestion('foo.bar.com.', 'A'), '127.0.0.1:15354');
    assert.equal(answer.rcode, 'NOERROR');
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
