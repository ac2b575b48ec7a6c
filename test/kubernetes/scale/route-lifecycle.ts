/**
 * Route lifecycle in Kubernetes mode (issue 23, scenarios 1, 2 and 4), shared by the benchmark
 * (bench/kubernetes-scale.ts: the figures) and the Kubernetes suite (route-lifecycle.test.ts:
 * the correctness claims at a smaller size).
 *
 * Against the test control plane (etcd, kube-apiserver, kube-controller-manager), `pier serve
 * --provider kubernetes` is started as a user starts it (the CLI); the Gateway's Envoy runs as
 * the pod Pier's Kubernetes infrastructure creates (the test node agent runs it from the real
 * Envoy binary) and traffic goes to that pod. `count` HTTPRoutes, each with its own path, are
 * created one by one on one Gateway; for each, the time from the create's response to the first
 * 200 through Envoy. Every 5xx at any time counts, and so does any non-2xx of a route already
 * served (every tenth new route also re-checks one served before); steady traffic on the first
 * route runs throughout. Status writes are counted on the API server's side; Pier's CPU and
 * memory come from /proc. Then `edits` route edits under traffic: each moves one route's rule to
 * the other backend (echo <-> echo-b) and times the patch's response to the first answer from
 * the new backend, while a loop sends requests to every route in turn and counts any non-2xx.
 */
import * as http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateServerFiles } from '../../../src/security/tls-dir';
import { freePort, waitFor } from '../../helpers/net';
import { PierProcess } from '../../helpers/pier';
import { requireEnvoy } from '../../helpers/tools';
import { startControlPlane } from '../harness';
import { createEchoBackend, GATEWAY_API } from '../objects';
import { imageMap, NodeAgent } from '../node-agent/agent';
import { conformanceBinDir, conformanceImages, envoyImages } from '../node-agent/images';
import type { Pod } from '../node-agent/pod';
import { followStatusWrites, histogramDelta, PIER_COMMAND_NODE_OPTIONS, processCpuSeconds, processMemory, scrapeHistograms } from './observe';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'scale';
/** Gateway port 80 is this container port on the Envoy pod (src/ir/ports.ts). */
const ENVOY_POD_PORT = 10080;
/** Longest one route may take to be served before the run gives up on it. */
const ROUTE_TIMEOUT_MS = 30_000;

export interface RouteLifecycleResult {
  count: number;
  /** Per new route (the first is made before Pier starts): create's response -> first 200, ms. */
  latencies: number[];
  /** 5xx answers at any time. */
  serverErrors: number;
  /** Re-checks of routes already served, and how many of them did not answer 200. */
  rechecks: number;
  servedThenFailed: number;
  steady: { requests: number; non2xx: number };
  addSeconds: number;
  pierCpuCores: number;
  pierMemory: { rssMiB: string; peakMiB: string };
  /** Status writes per new route. */
  routeWrites: number[];
  gatewayWrites: number;
  routesSettledMs: number;
  gatewaySettledMs: number;
  /** The edits with requests to every route in turn at the steady loop's pace. */
  edits: EditRound;
  /** As many more edits with a request loop that never pauses (it saturates two cores). */
  saturatedEdits: EditRound;
  /** Where the time of the adds went, from Pier's own histograms: mean ms and passes per stage. */
  stages: { name: string; meanMs: number; count: number }[];
}

export interface EditRound {
  /** Per edit: the patch's response -> the first answer from the new backend, ms. */
  latencies: number[];
  /** Requests to every route in turn during the edits, and the non-2xx among them. */
  traffic: { requests: number; non2xx: number };
  /** Where the time went, from Pier's own histograms, over the edits. */
  stages: { name: string; meanMs: number; count: number }[];
}

/** Pause between two requests of the steady loop (and of the paced edit traffic). */
const STEADY_PAUSE_MS = 10;

/** Pier's histograms that time one stage of a route's way to Envoy, in pipeline order. */
const STAGES: readonly [string, string][] = [
  ['Gateway API translation pass', 'pier_gatewayapi_translation_duration_seconds'],
  ['xDS translation of the Gateway', 'pier_xds_translation_duration_seconds'],
  ['RDS response sent → Envoy\'s ACK', 'pier_xds_push_ack_latency_seconds{type="route"}'],
];

export interface RouteLifecycleOptions {
  routes: number;
  edits: number;
}

/** One GET through Envoy: the status code (0 when no answer came) and the answering pod (echo-basic's JSON). */
function request(agent: http.Agent, host: string, urlPath: string): Promise<{ code: number; pod: string }> {
  return new Promise((resolve) => {
    const req = http.request({ host, port: ENVOY_POD_PORT, path: urlPath, agent, timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => {
        let pod = '';
        try { pod = (JSON.parse(body) as { pod?: string }).pod ?? ''; } catch { /* not from a backend */ }
        resolve({ code: res.statusCode ?? 0, pod });
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ code: 0, pod: '' }));
    req.end();
  });
}

const get = async (agent: http.Agent, host: string, urlPath: string): Promise<number> => (await request(agent, host, urlPath)).code;


const isReady = (p: Pod): boolean => !p.metadata.deletionTimestamp && (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

export async function runRouteLifecycle({ routes: count, edits }: RouteLifecycleOptions): Promise<RouteLifecycleResult> {
  const envoy = requireEnvoy();
  const cp = await startControlPlane();
  const node = await NodeAgent.start({ api: cp.api, images: imageMap({ ...conformanceImages(conformanceBinDir()), ...envoyImages(envoy) }) });
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-scale-tls-'));
  let pier: PierProcess | undefined;
  const stoppers: (() => Promise<void>)[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    await generateServerFiles(tlsDir);
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await waitFor('the default ServiceAccount', async () => ((await cp.api.exists(`/api/v1/namespaces/${NS}/serviceaccounts/default`)) ? true : undefined), { timeoutMs: 60_000, intervalMs: 200 });
    await createEchoBackend(cp.api, NS, 'echo', { podName: 'echo' });
    await createEchoBackend(cp.api, NS, 'echo-b', { podName: 'echo-b' });
    await cp.api.create(`${GATEWAY_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] },
    });
    const rules = (i: number, backend: string): unknown[] => [{ matches: [{ path: { type: 'PathPrefix', value: `/r${i}` } }], backendRefs: [{ name: backend, port: 8080 }] }];
    const route = (i: number): unknown => ({
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `r${i}` },
      spec: { parentRefs: [{ name: 'edge' }], rules: rules(i, 'echo') },
    });
    await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/httproutes`, route(0));

    // Pods reach the host at the node's address: Pier's xDS listens there, with mTLS.
    const xdsPort = await freePort(node.nodeAddress);
    pier = await PierProcess.start({
      config: {
        provider: 'kubernetes', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: 'default', logLevel: 'warn',
        xdsAddress: `${node.nodeAddress}:${xdsPort}`, xdsTlsDir: tlsDir, proxyXdsHost: node.nodeAddress, gatewayServiceType: 'ClusterIP',
      },
      env: PIER_COMMAND_NODE_OPTIONS,
    });
    const proxy = await waitFor('a ready Envoy pod', async () => {
      const pods = (await cp.api.get<{ items: Pod[] }>(`/api/v1/namespaces/${NS}/pods?labelSelector=${encodeURIComponent('gateway.networking.k8s.io/gateway-name=edge')}`)).items;
      return pods.find(isReady);
    }, { timeoutMs: 120_000, intervalMs: 250 });
    const host = proxy.status?.podIP ?? '';
    await waitFor('the first route served through the Envoy pod', async () => ((await get(agent, host, '/r0')) === 200 ? true : undefined), { timeoutMs: 60_000, intervalMs: 100 });

    // From here on: status writes, steady traffic on the first route, Pier's CPU.
    const writes = await followStatusWrites(cp, NS);
    stoppers.push(() => writes.stop());
    const steady = { requests: 0, non2xx: 0 };
    let steadyRunning = true;
    const steadyLoop = (async () => {
      while (steadyRunning) {
        const code = await get(agent, host, '/r0');
        steady.requests++;
        if (code < 200 || code > 299) steady.non2xx++;
        await new Promise((r) => setTimeout(r, STEADY_PAUSE_MS));
      }
    })();
    stoppers.push(async () => { steadyRunning = false; await steadyLoop; });

    const latencies: number[] = [];
    let serverErrors = 0; // 5xx at any time
    let servedThenFailed = 0; // non-2xx of a route already served
    const cpuBefore = processCpuSeconds(pier.child.pid);
    const histogramsBefore = await scrapeHistograms(pier.metricsPort);
    const started = process.hrtime.bigint();
    for (let i = 1; i < count; i++) {
      await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/httproutes`, route(i));
      const created = process.hrtime.bigint();
      for (;;) {
        const code = await get(agent, host, `/r${i}`);
        if (code >= 500) serverErrors++;
        if (code === 200) break;
        if (Number(process.hrtime.bigint() - created) / 1e6 > ROUTE_TIMEOUT_MS) throw new Error(`route r${i} not served after ${ROUTE_TIMEOUT_MS} ms (last answer ${code})`);
      }
      latencies.push(Number(process.hrtime.bigint() - created) / 1e6);
      if (i % 10 === 0) {
        const code = await get(agent, host, `/r${Math.floor(Math.random() * i)}`);
        if (code !== 200) servedThenFailed++;
        if (code >= 500) serverErrors++;
      }
    }
    const addSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuCores = (processCpuSeconds(pier.child.pid) - cpuBefore) / addSeconds;
    const histogramsAfter = await scrapeHistograms(pier.metricsPort);
    const stages = STAGES.map(([name, key]) => ({ name, ...histogramDelta(histogramsBefore, histogramsAfter, key) }));
    const lastCreate = Date.now();
    await waitFor('every new route\'s status', () => (writes.routeWrites.size === count - 1 ? true : undefined), { timeoutMs: 120_000, intervalMs: 20 });
    const routesSettledMs = Date.now() - lastCreate;
    await waitFor(`attachedRoutes ${count} on the Gateway`, () => (writes.attached === count ? true : undefined), { timeoutMs: 120_000, intervalMs: 20 });
    const gatewaySettledMs = Date.now() - lastCreate;
    // Anything still coming would show within a few seconds (an object is written at most once a second).
    await new Promise((r) => setTimeout(r, 3000));
    const memory = processMemory(pier.child.pid);
    const perRoute = [...writes.routeWrites.values()];

    // Edits under traffic, twice: first with requests to every route in turn at the steady
    // loop's pace, then with a loop that sends the next request as soon as the last answered.
    // On two cores that second loop (bench, Envoy worker and backend busy all the time) takes
    // the CPU every stage of an edit needs; its figures are reported beside, not as the target's.
    const backendOf = new Map<number, string>();
    const editRound = async (pauseMs: number, firstEdit: number): Promise<EditRound> => {
      const traffic = { requests: 0, non2xx: 0 };
      let sweeping = true;
      const sweep = (async () => {
        for (let j = 0; sweeping; j = (j + 1) % count) {
          const code = await get(agent, host, `/r${j}`);
          traffic.requests++;
          if (code < 200 || code > 299) traffic.non2xx++;
          if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        }
      })();
      const stopSweep = async (): Promise<void> => { sweeping = false; await sweep; };
      stoppers.push(stopSweep);
      const latencies: number[] = [];
      const before = await scrapeHistograms(pier!.metricsPort);
      for (let e = firstEdit; e < firstEdit + edits; e++) {
        const i = 1 + ((e * 7919) % (count - 1)); // spread over the routes, each edited back and forth
        const to = (backendOf.get(i) ?? 'echo') === 'echo' ? 'echo-b' : 'echo';
        backendOf.set(i, to);
        await cp.api.patch(`${GATEWAY_API}/namespaces/${NS}/httproutes/r${i}`, { spec: { rules: rules(i, to) } });
        const patched = process.hrtime.bigint();
        for (;;) {
          const r = await request(agent, host, `/r${i}`);
          if (r.code === 200 && r.pod === to) break;
          if (Number(process.hrtime.bigint() - patched) / 1e6 > ROUTE_TIMEOUT_MS) throw new Error(`route r${i} still not on ${to} after ${ROUTE_TIMEOUT_MS} ms`);
        }
        latencies.push(Number(process.hrtime.bigint() - patched) / 1e6);
      }
      await stopSweep();
      const after = await scrapeHistograms(pier!.metricsPort);
      return { latencies, traffic, stages: STAGES.map(([name, key]) => ({ name, ...histogramDelta(before, after, key) })) };
    };
    const pacedEdits = await editRound(STEADY_PAUSE_MS, 0);
    const saturatedEdits = await editRound(0, edits);

    return {
      count, latencies, serverErrors, rechecks: Math.floor((count - 1) / 10), servedThenFailed, steady, addSeconds, pierCpuCores: cpuCores, pierMemory: memory,
      routeWrites: perRoute, gatewayWrites: writes.gatewayWrites, routesSettledMs, gatewaySettledMs, edits: pacedEdits, saturatedEdits, stages,
    };
  } finally {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    agent.destroy();
    await pier?.stop();
    await node.stop();
    await cp.stop();
    rmSync(tlsDir, { recursive: true, force: true });
  }
}
