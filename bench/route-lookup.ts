/**
 * Route lookup in Envoy (issue 27): N HTTPRoutes on one Gateway, each one PathPrefix of equal
 * length answered by Envoy itself (a redirect: no backend in the way), served by `pier serve`
 * with the Envoy it launches. wrk (Debian package `wrk`) sends requests to the first route and to
 * the last, alternating, several times; the figures are requests per second, medians, and the
 * ratio last / first of the same run.
 *
 * Also Envoy's RSS once loaded, and Envoy's own time to take in a RouteConfiguration when one
 * route is added (its rds update_duration histogram, cumulative over the adds and the first load).
 *
 * PIER_BENCH_LOOKUP_ROUTES (default "1000,5000"), PIER_BENCH_LOOKUP_ROUNDS (default 3),
 * PIER_BENCH_LOOKUP_SECONDS (each wrk run, default 3). PIER_BENCH_LOOKUP_BEFORE=<checkout>: a
 * built checkout of another commit, measured in the same run, alternating with this one.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { stringify } from 'yaml';
import { adminGet, envoyOf, freePort, get, rssMiB, startPier, stop, waitFor, type Checkout } from './lib/envoy-serve';

const ADDRESS = '127.0.0.94';
const CONNECTIONS = 32;
const routePath = (i: number): string => `/route-${String(i).padStart(5, '0')}`;

function addedRoute(k: number): string {
  return stringify({
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `added-${k}`, namespace: 'default' },
    spec: { parentRefs: [{ name: 'lookup' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/added-${String(k).padStart(5, '0')}` } }],
      filters: [{ type: 'RequestRedirect', requestRedirect: { hostname: 'moved.example', statusCode: 302 } }] }] },
  });
}

const ADDED_ROUTES = 10;

function resources(routes: number, port: number): string {
  const docs: unknown[] = [
    { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: 'pier.dev/gateway-controller' } },
    { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'lookup', namespace: 'default' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: ADDRESS }], listeners: [{ name: 'http', protocol: 'HTTP', port }] } },
  ];
  for (let i = 0; i < routes; i++) {
    docs.push({
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `route-${String(i).padStart(5, '0')}`, namespace: 'default' },
      spec: { parentRefs: [{ name: 'lookup' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: routePath(i) } }],
        filters: [{ type: 'RequestRedirect', requestRedirect: { hostname: 'moved.example', statusCode: 302 } }] }] },
    });
  }
  return docs.map((d) => stringify(d)).join('---\n');
}

/** `pier serve` of a checkout, with its Envoy, serving `routes` routes; resolves once the last route answers. */
async function serve(checkout: Checkout, routes: number, dir: string): Promise<{ child: ChildProcess; port: number; resourcesDir: string }> {
  const port = await freePort(ADDRESS);
  const resourcesDir = path.join(dir, 'resources');
  spawnSync('mkdir', ['-p', resourcesDir]);
  writeFileSync(path.join(resourcesDir, 'routes.yaml'), resources(routes, port));
  const { child } = await startPier(checkout, dir, resourcesDir);
  await waitFor(`${checkout.label}: the last route`, async () => (await get(`http://${ADDRESS}:${port}${routePath(routes - 1)}`)) === 302);
  return { child, port, resourcesDir };
}

/** Envoy's RDS update_duration histogram: its sample count and P50 / P99 (cumulative), in ms. */
async function rdsUpdateDuration(admin: string): Promise<{ count: number; p50: number; p99: number }> {
  const stats = JSON.parse(await adminGet(admin, '/stats?format=json&usedonly&filter=rds\\..*update_duration')) as {
    stats: { histograms?: { supported_quantiles: number[]; computed_quantiles: { name: string; values: { cumulative?: number }[] }[] } }[];
  };
  const h = stats.stats.find((x) => x.histograms)?.histograms;
  const q = h?.computed_quantiles.find((x) => x.name.endsWith('update_duration'));
  if (!h || !q) return { count: 0, p50: Number.NaN, p99: Number.NaN };
  const at = (quantile: number): number => q.values[h.supported_quantiles.indexOf(quantile)]?.cumulative ?? Number.NaN;
  const text = await adminGet(admin, '/stats?usedonly&filter=rds\\..*update_success');
  const count = Number(/update_success: (\d+)/.exec(text)?.[1] ?? 0);
  return { count, p50: at(50), p99: at(99) };
}

function wrk(url: string, seconds: number): number {
  const out = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, url], { encoding: 'utf8', timeout: (seconds + 30) * 1000 });
  const match = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout ?? '');
  if (!match) throw new Error(`wrk gave no figure: ${out.stdout} ${out.stderr}`);
  return Number(match[1]);
}

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

export async function runRouteLookupBench(): Promise<void> {
  if (spawnSync('wrk', ['--version']).error) throw new Error('route-lookup needs wrk: apt-get install -y wrk');
  const sizes = (process.env.PIER_BENCH_LOOKUP_ROUTES ?? '1000,5000').split(',').map(Number);
  const rounds = Number(process.env.PIER_BENCH_LOOKUP_ROUNDS ?? 3);
  const seconds = Number(process.env.PIER_BENCH_LOOKUP_SECONDS ?? 3);
  const checkouts: Checkout[] = [{ label: 'this', root: path.resolve(__dirname, '../..') }];
  if (process.env.PIER_BENCH_LOOKUP_BEFORE) checkouts.unshift({ label: 'before', root: path.resolve(process.env.PIER_BENCH_LOOKUP_BEFORE) });
  console.log(`route-lookup: wrk -t1 -c${CONNECTIONS} -d${seconds}s, ${rounds} rounds, first and last route alternating; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('| checkout | routes | first route req/s | last route req/s | last / first | Envoy RSS MiB | RDS update p50 / p99 ms (Envoy, one route added, ' + String(ADDED_ROUTES) + ' times) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const routes of sizes) {
    for (const checkout of checkouts) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-lookup-'));
      const { child, port, resourcesDir } = await serve(checkout, routes, dir);
      try {
        const first: number[] = [];
        const last: number[] = [];
        wrk(`http://${ADDRESS}:${port}${routePath(0)}`, 1); // warm-up
        for (let r = 0; r < rounds; r++) {
          first.push(wrk(`http://${ADDRESS}:${port}${routePath(0)}`, seconds));
          last.push(wrk(`http://${ADDRESS}:${port}${routePath(routes - 1)}`, seconds));
        }
        const f = median(first);
        const l = median(last);
        const envoy = envoyOf(child);
        const rss = rssMiB(envoy.pid);
        // Routes added one at a time (a file each), each waited for through Envoy: Envoy's own
        // time to take each RouteConfiguration in, from its update_duration histogram.
        const before = await rdsUpdateDuration(envoy.admin);
        for (let k = 0; k < ADDED_ROUTES; k++) {
          writeFileSync(path.join(resourcesDir, `added-${k}.yaml`), addedRoute(k));
          await waitFor(`added route ${k}`, async () => (await get(`http://${ADDRESS}:${port}/added-${String(k).padStart(5, '0')}`)) === 302);
        }
        const after = await rdsUpdateDuration(envoy.admin);
        const updates = `${after.p50.toFixed(1)} / ${after.p99.toFixed(1)} (${after.count - before.count} updates)`;
        console.log(`| ${checkout.label} | ${routes.toLocaleString('en-US')} | ${Math.round(f).toLocaleString('en-US')} | ${Math.round(l).toLocaleString('en-US')} | ${(l / f).toFixed(2)} | ${rss.toFixed(0)} | ${updates} |`);
      } finally {
        await stop(child);
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
