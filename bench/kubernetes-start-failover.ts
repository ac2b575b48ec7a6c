/**
 * Issue 23, scenarios 5 and 6 for `npm run bench -- kubernetes-scale` (scenarios `start` and
 * `failover`; the scenario is test/kubernetes/scale/start-failover.ts, which the Kubernetes suite
 * also runs at 100 routes). Sizes, with the issue's as defaults:
 * PIER_BENCH_K8S_SCALE_GATEWAYS (10), PIER_BENCH_K8S_SCALE_ROUTES_PER_GATEWAY (1,000),
 * PIER_BENCH_K8S_SCALE_SERVICES (1,000 in all), PIER_BENCH_K8S_SCALE_ENDPOINTS (10,000 in all),
 * PIER_BENCH_K8S_SCALE_STARTS (3: the first writes every status, the others are restarts),
 * PIER_BENCH_K8S_SCALE_SETTLE_MS (30,000: idle time before RSS is read).
 */
import * as os from 'node:os';
import { ISSUE_SHAPE, runStartFailover, type ClusterShape } from '../test/kubernetes/scale/start-failover';
import { fmtMs, printTable } from './lib/stats';

const num = (name: string, fallback: number): number => {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : Number(v);
};

export async function runStartFailoverBench(o: { start: boolean; failover: boolean }): Promise<void> {
  const gateways = num('PIER_BENCH_K8S_SCALE_GATEWAYS', ISSUE_SHAPE.gateways);
  const servicesPerGateway = Math.max(1, Math.round(num('PIER_BENCH_K8S_SCALE_SERVICES', ISSUE_SHAPE.gateways * ISSUE_SHAPE.servicesPerGateway) / gateways));
  const shape: ClusterShape = {
    gateways,
    routesPerGateway: num('PIER_BENCH_K8S_SCALE_ROUTES_PER_GATEWAY', ISSUE_SHAPE.routesPerGateway),
    servicesPerGateway,
    endpointsPerService: Math.max(1, Math.round(num('PIER_BENCH_K8S_SCALE_ENDPOINTS', ISSUE_SHAPE.gateways * ISSUE_SHAPE.servicesPerGateway * ISSUE_SHAPE.endpointsPerService) / (gateways * servicesPerGateway))),
    trafficRoutes: ISSUE_SHAPE.trafficRoutes,
  };
  const routes = shape.gateways * shape.routesPerGateway;
  const size = `${shape.gateways} Gateways x ${shape.routesPerGateway} routes (${routes} routes, ${shape.gateways * shape.servicesPerGateway} Services, ${shape.gateways * shape.servicesPerGateway * shape.endpointsPerService} endpoints)`;
  const r = await runStartFailover({
    shape, starts: o.start ? num('PIER_BENCH_K8S_SCALE_STARTS', 3) : 0, failover: o.failover, rolling: o.failover,
    settleMs: num('PIER_BENCH_K8S_SCALE_SETTLE_MS', 30_000),
    progress: (line) => process.stdout.write(`  ${line}\n`),
  });
  const ms = (v: number): string => `${fmtMs(v)} ms`;
  process.stdout.write(`${size}: created in ${r.createSeconds.toFixed(1)} s\n`);
  if (r.starts.length > 0) {
    printTable(`start: pier serve --provider kubernetes, ${size}; one Delta xDS client per Gateway`, ['', ...r.starts.map((_, i) => (i === 0 ? 'first start' : `restart ${i}`)), 'target'], [
      ['process start → xDS port listening', ...r.starts.map((s) => ms(s.listeningMs)), ''],
      ['process start → every Gateway\'s full xDS configuration', ...r.starts.map((s) => ms(s.fullMs)), '≤ 3 s'],
      ['process start → /readyz 200', ...r.starts.map((s) => ms(s.readyMs)), ''],
      ['process start → every status written (first start)', ...r.starts.map((s) => (s.statusesMs === undefined ? '' : ms(s.statusesMs))), ''],
      ['status writes (Gateways and routes)', ...r.starts.map((s) => String(s.statusWrites)), 'restart: 0'],
      ['RSS settled / peak', ...r.starts.map((s) => `${s.rssMiB} / ${s.peakMiB} MiB`), '≤ 256 MiB settled'],
    ]);
  }
  if (r.failover) {
    const f = r.failover;
    printTable(`failover: two replicas with leader election, ${f.envoys} Envoys (Delta and SotW) through a Service, SIGKILL of the leader under traffic`, ['', 'figure', 'target'], [
      ['failed requests', `${f.failed} of ${f.requests}`, '0'],
      ['Envoys whose stream was on the leader (moved)', `${f.moved} of ${f.envoys}`, ''],
      ['SIGKILL → the other replica holds the Lease', ms(f.leaseMs), 'within the lease (15 s)'],
      ['SIGKILL → a route created after it has its status', ms(f.statusMs), ''],
      ['status writes by the new leader / of them changing nothing', `${f.statusPuts} / ${f.statusPuts - f.statusChanges}`, '— / 0'],
      ['Delta Envoys sent a resource they held', f.resent.length === 0 ? 'none' : f.resent.join('; '), 'none'],
      ['the new route served through its Envoy', f.lateRouteServed ? 'yes' : 'no', 'yes'],
    ]);
  }
  if (r.rolling) {
    const g = r.rolling;
    printTable('rolling restart of the two replicas under traffic, as a Deployment rolls (a new one started; once ready, SIGTERM to an old one; twice)', ['', 'figure', 'target'], [
      ['failed requests', `${g.failed} of ${g.requests}`, '0'],
      ['Envoy streams moved', String(g.moves), ''],
      ['Delta Envoys sent a resource they held', g.resent.length === 0 ? 'none' : g.resent.join('; '), 'none'],
      ['both replicas\' resources byte-identical', g.identicalXds ? 'yes' : 'no', 'yes'],
    ]);
  }
  process.stdout.write(`machine load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
}
