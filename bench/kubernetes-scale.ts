/**
 * Kubernetes mode at scale, measured as the public comparisons of Gateway API implementations
 * measure it (issue 23). Scenarios, each on a fresh control plane, chosen with
 * PIER_BENCH_K8S_SCALE_SCENARIOS (comma-separated; default all):
 *
 *   lifecycle  route lifecycle, route edits under traffic and status (scenarios 1, 2 and 4;
 *              test/kubernetes/scale/route-lifecycle.ts, which the Kubernetes suite also runs
 *              at 100 routes). PIER_BENCH_K8S_SCALE_ROUTES sets the number of routes (default
 *              1,000), PIER_BENCH_K8S_SCALE_EDITS the number of edits (default 100; made twice: with
 *              paced traffic on every route, then with traffic that never pauses).
 *   churn      endpoint churn (scenario 3; test/kubernetes/scale/endpoint-churn.ts, which the
 *              suite runs at 100 routes). PIER_BENCH_K8S_CHURN_ROUTES (default 1,000),
 *              _SERVICES (100), _ENDPOINTS (1,000), _FRACTION (0.1 of the endpoints per round),
 *              _ROUNDS (5), _ROUND_SECONDS (60). PIER_BENCH_K8S_CHURN_PROFILE=<dir>: a V8 CPU
 *              profile of Pier there, summed over the churn by `node dist/bench/profile-summary.js`.
 *   start      10 Gateways x 1,000 routes: Pier started and restarted, to every Gateway's full
 *   failover   configuration; two replicas, the leader killed, a rolling restart, under traffic
 *              (scenarios 5 and 6; bench/kubernetes-start-failover.ts).
 */
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { controlPlaneBinDir } from '../test/kubernetes/harness';
import { runEndpointChurn } from '../test/kubernetes/scale/endpoint-churn';
import { runRouteLifecycle } from '../test/kubernetes/scale/route-lifecycle';
import { fmtMs, max, percentile, printTable } from './lib/stats';
import { runStartFailoverBench } from './kubernetes-start-failover';

const SCENARIOS = ['lifecycle', 'churn', 'start', 'failover'] as const;
type Scenario = (typeof SCENARIOS)[number];
const isScenario = (n: string): n is Scenario => (SCENARIOS as readonly string[]).includes(n);

const load = (): string => `machine load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`;

/**
 * The control plane and the images the node agent runs (echo-basic), from the Go module proxy
 * into ~/.cache/pier: so the bench runs from a fresh clone; a no-op once built.
 */
function buildPrerequisites(): void {
  const root = path.resolve(__dirname, '..', '..');
  for (const script of ['scripts/k8s/build-control-plane.mjs', 'scripts/k8s/build-conformance.mjs']) {
    execFileSync(process.execPath, [path.join(root, script)], { stdio: 'inherit', cwd: root });
  }
}

export async function runKubernetesScaleBench(): Promise<void> {
  buildPrerequisites();
  controlPlaneBinDir(); // a clear error when the control plane is not built
  const names = (process.env.PIER_BENCH_K8S_SCALE_SCENARIOS || SCENARIOS.join(',')).split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !isScenario(n));
  if (unknown.length > 0) throw new Error(`PIER_BENCH_K8S_SCALE_SCENARIOS: unknown ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`);
  const selected = new Set(names);
  if (selected.has('lifecycle')) await lifecycleScenario();
  if (selected.has('churn')) await churnScenario();
  // Start and failover share one cluster of 10 Gateways x 1,000 routes: made once for both.
  if (selected.has('start') || selected.has('failover')) await runStartFailoverBench({ start: selected.has('start'), failover: selected.has('failover') });
}

async function churnScenario(): Promise<void> {
  const env = (name: string, fallback: number): number => Number(process.env[`PIER_BENCH_K8S_CHURN_${name}`] ?? fallback);
  const o = {
    routes: env('ROUTES', 1000), services: env('SERVICES', 100), endpoints: env('ENDPOINTS', 1000),
    churnFraction: env('FRACTION', 0.1), rounds: env('ROUNDS', 5), roundMs: env('ROUND_SECONDS', 60) * 1000,
    profileDir: process.env.PIER_BENCH_K8S_CHURN_PROFILE || undefined,
  };
  process.stdout.write(`before the churn: ${load()}`);
  const r = await runEndpointChurn(o);
  const ms = (v: number): string => `${fmtMs(v)} ms`;
  printTable(`endpoint churn: ${r.routes} HTTPRoutes over ${r.services} Services, ${r.endpoints} endpoints (${r.pods} pods × ${r.services} ports), `
    + `${Math.round(o.churnFraction * 100)}% flipping readiness per ${o.roundMs / 1000} s round for ${o.rounds} rounds, traffic on every route`, ['', 'figure', 'target'], [
    ['Pier CPU over the churn (cores, mean)', `${r.pierCpuCores.toFixed(3)} (over ${r.churnSeconds.toFixed(0)} s)`, '≤ 0.05'],
    ['Pier CPU after the churn, traffic and no write (cores)', r.pierIdleCpuCores.toFixed(3), ''],
    ['Pier RSS: highest sampled during the churn / process peak', `${r.pierRssMaxMiB} / ${r.pierMemory.peakMiB} MiB`, '≤ 150 MiB'],
    ['of which V8 heap used / committed, external (at the end)', `${r.pierHeap.usedMiB} / ${r.pierHeap.totalMiB} MiB, ${r.pierHeap.externalMiB} MiB`, ''],
    ['EndpointSlice write → Envoy\'s EDS update, p50', ms(percentile(r.edsLatencies, 50)), ''],
    ['EndpointSlice write → Envoy\'s EDS update, p99', ms(percentile(r.edsLatencies, 99)), '≤ 50 ms'],
    ['EndpointSlice write → Envoy\'s EDS update, max', ms(max(r.edsLatencies)), ''],
    [`of which write → the event on a watch (the API server's share; ${r.watchLatencies.length} seen), p50 / p99`, `${ms(percentile(r.watchLatencies, 50))} / ${ms(percentile(r.watchLatencies, 99))}`, ''],
    ['event-loop delay over the churn, p99 / max: Pier; this bench (its polls of Envoy wait behind it)', `${ms(r.loopDelay.pier.p99)} / ${ms(r.loopDelay.pier.max)}; ${ms(r.loopDelay.runner.p99)} / ${ms(r.loopDelay.runner.max)}`, ''],
    ['readiness flips / EndpointSlice writes', `${r.flips} / ${r.writes}`, ''],
    ['failed requests', `${r.traffic.failed} of ${r.traffic.requests}`, '0'],
    ['answers from endpoints Envoy held as not ready', String(r.strays), '0'],
    ['checks: not ready and answered / ready again and never answered', `${r.checks.notReadyAnswered} of ${r.checks.notReady} / ${r.checks.readyAgainMissed} of ${r.checks.readyAgain}`, '0 / 0'],
    ['Envoy updates applied during the churn: EDS (clusters) / CDS / LDS / RDS', `${r.envoyUpdates.eds} / ${r.envoyUpdates.cds} / ${r.envoyUpdates.lds} / ${r.envoyUpdates.rds}`, `${r.writes} / 0 / 0 / 0`],
  ]);
  process.stdout.write(`Pier's counters over the churn (/metrics, after minus before; ${r.writes} writes):\n`);
  for (const [series, delta] of r.pierCounters) process.stdout.write(`  ${series} ${Number.isInteger(delta) ? delta : delta.toFixed(4)}\n`);
  process.stdout.write(load());
}

async function lifecycleScenario(): Promise<void> {
  const count = Number(process.env.PIER_BENCH_K8S_SCALE_ROUTES ?? 1000);
  const edits = Number(process.env.PIER_BENCH_K8S_SCALE_EDITS ?? 100);
  const r = await runRouteLifecycle({ routes: count, edits });
  const tenth = Math.max(1, Math.floor(r.latencies.length / 10));
  const ms = (v: number): string => `${fmtMs(v)} ms`;
  printTable(`route lifecycle: ${count} HTTPRoutes created one by one on one Gateway (Envoy pod, real traffic)`, ['', 'figure', 'target'], [
    ['create → first 200, p50', ms(percentile(r.latencies, 50)), '≤ 10 ms (3,000 routes: ≤ 15)'],
    ['create → first 200, p99', ms(percentile(r.latencies, 99)), '≤ 30 ms (3,000 routes: ≤ 40)'],
    ['create → first 200, max', ms(max(r.latencies)), '≤ 50 ms'],
    // Each change re-sends the whole RouteConfiguration, so Envoy's part grows with the routes already there.
    [`create → first 200, p50 of the first / last ${tenth} routes`, `${ms(percentile(r.latencies.slice(0, tenth), 50))} / ${ms(percentile(r.latencies.slice(-tenth), 50))}`, ''],
    ['5xx at any time', String(r.serverErrors), '0'],
    ['non-2xx of a route already served (re-checks)', `${r.servedThenFailed} of ${r.rechecks}`, '0'],
    ['steady traffic on the first route: non-2xx', `${r.steady.non2xx} of ${r.steady.requests}`, '0'],
    ['Pier CPU while adding (cores, mean)', r.pierCpuCores.toFixed(2), ''],
    ['Pier RSS settled / peak', `${r.pierMemory.rssMiB} / ${r.pierMemory.peakMiB} MiB`, '3,000 routes: ≤ 200 MiB'],
    ['routes created in', `${r.addSeconds.toFixed(1)} s`, ''],
  ]);
  printTable('where an add\'s time went (Pier\'s own histograms, over the adds)', ['stage', 'mean', 'passes'], r.stages.map((s) => [s.name, ms(s.meanMs), String(s.count)]));
  printTable('status while the routes were created', ['', 'figure', 'target'], [
    ['status writes per new route (min / max)', `${Math.min(...r.routeWrites)} / ${Math.max(...r.routeWrites)}`, 'exactly 1'],
    ['Gateway status writes', String(r.gatewayWrites), '≤ 10'],
    ['every route\'s status written, after the last create', ms(r.routesSettledMs), '≤ 2 s'],
    ['the Gateway\'s attachedRoutes final, after the last create', ms(r.gatewaySettledMs), ''],
  ]);
  for (const [round, traffic] of [[r.edits, 'requests to every route in turn, one every 10 ms'], [r.saturatedEdits, 'requests to every route in turn, each sent once the last answered (saturates the two cores)']] as const) {
    printTable(`route edits under traffic: ${edits} edits moving a rule to the other backend and back, ${traffic}`, ['', 'figure', 'target'], [
      ['edit → traffic moved, p50', ms(percentile(round.latencies, 50)), round === r.edits ? '≤ 15 ms' : ''],
      ['edit → traffic moved, p99', ms(percentile(round.latencies, 99)), ''],
      ['edit → traffic moved, max', ms(max(round.latencies)), ''],
      ['non-2xx on any route meanwhile', `${round.traffic.non2xx} of ${round.traffic.requests}`, '0'],
    ]);
    printTable('where an edit\'s time went (Pier\'s own histograms, over these edits)', ['stage', 'mean', 'passes'], round.stages.map((s) => [s.name, ms(s.meanMs), String(s.count)]));
  }
  process.stdout.write(load());
}

