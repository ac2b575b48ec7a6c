/**
 * Kubernetes mode at scale, measured as the public comparisons of Gateway API implementations
 * measure it (issue 23). Today: route lifecycle, route edits under traffic and status (scenarios
 * 1, 2 and 4; the scenario is in test/kubernetes/scale/route-lifecycle.ts, which the Kubernetes
 * suite also runs at 100 routes). PIER_BENCH_K8S_SCALE_ROUTES sets the number of routes (default
 * 1,000), PIER_BENCH_K8S_SCALE_EDITS the number of edits (default 100).
 */
import * as os from 'node:os';
import { controlPlaneBinDir } from '../test/kubernetes/harness';
import { runRouteLifecycle } from '../test/kubernetes/scale/route-lifecycle';
import { fmtMs, max, percentile, printTable } from './lib/stats';
import { runStartFailoverBench } from './kubernetes-start-failover';

async function runLifecycleBench(): Promise<void> {
  const count = Number(process.env.PIER_BENCH_K8S_SCALE_ROUTES ?? 1000);
  controlPlaneBinDir(); // a clear error when the control plane is not built
  const edits = Number(process.env.PIER_BENCH_K8S_SCALE_EDITS ?? 100);
  const r = await runRouteLifecycle({ routes: count, edits });
  const ms = (v: number): string => `${fmtMs(v)} ms`;
  printTable(`route lifecycle: ${count} HTTPRoutes created one by one on one Gateway (Envoy pod, real traffic)`, ['', 'figure', 'target'], [
    ['create → first 200, p50', ms(percentile(r.latencies, 50)), '≤ 10 ms (3,000 routes: ≤ 15)'],
    ['create → first 200, p99', ms(percentile(r.latencies, 99)), '≤ 30 ms (3,000 routes: ≤ 40)'],
    ['create → first 200, max', ms(max(r.latencies)), '≤ 50 ms'],
    ['5xx at any time', String(r.serverErrors), '0'],
    ['non-2xx of a route already served (re-checks)', `${r.servedThenFailed} of ${r.rechecks}`, '0'],
    ['steady traffic on the first route: non-2xx', `${r.steady.non2xx} of ${r.steady.requests}`, '0'],
    ['Pier CPU while adding (cores, mean)', r.pierCpuCores.toFixed(2), ''],
    ['Pier RSS settled / peak', `${r.pierMemory.rssMiB} / ${r.pierMemory.peakMiB} MiB`, '3,000 routes: ≤ 200 MiB'],
    ['routes created in', `${r.addSeconds.toFixed(1)} s`, ''],
  ]);
  printTable('status while the routes were created', ['', 'figure', 'target'], [
    ['status writes per new route (min / max)', `${Math.min(...r.routeWrites)} / ${Math.max(...r.routeWrites)}`, 'exactly 1'],
    ['Gateway status writes', String(r.gatewayWrites), '≤ 10'],
    ['every route\'s status written, after the last create', ms(r.routesSettledMs), '≤ 2 s'],
    ['the Gateway\'s attachedRoutes final, after the last create', ms(r.gatewaySettledMs), ''],
  ]);
  printTable(`route edits under traffic: ${edits} edits moving a rule to the other backend and back, requests to every route in turn`, ['', 'figure', 'target'], [
    ['edit → traffic moved, p50', ms(percentile(r.editLatencies, 50)), '≤ 15 ms'],
    ['edit → traffic moved, p99', ms(percentile(r.editLatencies, 99)), ''],
    ['edit → traffic moved, max', ms(max(r.editLatencies)), ''],
    ['non-2xx on any route meanwhile', `${r.editTraffic.non2xx} of ${r.editTraffic.requests}`, '0'],
  ]);
  process.stdout.write(`machine load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
}

/**
 * PIER_BENCH_K8S_SCALE_SCENARIOS selects scenarios, comma-separated (default all): lifecycle
 * (scenarios 1, 2, 4), start and failover (5 and 6: bench/kubernetes-start-failover.ts; failover
 * includes the rolling restart).
 */
export async function runKubernetesScaleBench(): Promise<void> {
  const selected = new Set((process.env.PIER_BENCH_K8S_SCALE_SCENARIOS || 'lifecycle,start,failover').split(',').map((s) => s.trim()));
  if (selected.has('lifecycle')) await runLifecycleBench();
  if (selected.has('start') || selected.has('failover')) await runStartFailoverBench({ start: selected.has('start'), failover: selected.has('failover') });
}
