/**
 * Route change apply (issue 27): one Gateway with N HTTPRoutes served by `pier serve` and the
 * Envoy it launches (each route one PathPrefix answered by Envoy itself with a redirect), then K
 * edits through the watched directory, alternating a route added (a new file) and a route edited
 * (its own file rewritten: a new redirect hostname). For each edit:
 *   - file edit -> traffic moved: from just before the write until a request to the route (HTTP,
 *     polled every ~1 ms on one connection) shows the new answer;
 *   - Pier's share: write -> Pier sent the RouteConfiguration (its debug log's "delta response",
 *     same clock, 1 ms resolution), and the file provider's own run (its "published resources" ms);
 *   - push -> ACK (Pier's pier_xds_push_ack_latency_seconds sum, delta per edit): Envoy's decoding,
 *     taking in and acknowledging the RouteConfiguration;
 *   - Envoy's own update time: its rds update_duration histogram's _sum / _count deltas from
 *     /stats/prometheus (exact, but Envoy records whole milliseconds, truncated);
 * and Envoy's and Pier's RSS once loaded. Shapes: PIER_BENCH_APPLY_SHAPES, hostnames x routes per
 * hostname (default "1x3000,300x10"); PIER_BENCH_APPLY_EDITS (default 30).
 * PIER_BENCH_APPLY_CHECKOUTS=label=<built checkout>,...: other builds measured in the same run,
 * each shape's checkouts one after the other. PIER_BENCH_APPLY_PROFILE=<dir>: Pier's CPU profile
 * (one per run) there, with the edits' time windows beside it for bench/profile-summary.ts.
 */
import { writeFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'yaml';
import { adminGet, cpuMs, envoyOf, freePort, rssMiB, startPier, stop, waitFor, type Checkout } from './lib/envoy-serve';
import { fmtMs, percentile, printTable, note } from './lib/stats';

const ADDRESS = '127.0.0.95';
const GATEWAY = 'apply';
const SEEN_TIMEOUT_MS = 15_000;
/**
 * Between two requests polling for the new answer: back to back, the polls took a CPU of the two
 * and each is an access log line Envoy writes and Pier reads, all competing with the update.
 */
const POLL_GAP_MS = 1;
/** Quiet time after each edit, so the next starts on an idle Pier and Envoy. */
const SETTLE_MS = 150;

interface Shape { hostnames: number; routesPerHostname: number }

const SHAPES: Shape[] = (process.env.PIER_BENCH_APPLY_SHAPES ?? '1x3000,300x10').split(',').map((s) => {
  const [h, r] = s.split('x').map(Number);
  return { hostnames: h!, routesPerHostname: r! };
});
const EDITS = Number(process.env.PIER_BENCH_APPLY_EDITS ?? 30);

const pad = (i: number): string => String(i).padStart(5, '0');
const hostname = (h: number): string => `h${pad(h)}.apply.example`;

function route(name: string, host: string, pathPrefix: string, redirectTo: string): unknown {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name, namespace: 'default' },
    spec: { parentRefs: [{ name: GATEWAY }], hostnames: [host], rules: [{ matches: [{ path: { type: 'PathPrefix', value: pathPrefix } }],
      filters: [{ type: 'RequestRedirect', requestRedirect: { hostname: redirectTo, statusCode: 302 } }] }] },
  };
}

function resources(shape: Shape, port: number): string {
  const docs: unknown[] = [
    { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: 'pier.dev/gateway-controller' } },
    { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: GATEWAY, namespace: 'default' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: ADDRESS }], listeners: [{ name: 'http', protocol: 'HTTP', port }] } },
  ];
  let i = 0;
  for (let h = 0; h < shape.hostnames; h++) {
    for (let r = 0; r < shape.routesPerHostname; r++, i++) docs.push(route(`route-${pad(i)}`, hostname(h), `/route-${pad(i)}`, 'moved.example'));
  }
  return docs.map((d) => stringify(d)).join('---\n');
}

/** One request on a kept-alive connection: status and Location. */
function request(agent: http.Agent, port: number, host: string, pathname: string): Promise<{ status: number; location: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: ADDRESS, port, path: pathname, headers: { host }, agent, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? '') }));
    });
    req.on('error', () => resolve({ status: 0, location: '' }));
    req.on('timeout', () => { req.destroy(); resolve({ status: 0, location: '' }); });
  });
}

/** Sum and count of every Prometheus histogram series named `name` whose labels contain `labelPart`. */
function histogramTotals(text: string, name: string, labelPart: string): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || !line.includes(labelPart)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith(`${name}_sum`)) sum += value;
    else if (line.startsWith(`${name}_count`)) count += value;
  }
  return { sum, count };
}

const envoyRds = async (admin: string): Promise<{ sum: number; count: number }> =>
  histogramTotals(await adminGet(admin, '/stats/prometheus?usedonly&filter=update_duration'), 'envoy_http_rds_update_duration', '');
const pierAck = async (metrics: string): Promise<{ sum: number; count: number }> =>
  histogramTotals(await adminGet(metrics, '/metrics'), 'pier_xds_push_ack_latency_seconds', 'type="route"');

interface EditFigures { kind: 'add' | 'edit'; totalMs: number; pushMs: number; providerMs: number; ackMs: number; acks: number; envoyCpuMs: number; pierCpuMs: number }

/** Pier's log lines, kept with their own clock (pino's epoch ms) for the edit being measured. */
class PierLog {
  private lines: { time: number; msg: string; typeUrl?: string; ms?: number }[] = [];
  /** Every line of the edit being measured (PIER_BENCH_APPLY_TRACE=1 prints them). */
  trace: { time: number; msg: string; component?: string; typeUrl?: string }[] = [];
  take(line: string): void {
    try {
      const entry = JSON.parse(line) as { time: number; msg: string; typeUrl?: string; ms?: number; component?: string };
      this.trace.push(entry);
      if (entry.msg === 'delta response' || entry.msg === 'SotW response' || entry.msg === 'published resources') this.lines.push(entry);
    } catch { /* not JSON: ignore */ }
  }
  clear(): void { this.lines = []; this.trace = []; }
  routeConfigAcked(): boolean {
    return this.trace.some((l) => l.msg === 'ACK' && ((l as { typeUrl?: string }).typeUrl ?? '').endsWith('RouteConfiguration'));
  }
  firstRouteConfigPush(): number | undefined {
    return this.lines.find((l) => l.msg !== 'published resources' && (l.typeUrl ?? '').endsWith('RouteConfiguration'))?.time;
  }
  providerMs(): number {
    return this.lines.filter((l) => l.msg === 'published resources').reduce((a, l) => a + (l.ms ?? 0), 0);
  }
}

async function measure(checkout: Checkout, shape: Shape): Promise<{ edits: EditFigures[]; envoyRss: number; pierRss: number; initialMs: number; envoyUpdate: { meanMs: number; updates: number } }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-apply-'));
  const resourcesDir = path.join(dir, 'resources');
  mkdirSync(resourcesDir);
  const port = await freePort(ADDRESS);
  const routes = shape.hostnames * shape.routesPerHostname;
  const midHost = hostname(Math.floor(shape.hostnames / 2));
  writeFileSync(path.join(resourcesDir, 'routes.yaml'), resources(shape, port));
  const editedFile = path.join(resourcesDir, 'edited.yaml');
  writeFileSync(editedFile, stringify(route('edited', midHost, '/edited', 'v0.example')));
  const log = new PierLog();
  const started = performance.now();
  const profileDir = process.env.PIER_BENCH_APPLY_PROFILE;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const pier = await startPier(checkout, dir, resourcesDir, { logLevel: 'debug', onLog: (l) => log.take(l), nodeArgs });
  const windows: [number, number][] = [];
  const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const lastRoute = `/route-${pad(routes - 1)}`;
    await waitFor(`${checkout.label}: the last route`, async () => (await request(agent, port, hostname(shape.hostnames - 1), lastRoute)).status === 302);
    await waitFor(`${checkout.label}: the edited route`, async () => (await request(agent, port, midHost, '/edited')).location.includes('v0.example'));
    const initialMs = performance.now() - started;
    const envoy = envoyOf(pier.child);
    await new Promise((r) => setTimeout(r, 1000));
    const envoyRss = rssMiB(envoy.pid);
    const pierRss = rssMiB(pier.child.pid!);
    const edits: EditFigures[] = [];
    await new Promise((r) => setTimeout(r, 5500)); // one stats flush: the first load counted
    const rdsStart = await envoyRds(envoy.admin);
    for (let k = 1; k <= EDITS; k++) {
      const kind = k % 2 === 1 ? 'add' : 'edit';
      const ackBefore = await pierAck(pier.metricsAddress);
      await new Promise((r) => setTimeout(r, 20)); // the scrape's work done
      log.clear();
      let file: string, text: string, pathname: string, seen: (r: { status: number; location: string }) => boolean;
      if (kind === 'add') {
        pathname = `/added-${pad(k)}`;
        file = path.join(resourcesDir, `added-${pad(k)}.yaml`);
        text = stringify(route(`added-${pad(k)}`, midHost, pathname, 'moved.example'));
        seen = (r) => r.status === 302;
      } else {
        pathname = '/edited';
        file = editedFile;
        text = stringify(route('edited', midHost, '/edited', `v${k}.example`));
        seen = (r) => r.location.includes(`//v${k}.example`);
      }
      const [envoyCpu0, pierCpu0] = [cpuMs(envoy.pid, 'main'), cpuMs(pier.child.pid!, 'all')];
      const windowStart = monotonicUs();
      const wroteAt = Date.now();
      const t0 = performance.now();
      writeFileSync(file, text);
      let totalMs = Number.NaN;
      while (performance.now() - t0 < SEEN_TIMEOUT_MS) {
        const answer = await request(agent, port, midHost, pathname);
        if (seen(answer)) { totalMs = performance.now() - t0; break; }
        await new Promise((r) => setTimeout(r, POLL_GAP_MS));
      }
      if (Number.isNaN(totalMs)) throw new Error(`${checkout.label}: edit ${k} (${kind}) not seen within ${SEEN_TIMEOUT_MS} ms`);
      // Envoy acknowledges after it took the update in: wait for the ACK (Pier's log, not its
      // metrics: scraping them costs Pier CPU), then a quiet moment.
      await waitFor('ACK', () => Promise.resolve(log.routeConfigAcked()), 10_000, 2);
      windows.push([windowStart, monotonicUs()]);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const ackAfter = await pierAck(pier.metricsAddress);
      const [envoyCpu1, pierCpu1] = [cpuMs(envoy.pid, 'main'), cpuMs(pier.child.pid!, 'all')];
      const pushedAt = log.firstRouteConfigPush();
      if (process.env.PIER_BENCH_APPLY_TRACE) {
        note(`${kind} ${k}: traffic ${fmtMs(totalMs)} ms; ${log.trace.map((l) => `+${l.time - wroteAt} ${l.component ?? ''}:${l.msg}`).join(', ')}`);
      }
      edits.push({
        kind, totalMs, pushMs: pushedAt === undefined ? Number.NaN : pushedAt - wroteAt, providerMs: log.providerMs(),
        ackMs: ((ackAfter.sum - ackBefore.sum) * 1000) / Math.max(1, ackAfter.count - ackBefore.count), acks: ackAfter.count - ackBefore.count,
        envoyCpuMs: envoyCpu1 - envoyCpu0, pierCpuMs: pierCpu1 - pierCpu0,
      });
    }
    // Envoy's histograms reach its admin at each stats flush (every 5 s): wait for every update.
    await waitFor('Envoy\'s RDS updates counted', async () => (await envoyRds(envoy.admin)).count >= rdsStart.count + EDITS, 20_000, 250);
    const rdsEnd = await envoyRds(envoy.admin);
    const envoyUpdate = { meanMs: (rdsEnd.sum - rdsStart.sum) / (rdsEnd.count - rdsStart.count), updates: rdsEnd.count - rdsStart.count };
    return { edits, envoyRss, pierRss, initialMs, envoyUpdate };
  } finally {
    agent.destroy();
    await stop(pier.child);
    rmSync(dir, { recursive: true, force: true });
    const profile = profileDir ? readdirSync(profileDir).find((f) => f.includes(`.${pier.child.pid}.`) && f.endsWith('.cpuprofile')) : undefined;
    if (profile) {
      writeFileSync(path.join(profileDir!, `${profile}.windows.json`), JSON.stringify(windows));
      note(`${checkout.label} ${shape.hostnames} x ${shape.routesPerHostname}: profile ${path.join(profileDir!, profile)}`);
    }
  }
}

const p50p99 = (xs: number[]): string => `${fmtMs(percentile(xs, 50))} / ${fmtMs(percentile(xs, 99))}`;

export async function runRouteApplyBench(): Promise<void> {
  const checkouts: Checkout[] = [{ label: 'this', root: path.resolve(__dirname, '../..') }];
  for (const spec of (process.env.PIER_BENCH_APPLY_CHECKOUTS ?? '').split(',').filter(Boolean)) {
    const [label, root] = spec.split('=');
    checkouts.push({ label: label!, root: path.resolve(root!) });
  }
  note(`route-apply: ${EDITS} edits (adds and edits alternating) per shape; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const rows: string[][] = [];
  for (const shape of SHAPES) {
    for (const checkout of checkouts) {
      const { edits, envoyRss, pierRss, initialMs, envoyUpdate } = await measure(checkout, shape);
      for (const kind of ['add', 'edit', 'all'] as const) {
        const of = edits.filter((e) => kind === 'all' || e.kind === kind);
        const extra = of.filter((e) => e.acks !== 1).length;
        rows.push([
          checkout.label, `${shape.hostnames} x ${shape.routesPerHostname}`, kind, p50p99(of.map((e) => e.totalMs)),
          p50p99(of.map((e) => e.pushMs)), p50p99(of.map((e) => e.providerMs)),
          kind === 'all' ? `${fmtMs(envoyUpdate.meanMs)} (${envoyUpdate.updates} updates)` : '', p50p99(of.map((e) => e.envoyCpuMs)), p50p99(of.map((e) => e.pierCpuMs)), `${p50p99(of.map((e) => e.ackMs))}${extra > 0 ? ` [${extra} edits != 1 ACK]` : ''}`,
          envoyRss.toFixed(0), pierRss.toFixed(0), (initialMs / 1000).toFixed(1),
        ]);
      }
    }
  }
  printTable('route change apply (ms)', ['checkout', 'hosts x routes', 'edit', 'write->traffic p50 / p99', 'write->push p50 / p99',
    'provider run p50 / p99', 'Envoy rds update_duration mean (whole ms)', 'Envoy main thread CPU p50 / p99', 'Pier CPU p50 / p99', 'push->ACK p50 / p99', 'Envoy RSS MiB', 'Pier RSS MiB', 'first load s'], rows);
}
