/**
 * Status writes on the API server while 1,000 HTTPRoutes are added one by one to one Gateway,
 * with `pier serve --provider kubernetes` (the CLI) against a real kube-apiserver + etcd. Writes
 * are counted from the API server's side: a watch on Gateways and HTTPRoutes sees one MODIFIED
 * event per status update that changed something (Pier writes only then).
 * PIER_BENCH_K8S_ROUTES changes the count.
 */
import { followStatusWrites, PIER_COMMAND_NODE_OPTIONS, processMemory } from '../test/kubernetes/scale/observe';
import { waitFor } from '../test/helpers/net';
import { PierProcess } from '../test/helpers/pier';
import { controlPlaneBinDir, startControlPlane } from '../test/kubernetes/harness';
import { createGatewaySetup } from '../test/kubernetes/objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const NS = 'bench';

interface Obj { status?: { listeners?: { attachedRoutes: number }[] } }

export async function runKubernetesStatusBench(): Promise<void> {
  const count = Number(process.env.PIER_BENCH_K8S_ROUTES ?? 1000);
  try {
    controlPlaneBinDir();
  } catch (err) {
    process.stdout.write(`skipped: ${(err as Error).message}\n`);
    return;
  }
  const cp = await startControlPlane({ controllerManager: false });
  let pier: PierProcess | undefined;
  const stores: { stop(): Promise<void> }[] = [];
  try {
    await createGatewaySetup(cp.api, NS, CONTROLLER);
    pier = await PierProcess.start({ config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'off', logLevel: 'warn', leaderElect: false }, env: PIER_COMMAND_NODE_OPTIONS });
    await waitFor('the Gateway status', async () => ((await cp.api.get<Obj>(`${GW_API}/namespaces/${NS}/gateways/edge`)).status?.listeners?.[0]?.attachedRoutes === 0 ? true : undefined), { timeoutMs: 30_000 });

    // Count status updates from here on, as the API server reports them.
    const writes = await followStatusWrites(cp, NS);
    stores.push(writes);

    const started = Date.now();
    for (let i = 0; i < count; i++) {
      await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `r${i}` },
        spec: { parentRefs: [{ name: 'edge' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/r${i}` } }], backendRefs: [{ name: 'web', port: 80 }] }] },
      });
    }
    const created = Date.now() - started;
    await waitFor(`attachedRoutes ${count} and every route's status`, () => (writes.attached === count && writes.routeWrites.size === count ? true : undefined), { timeoutMs: 600_000, intervalMs: 100 });
    const settled = Date.now() - started;
    // Anything still coming would show within a few seconds (Pier writes an object at most once a second).
    await new Promise((r) => setTimeout(r, 3000));
    const perRoute = [...writes.routeWrites.values()];
    const memory = processMemory(pier.child.pid);
    process.stdout.write([
      `routes added one by one: ${count} in ${(created / 1000).toFixed(1)} s (${(count / (created / 1000)).toFixed(0)}/s); all statuses settled after ${(settled / 1000).toFixed(1)} s (${((settled - created) / 1000).toFixed(1)} s after the last create)`,
      `Pier's memory with ${count} routes: RSS ${memory.rssMiB} MiB settled, peak ${memory.peakMiB} MiB`,
      `Gateway status writes on the way to ${count} attached routes: ${writes.gatewayWrites}`,
      `HTTPRoute status writes: ${perRoute.reduce((a, b) => a + b, 0)} for ${writes.routeWrites.size} routes (per route: min ${Math.min(...perRoute)}, max ${Math.max(...perRoute)})`,
    ].join('\n') + '\n');
  } finally {
    await Promise.all(stores.map((s) => s.stop()));
    await pier?.stop();
    await cp.stop();
  }
}

