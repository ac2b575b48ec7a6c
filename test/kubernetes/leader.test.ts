/**
 * Two Pier replicas in Kubernetes mode against a real API server: both follow the cluster and
 * serve the same xDS; only the holder of the Lease writes status; killing it hands over within
 * the lease duration and the new leader keeps statuses current; a replica stopped normally
 * releases the Lease so the next one takes over at once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { startControlPlane, type ControlPlane } from './harness';
import { createGatewaySetup } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'lead';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const ROUTE = `${GW_API}/namespaces/${NS}/httproutes/web`;
const LEASE = '/apis/coordination.k8s.io/v1/namespaces/default/leases/pier-gateway-controller';
/** Pier's default lease duration. */
const LEASE_DURATION_MS = 15_000;

interface Lease { spec: { holderIdentity?: string; leaseTransitions?: number } }
interface Route {
  metadata: { generation: number };
  status?: { parents?: { controllerName: string; conditions: { type: string; status: string; observedGeneration?: number }[] }[] };
}

describe('two Pier replicas with leader election on a real API server', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  const replicas: PierProcess[] = [];

  const start = async (): Promise<PierProcess> => {
    const pier = await PierProcess.start({ config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'off', leaderElectionNamespace: 'default' } });
    replicas.push(pier);
    return pier;
  };
  const holderPid = async (): Promise<number | undefined> => {
    const lease = await cp.api.get<Lease>(LEASE).catch(() => undefined);
    const holder = lease?.spec.holderIdentity;
    return holder ? Number(holder.split('_')[1]) : undefined;
  };
  const writes = (pier: PierProcess): number => pier.find((l) => l.msg === 'status written').length;
  const observed = async (): Promise<number | undefined> => {
    const route = await cp.api.get<Route>(ROUTE);
    const ours = route.status?.parents?.find((p) => p.controllerName === CONTROLLER);
    const accepted = ours?.conditions.find((c) => c.type === 'Accepted' && c.status === 'True');
    return accepted?.observedGeneration;
  };
  const setPath = (prefix: string): Promise<unknown> =>
    cp.api.patch(ROUTE, { spec: { rules: [{ matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'web', port: 80 }] }] } });
  const xds = (pier: PierProcess): Promise<unknown> => pier.admin('/xds?gateway=lead/edge');

  before(async () => {
    cp = await startControlPlane({ controllerManager: false });
    await createGatewaySetup(cp.api, NS, CONTROLLER);
    await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-1', labels: { 'kubernetes.io/service-name': 'web' } },
      addressType: 'IPv4', endpoints: [{ addresses: ['198.18.0.10'] }], ports: [{ port: 8080, protocol: 'TCP' }],
    });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ backendRefs: [{ name: 'web', port: 80 }] }] },
    });
  }, { timeout: 300_000 });

  after(async () => {
    await Promise.all(replicas.map((p) => p.stop()));
    await cp?.stop();
  });

  test('both replicas serve the same xDS; only the lease holder writes status', async () => {
    const [a, b] = [await start(), await start()];
    const leaderPid = await waitFor('a lease holder', holderPid, { timeoutMs: 20_000 });
    assert.ok([a.child.pid, b.child.pid].includes(leaderPid), 'the holder is one of the replicas');
    await waitFor('the route status', async () => ((await observed()) === 1 ? true : undefined), { timeoutMs: 20_000 });
    await setPath('/v2');
    await waitFor('observedGeneration 2', async () => ((await observed()) === 2 ? true : undefined), { timeoutMs: 20_000 });
    await waitFor('identical xDS on both', async () => {
      const [x, y] = [await xds(a), await xds(b)];
      return JSON.stringify(x) === JSON.stringify(y) && JSON.stringify(x).includes('/v2') ? true : undefined;
    }, { timeoutMs: 20_000 });
    const [leader, follower] = leaderPid === a.child.pid ? [a, b] : [b, a];
    await waitFor('the leader\'s two writes in its log', async () => (writes(leader) >= 2 ? true : undefined), { timeoutMs: 5_000 });
    assert.equal(writes(follower), 0, 'the follower wrote nothing');
    assert.equal(follower.find((l) => l.msg.startsWith('leading')).length, 0);
  });

  test('killing the leader hands over within the lease duration; the new leader re-syncs what changed meanwhile', async () => {
    const leaderPid = await holderPid();
    const leader = replicas.find((p) => p.child.pid === leaderPid)!;
    const follower = replicas.find((p) => p !== leader && p.child.exitCode === null)!;
    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    // Changed while nobody leads: the follower computes the status but must not write it; the
    // new leader writes it when it re-syncs.
    await setPath('/v3');
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(writes(follower), 0, 'no write before the handover');
    assert.equal(await observed(), 2, 'nobody wrote generation 3 yet');
    await waitFor('the follower to take the lease', async () => ((await holderPid()) === follower.child.pid ? true : undefined), { timeoutMs: LEASE_DURATION_MS + 15_000, intervalMs: 100 });
    const handover = Date.now() - killedAt;
    process.stdout.write(`# leader handover after SIGKILL: ${handover} ms (lease duration ${LEASE_DURATION_MS} ms)\n`);
    // The follower counts the lease duration from when it saw the last renewal (up to one retry
    // period, 2 s, after the renewal) and acts on its next retry (up to 2 s more); the rest is slack
    // for a busy machine.
    assert.ok(handover <= LEASE_DURATION_MS + 7_000, `handover took ${handover} ms`);
    await waitFor('observedGeneration 3 from the new leader (its re-sync)', async () => ((await observed()) === 3 ? true : undefined), { timeoutMs: 20_000 });
    // Its log line follows the write it reports (and Pier's stdout is read through a pipe).
    await waitFor('the new leader\'s write in its log', async () => (writes(follower) >= 1 ? true : undefined), { timeoutMs: 5_000 });
    assert.equal((await cp.api.get<Lease>(LEASE)).spec.leaseTransitions, 1);
  });

  test('a leader stopped normally releases the lease: the next replica takes over without waiting it out', async () => {
    const leader = replicas.find((p) => p.child.pid === undefined ? false : p.child.exitCode === null && p.child.signalCode === null)!;
    assert.equal(await holderPid(), leader.child.pid);
    const next = await start();
    const stoppedAt = Date.now();
    assert.equal(await leader.stop(), 0);
    await waitFor('the new replica to take the lease', async () => ((await holderPid()) === next.child.pid ? true : undefined), { timeoutMs: LEASE_DURATION_MS, intervalMs: 100 });
    const handover = Date.now() - stoppedAt;
    process.stdout.write(`# leader handover after SIGTERM: ${handover} ms\n`);
    assert.ok(handover < LEASE_DURATION_MS / 2, `took ${handover} ms`);
    await setPath('/v4');
    await waitFor('observedGeneration 4', async () => ((await observed()) === 4 ? true : undefined), { timeoutMs: 20_000 });
  });
});
