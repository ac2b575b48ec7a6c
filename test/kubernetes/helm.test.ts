/**
 * The Helm chart on the test control plane with the pinned Helm, and no manual step:
 *
 * - `helm install`: the setup hook Job (Pier's own CLI, in a pod of the node agent) applies the
 *   Gateway API CRDs server-side, absent before, and the GatewayClass; Pier's two pods run in the
 *   cluster (in-cluster credentials: the ServiceAccount token the API server's admission mounts,
 *   the API server at $KUBERNETES_SERVICE_HOST), become Ready on the metrics port, make a
 *   Gateway's Envoy Deployment, which connects to them over mTLS through their xDS Service, and
 *   traffic flows through the Gateway's LoadBalancer address to an echo backend.
 * - `helm upgrade` (replicas 2 -> 3, log level info -> debug, which rolls the pods) while a
 *   request loop runs: not one request fails.
 * - `helm uninstall`: every object of the release, the hooks' objects, the GatewayClass and the
 *   Gateway's proxy objects are gone (the teardown hook); the CRDs stay (Helm's convention).
 *
 * Pods reach each other and the host through the node agent's bridge; the xDS Service and the
 * Gateway's Service get load balancer addresses on that bridge (podReachablePoolOf), so the
 * Envoy pods reach Pier's pods by the address given to the chart as xds.proxyHost.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { httpRequest, waitFor } from '../helpers/net';
import { repoRoot } from '../helpers/paths';
import { requireEnvoy } from '../helpers/tools';
import { startControlPlane, type ControlPlane } from './harness';
import { helmBinary } from './helm';
import { createEchoBackend, GATEWAY_API } from './objects';
import { imageMap, NodeAgent } from './node-agent/agent';
import { conformanceBinDir, conformanceImages, envoyImages, pierImages } from './node-agent/images';
import { nodeAddressOf, podReachablePoolOf } from './node-agent/network';
import type { Pod } from './node-agent/pod';

const run = promisify(execFile);
const SYSTEM = 'pier-system';
const APPS = 'shop';
const CONTROLLER = 'pier.dev/gateway-controller';
const CRD = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const GATEWAY = `${GATEWAY_API}/namespaces/${APPS}/gateways/edge`;
const PIER_SELECTOR = 'app.kubernetes.io/name=pier,app.kubernetes.io/instance=pier';
const ENVOY_SELECTOR = 'gateway.networking.k8s.io/gateway-name=edge';

interface Condition { type: string; status: string; reason?: string; message?: string }
interface GatewayObj { status?: { addresses?: { value: string }[]; conditions?: Condition[] } }
interface DeploymentObj { metadata: { generation: number }; spec: { replicas: number }; status?: { observedGeneration?: number; replicas?: number; updatedReplicas?: number; readyReplicas?: number; availableReplicas?: number } }
interface EchoResponse { path: string; namespace: string }

const isReady = (p: Pod): boolean => !p.metadata.deletionTimestamp && (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

describe('the Helm chart installed, upgraded under traffic and uninstalled on a real control plane', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let agent: NodeAgent;
  let home: string;
  /** The xDS Service's load balancer address, handed to the proxies as xds.proxyHost. */
  let xdsAddress: string;
  let gatewayAddress = '';

  async function helm(...args: string[]): Promise<string> {
    try {
      const { stdout } = await run(helmBinary(), [...args, '--kubeconfig', cp.kubeconfigFile], {
        timeout: 240_000, maxBuffer: 16 * 1024 * 1024,
        // Helm's own state in the test's dir, not in ~/.config or ~/.cache.
        env: { ...process.env, HELM_CONFIG_HOME: path.join(home, 'config'), HELM_CACHE_HOME: path.join(home, 'cache'), HELM_DATA_HOME: path.join(home, 'data') },
      });
      return stdout;
    } catch (err) {
      const e = err as Error & { stdout?: string; stderr?: string };
      throw new Error(`helm ${args.join(' ')}: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\nagent: ${agent.recentErrors.slice(-5).join('; ')}`);
    }
  }

  const pods = async (ns: string, selector: string): Promise<Pod[]> =>
    (await cp.api.get<{ items: Pod[] }>(`/api/v1/namespaces/${ns}/pods?labelSelector=${encodeURIComponent(selector)}`)).items;

  /** Why the pods are not ready (their status messages), for a failed wait's message. */
  const podReport = async (ns: string, selector: string): Promise<string> => (await pods(ns, selector))
    .map((p) => `${p.metadata.name}: ${p.status?.phase} ${JSON.stringify(p.status?.containerStatuses?.map((c) => c.state))}`).join('; ');

  /** The last lines of each pod's log (through the API server and the agent's kubelet API), for failure messages. */
  const podLogs = async (ns: string, selector: string): Promise<string> => {
    const out: string[] = [];
    for (const p of await pods(ns, selector)) {
      const text = await cp.api.request<string>('GET', `/api/v1/namespaces/${ns}/pods/${p.metadata.name}/log?tailLines=15`).catch((err: Error) => err.message);
      out.push(`--- ${p.metadata.name}:\n${typeof text === 'string' ? text : JSON.stringify(text)}`);
    }
    return out.join('\n');
  };
  const pierLogs = (): Promise<string> => podLogs(SYSTEM, PIER_SELECTOR);

  before(async () => {
    const envoy = requireEnvoy();
    home = mkdtempSync(path.join(os.tmpdir(), 'pier-helm-'));
    // No CRDs: the chart's setup hook installs them. The API server's certificate names the node
    // address, where the agent forwards pods' in-cluster requests.
    cp = await startControlPlane({ gatewayApiCrds: false, apiServerAddresses: [nodeAddressOf()] });
    const pool = podReachablePoolOf();
    xdsAddress = pool.replace(/\.0\/24$/, '.200');
    agent = await NodeAgent.start({
      api: cp.api, apiServer: cp.server, loadBalancerPool: pool,
      images: imageMap({ ...conformanceImages(conformanceBinDir()), ...envoyImages(envoy), ...pierImages() }),
    });
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: APPS } });
    await createEchoBackend(cp.api, APPS, 'echo');
  }, { timeout: 300_000 });

  after(async () => {
    await agent?.stop();
    await cp?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  test('helm install: the CRDs and the GatewayClass by the setup hook, Pier\'s pods Ready, a Gateway Programmed and serving through its Envoy pod', async () => {
    assert.equal(await cp.api.exists(`${CRD}/gateways.gateway.networking.k8s.io`), false, 'no Gateway API CRDs before the install');
    await helm('install', 'pier', path.join(repoRoot(), 'charts', 'pier'), '--namespace', SYSTEM, '--create-namespace', '--wait', '--timeout', '3m',
      '--set', 'xds.service.type=LoadBalancer', '--set', `xds.service.loadBalancerIP=${xdsAddress}`, '--set', `xds.proxyHost=${xdsAddress}`,
      '--set', 'infrastructure.replicas=2');

    // Pier's own policy kinds (crds/pier/) come with them.
    for (const crd of ['gatewayclasses', 'gateways', 'httproutes', 'grpcroutes', 'referencegrants', 'ratelimitpolicies']) {
      const group = crd === 'ratelimitpolicies' ? 'gateway.pier.dev' : 'gateway.networking.k8s.io';
      const o = await cp.api.get<{ metadata: { managedFields?: { manager: string; operation: string }[] }; status?: { conditions?: Condition[] } }>(`${CRD}/${crd}.${group}`);
      assert.ok(o.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True'), `${crd} Established`);
      assert.ok(o.metadata.managedFields?.some((f) => f.manager === 'pier' && f.operation === 'Apply'), `${crd} applied server-side by pier`);
    }
    const cls = await cp.api.get<{ spec: { controllerName: string }; status?: { conditions?: Condition[] } }>(`${GATEWAY_API}/gatewayclasses/pier`);
    assert.equal(cls.spec.controllerName, CONTROLLER);
    const running = (await pods(SYSTEM, PIER_SELECTOR)).filter(isReady);
    assert.equal(running.length, 2, await podReport(SYSTEM, PIER_SELECTOR));
    await waitFor('the GatewayClass Accepted by Pier', async () => {
      const c = await cp.api.get<{ status?: { conditions?: Condition[] } }>(`${GATEWAY_API}/gatewayclasses/pier`);
      return c.status?.conditions?.some((k) => k.type === 'Accepted' && k.status === 'True') ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });

    await cp.api.create(`${GATEWAY_API}/namespaces/${APPS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] },
    });
    await cp.api.create(`${GATEWAY_API}/namespaces/${APPS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'echo' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ backendRefs: [{ name: 'echo', port: 8080 }] }] },
    });
    const gw = await waitFor('the Gateway Programmed', async () => {
      const o = await cp.api.get<GatewayObj>(GATEWAY);
      return o.status?.conditions?.find((c) => c.type === 'Programmed')?.status === 'True' ? o : undefined;
    }, { timeoutMs: 90_000, intervalMs: 250 }).catch(async (err: Error) => {
      const envoys = 'gateway.networking.k8s.io/gateway-name=edge';
      throw new Error(`${err.message}; Envoy pods: ${await podReport(APPS, envoys)}; agent: ${agent.recentErrors.slice(-5).join('; ')}\n${await podLogs(APPS, envoys)}\n${await pierLogs()}`);
    });
    gatewayAddress = gw.status?.addresses?.[0]?.value ?? '';
    const proxies = await cp.api.get<DeploymentObj>(`/apis/apps/v1/namespaces/${APPS}/deployments/pier-edge`);
    assert.equal(proxies.spec.replicas, 2, 'infrastructure.replicas Envoy pods per Gateway');
    if (!/^198\.19\.\d+\.\d+$/.test(gatewayAddress)) assert.fail(`the Gateway's address is not a LoadBalancer address of the pool: ${JSON.stringify(gw.status)}\n${await pierLogs()}`);
    const response = await waitFor('a response through the Gateway', async () => {
      const r = await httpRequest(`http://${gatewayAddress}/installed`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? r : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const echo = JSON.parse(response.body) as EchoResponse;
    assert.deepEqual({ path: echo.path, namespace: echo.namespace }, { path: '/installed', namespace: APPS });
    assert.equal(response.headers['server'], 'envoy');
  });

  test('the README\'s second command: examples/kubernetes/gateway.yaml applied as written serves its Service through its Gateway', async () => {
    // The Service the example routes to ("demo", port 80), as a user would have it.
    await createEchoBackend(cp.api, 'default', 'demo', { port: 80, podName: 'demo' });
    const manifests = parseAllDocuments(readFileSync(path.join(repoRoot(), 'examples', 'kubernetes', 'gateway.yaml'), 'utf8')).map((d) => d.toJS() as { kind: string; metadata: { name: string; namespace?: string }; spec: { controllerName?: string } });
    assert.deepEqual(manifests.map((m) => m.kind), ['GatewayClass', 'Gateway', 'HTTPRoute']);
    for (const m of manifests) {
      if (m.kind === 'GatewayClass') {
        // The chart made it already (kubectl apply would leave it as it is): the same class.
        const existing = await cp.api.get<{ spec: { controllerName: string } }>(`${GATEWAY_API}/gatewayclasses/${m.metadata.name}`);
        assert.equal(existing.spec.controllerName, m.spec.controllerName, 'the example\'s GatewayClass is the chart\'s');
        continue;
      }
      await cp.api.create(`${GATEWAY_API}/namespaces/${m.metadata.namespace ?? 'default'}/${m.kind === 'Gateway' ? 'gateways' : 'httproutes'}`, m);
    }
    const gw = await waitFor('the example\'s Gateway Programmed (kubectl get gateway: PROGRAMMED True, with its address)', async () => {
      const o = await cp.api.get<GatewayObj>(`${GATEWAY_API}/namespaces/default/gateways/web`);
      return o.status?.conditions?.find((c) => c.type === 'Programmed')?.status === 'True' && o.status.addresses?.[0]?.value ? o : undefined;
    }, { timeoutMs: 90_000, intervalMs: 250 });
    const address = gw.status?.addresses?.[0]?.value ?? '';
    const response = await waitFor('a response from demo through the example\'s Gateway', async () => {
      const r = await httpRequest(`http://${address}/`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? r : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    assert.equal((JSON.parse(response.body) as EchoResponse & { pod: string }).pod, 'demo');
  });

  test('helm upgrade to 3 replicas with a changed log level rolls Pier\'s pods while every request succeeds', async () => {
    assert.ok(gatewayAddress, 'the install test ran');
    const before = new Set((await pods(SYSTEM, PIER_SELECTOR)).map((p) => p.metadata.name));
    const envoysBefore = (await pods(APPS, ENVOY_SELECTOR)).map((p) => p.metadata.name).sort();
    let stop = false;
    let sent = 0;
    const failures: string[] = [];
    // Bounded: at most 20,000 requests or 4 minutes, whichever comes first.
    const deadline = Date.now() + 240_000;
    const loop = (async () => {
      while (!stop && sent < 20_000 && Date.now() < deadline) {
        sent++;
        const r = await httpRequest(`http://${gatewayAddress}/during-upgrade`, { timeoutMs: 5000 }).catch((err: Error) => err.message);
        if (typeof r === 'string' || r.status !== 200) failures.push(typeof r === 'string' ? r : `HTTP ${r.status}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await helm('upgrade', 'pier', path.join(repoRoot(), 'charts', 'pier'), '--namespace', SYSTEM, '--reuse-values', '--wait', '--timeout', '3m',
        '--set', 'replicas=3', '--set', 'logLevel=debug');
      await waitFor('3 updated, ready replicas and no old pod', async () => {
        const d = await cp.api.get<DeploymentObj>(`/apis/apps/v1/namespaces/${SYSTEM}/deployments/pier`);
        const s = d.status ?? {};
        const current = await pods(SYSTEM, PIER_SELECTOR);
        return d.spec.replicas === 3 && s.observedGeneration === d.metadata.generation && s.updatedReplicas === 3 && s.readyReplicas === 3 && s.replicas === 3
          && current.length === 3 && current.every((p) => !before.has(p.metadata.name)) ? current : undefined;
      }, { timeoutMs: 120_000, intervalMs: 500 });
      // A few more requests against the new pods only.
      const settled = sent;
      await waitFor('requests after the roll', () => (sent >= settled + 25 ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
    } finally {
      stop = true;
      await loop;
    }
    assert.deepEqual(failures, [], `${failures.length} of ${sent} requests failed`);
    assert.ok(sent >= 25, `${sent} requests sent`);
    const rolled = await pods(SYSTEM, PIER_SELECTOR);
    assert.equal(rolled.length, 3);
    for (const p of rolled) assert.ok(p.spec.containers[0].args?.includes('--log-level=debug'), `${p.metadata.name} runs with the new value`);
    assert.deepEqual((await pods(APPS, ENVOY_SELECTOR)).map((p) => p.metadata.name).sort(), envoysBefore, 'the Gateway\'s Envoy pods kept running through Pier\'s roll');
  });

  test('helm uninstall removes the release\'s objects, its hooks\' objects, the GatewayClass and the Gateway\'s proxy objects; the CRDs stay', async () => {
    // Another controller's GatewayClass and Gateway: the teardown leaves what is not this controller's.
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'other' }, spec: { controllerName: 'example.com/other' } });
    await cp.api.create(`${GATEWAY_API}/namespaces/${APPS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'theirs' },
      spec: { gatewayClassName: 'other', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] },
    });
    await helm('uninstall', 'pier', '--namespace', SYSTEM, '--wait', '--timeout', '3m');
    const gone = [
      `/apis/apps/v1/namespaces/${SYSTEM}/deployments/pier`, `/api/v1/namespaces/${SYSTEM}/services/pier`, `/api/v1/namespaces/${SYSTEM}/serviceaccounts/pier`,
      `/apis/policy/v1/namespaces/${SYSTEM}/poddisruptionbudgets/pier`,
      '/apis/rbac.authorization.k8s.io/v1/clusterroles/pier', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/pier',
      `/apis/rbac.authorization.k8s.io/v1/namespaces/${SYSTEM}/roles/pier-leader-election`, `/apis/rbac.authorization.k8s.io/v1/namespaces/${SYSTEM}/rolebindings/pier-leader-election`,
      `/api/v1/namespaces/${SYSTEM}/serviceaccounts/pier-hooks`, '/apis/rbac.authorization.k8s.io/v1/clusterroles/pier-hooks', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/pier-hooks',
      `/apis/batch/v1/namespaces/${SYSTEM}/jobs/pier-hooks-setup`, `/apis/batch/v1/namespaces/${SYSTEM}/jobs/pier-hooks-teardown`,
      `${GATEWAY_API}/gatewayclasses/pier`,
      `/apis/apps/v1/namespaces/${APPS}/deployments/pier-edge`, `/api/v1/namespaces/${APPS}/services/pier-edge`, `/api/v1/namespaces/${APPS}/configmaps/pier-edge`,
      `/api/v1/namespaces/${APPS}/secrets/pier-edge`, `/api/v1/namespaces/${APPS}/serviceaccounts/pier-edge`,
      `/api/v1/namespaces/${SYSTEM}/serviceaccounts/pier-hooks`, `/apis/rbac.authorization.k8s.io/v1/namespaces/${SYSTEM}/roles/pier-hooks`,
      // What Pier kept in its namespace: its xDS CA and its Lease.
      `/api/v1/namespaces/${SYSTEM}/secrets/pier-xds-tls`, `/apis/coordination.k8s.io/v1/namespaces/${SYSTEM}/leases/pier-gateway-controller`,
    ];
    await waitFor('every object of the release and of the Gateway\'s proxies gone', async () => {
      const left: string[] = [];
      for (const p of gone) if (await cp.api.exists(p)) left.push(p);
      const leftPods = [...await pods(SYSTEM, PIER_SELECTOR), ...await pods(APPS, ENVOY_SELECTOR)];
      return left.length === 0 && leftPods.length === 0 ? true : undefined;
    }, { timeoutMs: 90_000, intervalMs: 500 }).catch(async (err: Error) => {
      const left: string[] = [];
      for (const p of gone) if (await cp.api.exists(p)) left.push(p);
      throw new Error(`${err.message}; still there: ${left.join(', ')}`);
    });
    const releases = await cp.api.get<{ items: unknown[] }>(`/api/v1/namespaces/${SYSTEM}/secrets?labelSelector=${encodeURIComponent('owner=helm,name=pier')}`);
    assert.equal(releases.items.length, 0, 'Helm\'s release records are gone');
    assert.ok(await cp.api.exists(`${CRD}/gateways.gateway.networking.k8s.io`), 'the CRDs stay: other controllers\' objects may live in them');
    assert.ok(await cp.api.exists(GATEWAY), 'the user\'s Gateway stays');
    assert.ok(await cp.api.exists(`${GATEWAY_API}/gatewayclasses/other`), 'another controller\'s GatewayClass stays');
    assert.ok(await cp.api.exists(`${GATEWAY_API}/namespaces/${APPS}/gateways/theirs`), 'another controller\'s Gateway stays');
  });
});
