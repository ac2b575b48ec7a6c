/**
 * The test node agent against a real kube-apiserver + etcd + kube-controller-manager, running the
 * conformance suite's real images (echo-basic and CoreDNS, built from source): Deployments'
 * pods are bound to its Node and run in network namespaces of their own; the controller
 * manager makes the EndpointSlices from them; downward-API env, Secret and ConfigMap volumes
 * reach the processes; LoadBalancer Services get an ingress address and their traffic (TCP and
 * UDP) reaches their pods; unknown images are errors on the pod; deleted pods stop; stop() leaves
 * nothing behind.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as dgram from 'node:dgram';
import { X509Certificate } from 'node:crypto';
import * as tls from 'node:tls';
import { selfSignedCert } from '../conformance/certs';
import { httpRequest, waitFor } from '../helpers/net';
import { isAlive } from './process';
import { startControlPlane, type ControlPlane } from './harness';
import { NodeAgent } from './node-agent/agent';
import { conformanceImageResolver } from './node-agent/images';
import type { Pod } from './node-agent/pod';

const NS = 'agent';
/** The agent's load-balancer pool: 127.34.0.1 - 127.34.0.254. */
const LB_POOL = '127.34.0.0/24';
const PODS = `/api/v1/namespaces/${NS}/pods`;

interface EndpointSlice { endpoints?: { addresses: string[]; conditions?: { ready?: boolean }; targetRef?: { name: string } }[]; ports?: { port: number }[] }
interface EchoResponse { path: string; namespace: string; pod: string }


function deployment(name: string, replicas: number, container: Record<string, unknown>, volumes: unknown[] = []): unknown {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: NS },
    spec: {
      replicas, selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, ...container }], volumes } },
    },
  };
}

const downwardEnv = [
  { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
  { name: 'NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
];

/** A DNS query for name (type A) to server:53; resolves with the raw answer. */
function dnsQuery(server: string, name: string): Promise<Buffer> {
  const id = 0x5a17;
  const question = Buffer.concat([...name.split('.').filter(Boolean).map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0, 0, 1, 0, 1])]);
  const header = Buffer.from([id >> 8, id & 0xff, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => { socket.close(); reject(new Error(`no DNS answer from ${server}`)); }, 2000);
    socket.once('message', (msg) => { clearTimeout(timer); socket.close(); resolve(msg); });
    socket.once('error', (err) => { clearTimeout(timer); socket.close(); reject(err); });
    socket.send(Buffer.concat([header, question]), 53, server);
  });
}

describe('test node agent: pods of a real control plane as local processes', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let agent: NodeAgent;
  const pods = async (app: string): Promise<Pod[]> => (await cp.api.get<{ items: Pod[] }>(`${PODS}?labelSelector=app%3D${app}`)).items;
  const readyPods = (app: string, count: number): Promise<Pod[]> => waitFor(`${count} ready ${app} pods`, async () => {
    const list = (await pods(app)).filter((p) => !p.metadata.deletionTimestamp);
    const ready = list.filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    return ready.length === count && list.length === count ? ready : undefined;
  }, { timeoutMs: 90_000, intervalMs: 200 });

  const hadSecretVolumeDir = existsSync('/etc/secret-volume');
  let deadPid = 0;
  before(async () => {
    const images = conformanceImageResolver();
    cp = await startControlPlane();
    // What an agent killed with SIGKILL leaves: the next agent removes it.
    deadPid = spawnSync('true').pid as number;
    execFileSync('ip', ['netns', 'add', `pier-pod-${deadPid}-0`]);
    execFileSync('ip', ['link', 'add', `pnb${deadPid}`, 'type', 'bridge']);
    agent = await NodeAgent.start({ api: cp.api, images, loadBalancerPool: LB_POOL });
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    // Pods are admitted once the namespace's default ServiceAccount exists.
    await waitFor('the default ServiceAccount', async () => ((await cp.api.exists(`/api/v1/namespaces/${NS}/serviceaccounts/default`)) ? true : undefined), { timeoutMs: 60_000, intervalMs: 200 });
  }, { timeout: 300_000 });

  after(async () => {
    await agent?.stop();
    await cp?.stop();
  });

  test('start() removed the namespaces and bridge an agent killed before its stop() left behind', () => {
    assert.doesNotMatch(execFileSync('ip', ['netns', 'list']).toString(), new RegExp(`pier-pod-${deadPid}-0`));
    assert.doesNotMatch(execFileSync('ip', ['link', 'show']).toString(), new RegExp(`pnb${deadPid}\\b`));
  });

  test('the Node is Ready and its Lease is renewed', async () => {
    const node = await cp.api.get<{ status: { conditions: { type: string; status: string }[]; addresses: { type: string; address: string }[] }; spec: { taints?: unknown[] } }>(`/api/v1/nodes/${agent.nodeName}`);
    assert.equal(node.status.conditions.find((c) => c.type === 'Ready')?.status, 'True');
    assert.deepEqual(node.status.addresses.find((a) => a.type === 'InternalIP')?.address, agent.nodeAddress);
    const lease = (): Promise<{ spec: { holderIdentity: string; renewTime: string } }> => cp.api.get(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${agent.nodeName}`);
    const first = await lease();
    assert.equal(first.spec.holderIdentity, agent.nodeName);
    await waitFor('the Lease renewed', async () => ((await lease()).spec.renewTime !== first.spec.renewTime ? true : undefined), { timeoutMs: 15_000, intervalMs: 500 });
  });

  test('a Deployment of echo-basic: pods bound, Running and Ready with their own IPs and downward-API env; the EndpointSlice lists them', async () => {
    await cp.api.create(`/apis/apps/v1/namespaces/${NS}/deployments`, deployment('echo', 2, { image: 'registry.k8s.io/gateway-api/echo-basic:v1.5.1', env: downwardEnv }));
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'echo' }, spec: { selector: { app: 'echo' }, ports: [{ port: 8080, targetPort: 3000 }] } });
    const ready = await readyPods('echo', 2);
    const ips = ready.map((p) => p.status?.podIP ?? '');
    assert.equal(new Set(ips).size, 2, 'one address per pod');
    for (const pod of ready) {
      assert.equal(pod.spec.nodeName, agent.nodeName);
      assert.equal(pod.status?.phase, 'Running');
      assert.match(pod.status?.podIP ?? '', /^198\.18\.\d+\.\d+$/);
      assert.deepEqual(pod.status?.podIPs, [{ ip: pod.status?.podIP }]);
      assert.equal(pod.status?.containerStatuses?.[0].ready, true);
      const r = await httpRequest(`http://${pod.status?.podIP}:3000/hello`, { timeoutMs: 2000 });
      assert.equal(r.status, 200);
      const echo = JSON.parse(r.body) as EchoResponse;
      assert.deepEqual({ pod: echo.pod, namespace: echo.namespace, path: echo.path }, { pod: pod.metadata.name, namespace: NS, path: '/hello' });
    }
    const slice = await waitFor('the EndpointSlice of Service echo with both pods ready', async () => {
      const list = await cp.api.get<{ items: EndpointSlice[] }>(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Decho`);
      const addresses = list.items.flatMap((s) => (s.endpoints ?? []).filter((e) => e.conditions?.ready).flatMap((e) => e.addresses)).sort();
      return addresses.join() === [...ips].sort().join() ? list.items[0] : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    assert.deepEqual(slice.ports?.map((p) => p.port), [3000]);
  });

  test('pod logs through the API server (pods/log, served by the agent\'s kubelet API), filtered by sinceTime as the suite reads them', async () => {
    const [pod] = await readyPods('echo', 2);
    const since = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const r = await httpRequest(`http://${pod.status?.podIP}:3000/logged-request`, { timeoutMs: 2000 });
    assert.equal(r.status, 200);
    // An empty body comes back as undefined.
    const logs = async (query: string): Promise<string> => (await cp.api.get<string | undefined>(`${PODS}/${pod.metadata.name}/log?container=echo&${query}`)) ?? '';
    const text = await waitFor('the request in the pod\'s log', async () => {
      const t = await logs(`sinceTime=${encodeURIComponent(since)}`);
      return t.includes('Echoing back request made to /logged-request to client') ? t : undefined;
    }, { timeoutMs: 10_000, intervalMs: 200 });
    assert.doesNotMatch(text, /^\d{4}-\d\d-\d\dT/m, 'no timestamps unless asked');
    assert.match(await logs(`sinceTime=${encodeURIComponent(since)}&timestamps=true`), /^\d{4}-\d\d-\d\dT\S+ .*\/logged-request/m);
    const later = new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    assert.equal(await logs(`sinceTime=${encodeURIComponent(later)}`), '', 'nothing after a later sinceTime');
  });

  test('a Secret volume at its mountPath: echo-basic serves TLS with the certificate from /etc/secret-volume', async () => {
    const cert = selfSignedCert(['tls.example.com']);
    await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, {
      apiVersion: 'v1', kind: 'Secret', metadata: { name: 'tls' }, type: 'kubernetes.io/tls',
      data: { 'tls.crt': Buffer.from(cert.certPem).toString('base64'), 'tls.key': Buffer.from(cert.keyPem).toString('base64') },
    });
    await cp.api.create(`/apis/apps/v1/namespaces/${NS}/deployments`, deployment('tls', 1, {
      image: 'registry.k8s.io/gateway-api/echo-basic:v1.5.1',
      env: [...downwardEnv, { name: 'TLS_SERVER_CERT', value: '/etc/secret-volume/crt' }, { name: 'TLS_SERVER_PRIVKEY', value: '/etc/secret-volume/key' }],
      volumeMounts: [{ name: 'secret-volume', mountPath: '/etc/secret-volume' }],
    }, [{ name: 'secret-volume', secret: { secretName: 'tls', items: [{ key: 'tls.crt', path: 'crt' }, { key: 'tls.key', path: 'key' }] } }]));
    const [pod] = await readyPods('tls', 1);
    const served = await waitFor('a TLS handshake on 8443', () => new Promise<string | undefined>((resolve) => {
      const socket = tls.connect({ host: pod.status?.podIP, port: 8443, servername: 'tls.example.com', rejectUnauthorized: false, timeout: 2000 }, () => {
        const raw = socket.getPeerX509Certificate()?.raw;
        socket.destroy();
        resolve(raw?.toString('base64'));
      });
      socket.once('error', () => resolve(undefined));
      socket.once('timeout', () => { socket.destroy(); resolve(undefined); });
    }), { timeoutMs: 20_000, intervalMs: 200 });
    assert.equal(served, new X509Certificate(cert.certPem).raw.toString('base64'), 'the Secret\'s certificate is served');
    assert.ok(existsSync('/etc/secret-volume'), 'the mount point is made on the host (the agent removes it on stop)');
    assert.equal(existsSync('/etc/secret-volume/crt'), false, 'the Secret is not visible on the host');
  });

  test('a ConfigMap volume and args: CoreDNS reads /root/Corefile and answers on UDP 53 (whoami)', async () => {
    await cp.api.create(`/api/v1/namespaces/${NS}/configmaps`, {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns' }, data: { Corefile: 'foo.bar.com:53 {\n  whoami\n}\n' },
    });
    await cp.api.create(`/apis/apps/v1/namespaces/${NS}/deployments`, deployment('dns', 1, {
      image: 'registry.k8s.io/coredns/coredns:v1.12.2', args: ['-conf', '/root/Corefile'], volumeMounts: [{ mountPath: '/root', name: 'conf' }],
    }, [{ name: 'conf', configMap: { name: 'coredns', defaultMode: 420 } }]));
    const [pod] = await readyPods('dns', 1);
    const answer = await waitFor('a DNS answer', () => dnsQuery(pod.status?.podIP ?? '', 'foo.bar.com').catch(() => undefined), { timeoutMs: 20_000, intervalMs: 200 });
    assert.equal(answer.readUInt16BE(0), 0x5a17, 'the query id');
    assert.equal(answer[2] & 0x80, 0x80, 'a response');
    assert.equal(answer[3] & 0x0f, 0, 'NOERROR: the Corefile\'s zone');
    const nodeIp = Buffer.from(agent.nodeAddress.split('.').map(Number));
    assert.ok(answer.includes(nodeIp), 'whoami reports the querier: the node address, seen through the veth');
  });

  test('LoadBalancer Services: an ingress address from the pool (the one asked for when in it, none outside it); TCP and UDP reach the ready pods', async () => {
    type LbService = { spec: { loadBalancerIP?: string }; status?: { loadBalancer?: { ingress?: { ip?: string }[] } } };
    const ingressOf = async (name: string): Promise<string[]> => ((await cp.api.get<LbService>(`/api/v1/namespaces/${NS}/services/${name}`)).status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? '');
    const lbService = (name: string, app: string, port: Record<string, unknown>, loadBalancerIP?: string): unknown => ({
      apiVersion: 'v1', kind: 'Service', metadata: { name },
      spec: { type: 'LoadBalancer', selector: { app }, ports: [port], ...(loadBalancerIP ? { loadBalancerIP } : {}) },
    });
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, lbService('echo-lb', 'echo', { name: 'http', port: 80, targetPort: 3000 }));
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, lbService('dns-lb', 'dns', { name: 'dns', protocol: 'UDP', port: 53, targetPort: 53 }, '127.34.0.200'));
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, lbService('away-lb', 'echo', { name: 'http', port: 8081, targetPort: 3000 }, '192.0.2.9'));

    const [echoIP] = await waitFor('echo-lb\'s ingress', async () => ((await ingressOf('echo-lb')).length ? ingressOf('echo-lb') : undefined), { timeoutMs: 20_000, intervalMs: 200 });
    assert.match(echoIP ?? '', /^127\.34\.0\.\d+$/);
    const echoPods = new Set((await readyPods('echo', 2)).map((p) => p.metadata.name));
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await waitFor('an answer through the load balancer', () => httpRequest(`http://${echoIP}/lb`, { timeoutMs: 2000 }).catch(() => undefined), { timeoutMs: 20_000, intervalMs: 200 });
      assert.equal(r.status, 200);
      const echo = JSON.parse(r.body) as EchoResponse;
      assert.equal(echo.path, '/lb');
      assert.ok(echoPods.has(echo.pod), `answered by a ready echo pod (${echo.pod})`);
      seen.add(echo.pod);
    }
    assert.equal(seen.size, 2, 'connections are spread over both pods');

    assert.deepEqual(await waitFor('dns-lb\'s ingress', async () => ((await ingressOf('dns-lb')).length ? ingressOf('dns-lb') : undefined), { timeoutMs: 20_000, intervalMs: 200 }), ['127.34.0.200'], 'the address it asked for');
    const answer = await waitFor('a DNS answer through the load balancer', () => dnsQuery('127.34.0.200', 'foo.bar.com').catch(() => undefined), { timeoutMs: 20_000, intervalMs: 200 });
    assert.equal(answer.readUInt16BE(0), 0x5a17);
    assert.equal(answer[3] & 0x0f, 0, 'NOERROR from CoreDNS');

    // Outside the pool: no address, ever (a few polls later still none), and the agent says why.
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(await ingressOf('away-lb'), []);
    assert.ok(agent.recentErrors.some((e) => e.includes('away-lb') && e.includes('192.0.2.9')), agent.recentErrors.join('; '));

    // A deleted Service's address stops answering.
    await cp.api.delete(`/api/v1/namespaces/${NS}/services/echo-lb`);
    await waitFor('echo-lb\'s port closed', () => httpRequest(`http://${echoIP}/lb`, { timeoutMs: 1000 }).then(() => undefined, () => true), { timeoutMs: 20_000, intervalMs: 200 });
  });

  test('an image the agent has no binary for is an error on the pod, naming the image', async () => {
    await cp.api.create(PODS, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'unknown' }, spec: { containers: [{ name: 'c', image: 'example.com/nothing:1' }] } });
    const pod = await waitFor('the pod\'s error', async () => {
      const p = await cp.api.get<Pod>(`${PODS}/unknown`);
      return p.status?.containerStatuses?.[0]?.state.waiting ? p : undefined;
    }, { timeoutMs: 20_000, intervalMs: 200 });
    assert.equal(pod.status?.phase, 'Pending');
    assert.equal(pod.status?.containerStatuses?.[0].state.waiting?.reason, 'ErrImagePull');
    assert.match(pod.status?.containerStatuses?.[0].state.waiting?.message ?? '', /no local binary for image "example\.com\/nothing:1"/);
    assert.match(pod.status?.message ?? '', /example\.com\/nothing:1/);
  });

  test('a deleted pod: its process stops, the object goes, the ReplicaSet\'s replacement is Ready and in the EndpointSlice', async () => {
    const [victim, survivor] = await readyPods('echo', 2);
    const pids = agent.runningPods().get(`${NS}/${victim.metadata.name}`)?.pids ?? [];
    assert.equal(pids.length, 1);
    assert.ok(isAlive(pids[0] as number));
    await cp.api.delete(`${PODS}/${victim.metadata.name}`);
    await waitFor('the pod object gone', async () => ((await cp.api.exists(`${PODS}/${victim.metadata.name}`)) ? undefined : true), { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal(isAlive(pids[0] as number), false, 'the process stopped');
    const now = await readyPods('echo', 2);
    const replacement = now.find((p) => p.metadata.name !== survivor.metadata.name) as Pod;
    await waitFor('the EndpointSlice with the replacement', async () => {
      const list = await cp.api.get<{ items: EndpointSlice[] }>(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Decho`);
      const names = list.items.flatMap((s) => (s.endpoints ?? []).filter((e) => e.conditions?.ready).map((e) => e.targetRef?.name)).sort();
      return names.join() === [survivor.metadata.name, replacement.metadata.name].sort().join() ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
  });

  test('stop() stops every process and removes the namespaces, the bridge and the mount points it made', async () => {
    const pids = [...agent.runningPods().values()].flatMap((p) => p.pids).filter((p): p is number => p !== undefined);
    assert.ok(pids.length >= 4, `pods running (${pids.length})`);
    await agent.stop();
    assert.deepEqual(pids.filter(isAlive), []);
    const netns = execFileSync('ip', ['netns', 'list']).toString();
    assert.doesNotMatch(netns, new RegExp(`pier-pod-${process.pid}-`));
    assert.doesNotMatch(execFileSync('ip', ['link', 'show']).toString(), new RegExp(`pnb${process.pid}\\b`));
    if (!hadSecretVolumeDir) assert.equal(existsSync('/etc/secret-volume'), false, 'the mount point it made is removed');
  });
});
