/**
 * Proxy memory (issue 27): N HTTPRoutes on one Gateway, each to its own Service with its own
 * EndpointSlice (one endpoint: a small HTTP server on 127.0.0.1), served by `pier serve` with the
 * Envoy it launches. Once Envoy has every cluster (cluster_manager.active_clusters) and answers
 * the last route, a few requests go to a few routes; then Envoy's RSS (/proc/<pid>/status VmRSS),
 * its own server.memory_allocated / server.memory_heap_size, and the number of stats it holds.
 *
 * PIER_BENCH_MEMORY_ROUTES (default "1000,5000"). PIER_BENCH_MEMORY_BEFORE=<checkout>: a built
 * checkout of another commit, measured in the same run, alternating with this one.
 * PIER_BENCH_MEMORY_PROXYCONFIG=<JSON of a ProxyConfig spec>: the Gateway's ProxyConfig (for
 * one knob at a time; "this" checkout only). PIER_BENCH_MEMORY_KNOBS=1: also, for "this"
 * checkout, further Envoys started from the bootstrap Pier wrote, each with one bootstrap
 * setting or flag changed (the `KNOBS` below), against the same Pier, each measured alone.
 * PIER_BENCH_MEMORY_STATS_DIR=<dir>: each measured Envoy's /stats is written there (which stats a knob keeps).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { stringify } from 'yaml';
import { LEAN_STATS } from '../src/infra/bootstrap';
import { adminGet, envoyOf, freePort, get, startPier, stop, waitFor, type Checkout } from './lib/envoy-serve';

const ADDRESS = '127.0.0.95';
const READY_TIMEOUT_MS = 600_000;
/** After loading, Envoy settles (stats flush, deferred frees) before RSS is read. */
const SETTLE_MS = 5_000;
const TRAFFIC_ROUTES = 5;
const REQUESTS_PER_ROUTE = 20;

/** Envoy answers slowly while it takes in thousands of clusters. */
const GET_TIMEOUT_MS = 5_000;
const ADMIN_TIMEOUT_MS = 30_000;

const waitLong = (what: string, check: () => Promise<boolean>): Promise<void> => waitFor(what, check, READY_TIMEOUT_MS, 500);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const pad = (i: number): string => String(i).padStart(5, '0');
const routePath = (i: number): string => `/route-${pad(i)}`;

function resources(routes: number, port: number, backendPort: number, proxyConfig: unknown): string {
  const docs: unknown[] = [
    { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: 'pier.dev/gateway-controller' } },
    { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'memory', namespace: 'default' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: ADDRESS }], listeners: [{ name: 'http', protocol: 'HTTP', port }],
        ...(proxyConfig ? { infrastructure: { parametersRef: { group: 'gateway.pier.dev', kind: 'ProxyConfig', name: 'bench' } } } : {}) } },
  ];
  if (proxyConfig) docs.push({ apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ProxyConfig', metadata: { name: 'bench', namespace: 'default' }, spec: proxyConfig });
  for (let i = 0; i < routes; i++) {
    const name = `svc-${pad(i)}`;
    docs.push(
      { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { ports: [{ name: 'http', port: 80, targetPort: backendPort }] } },
      { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: `${name}-1`, namespace: 'default', labels: { 'kubernetes.io/service-name': name } },
        addressType: 'IPv4', endpoints: [{ addresses: ['127.0.0.1'], conditions: { ready: true } }], ports: [{ name: 'http', port: backendPort, protocol: 'TCP' }] },
      { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `route-${pad(i)}`, namespace: 'default' },
        spec: { parentRefs: [{ name: 'memory' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: routePath(i) } }], backendRefs: [{ name, port: 80 }] }] } },
    );
  }
  return docs.map((d) => stringify(d)).join('---\n');
}

/** A /proc/<pid>/status line in MiB: VmRSS, and its parts RssAnon (heap, stacks) and RssFile (the binary's pages). */
function statusMiB(pid: number, field: 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : Number.NaN;
}

/** Clusters Envoy got from Pier (counted in /clusters, which lists them whatever stats are kept). */
async function dynamicClusters(admin: string): Promise<number> {
  return (await adminGet(admin, '/clusters', ADMIN_TIMEOUT_MS)).split('\n').filter((l) => l.endsWith('::added_via_api::true')).length;
}

/** Envoy's allocator figures (admin /memory: the values of server.memory_allocated and server.memory_heap_size, kept whatever stats are). */
async function allocator(admin: string): Promise<{ allocated: number; heap: number }> {
  const m = JSON.parse(await adminGet(admin, '/memory', ADMIN_TIMEOUT_MS)) as { allocated: string; heap_size: string };
  return { allocated: Number(m.allocated) / 2 ** 20, heap: Number(m.heap_size) / 2 ** 20 };
}

interface Measurement { rss: number; anon: number; file: number; allocated: number; heap: number; stats: number }

/** Envoy's memory once it holds `routes` clusters, after a little traffic through a few routes. */
async function measure(envoy: { pid: number; admin: string }, routes: number, port: number | undefined, label: string): Promise<Measurement> {
  await waitLong('every cluster in Envoy', async () => (await dynamicClusters(envoy.admin)) >= routes);
  if (port !== undefined) {
    await waitLong('the last route', async () => (await get(`http://${ADDRESS}:${port}${routePath(routes - 1)}`, GET_TIMEOUT_MS)) === 200);
    for (let k = 0; k < TRAFFIC_ROUTES; k++) {
      const i = Math.floor((k * (routes - 1)) / (TRAFFIC_ROUTES - 1));
      for (let r = 0; r < REQUESTS_PER_ROUTE; r++) {
        const status = await get(`http://${ADDRESS}:${port}${routePath(i)}`, GET_TIMEOUT_MS);
        if (status !== 200) throw new Error(`route ${i} answered ${String(status)}`);
      }
    }
  }
  await sleep(SETTLE_MS);
  const statsText = await adminGet(envoy.admin, '/stats', ADMIN_TIMEOUT_MS);
  const statsDir = process.env.PIER_BENCH_MEMORY_STATS_DIR;
  if (statsDir) writeFileSync(path.join(statsDir, `${routes}-${label.replace(/[^A-Za-z0-9]+/g, '-')}.txt`), statsText);
  return {
    rss: statusMiB(envoy.pid, 'VmRSS'),
    anon: statusMiB(envoy.pid, 'RssAnon'),
    file: statusMiB(envoy.pid, 'RssFile'),
    ...(await allocator(envoy.admin)),
    stats: statsText.split('\n').filter((l) => l.includes(': ')).length,
  };
}

/** `pier serve` of a checkout, with its Envoy, serving `routes` routes. */
async function serve(checkout: Checkout, routes: number, backendPort: number, dir: string, proxyConfig: unknown): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort(ADDRESS);
  const resourcesDir = path.join(dir, 'resources');
  mkdirSync(resourcesDir, { recursive: true });
  writeFileSync(path.join(resourcesDir, 'routes.yaml'), resources(routes, port, backendPort, proxyConfig));
  const { child } = await startPier(checkout, dir, resourcesDir);
  return { child, port };
}

/** The Envoy `pier serve` launched, once it has written its admin address. */
async function launchedEnvoy(pier: ChildProcess): Promise<{ pid: number; admin: string; argv: string[] }> {
  let found: { pid: number; admin: string; argv: string[] } | undefined;
  await waitLong('the Envoy of pier serve', async () => { found = envoyOf(pier); return true; });
  return found!;
}

type Bootstrap = Record<string, unknown> & { stats_config?: Record<string, unknown>; static_resources: { listeners?: unknown[] } };

/** One setting changed against the bootstrap and flags Pier launched its Envoy with. */
interface Knob { name: string; bootstrap?: (b: Bootstrap) => void; flags?: (argv: string[]) => string[] }

const setFlag = (argv: string[], flag: string, value?: string): string[] => {
  const at = argv.indexOf(flag);
  const rest = at < 0 ? argv : [...argv.slice(0, at), ...argv.slice(at + (value === undefined ? 1 : 2))];
  return [...rest, flag, ...(value === undefined ? [] : [value])];
};

/** Pier's never-configured cluster stats (src/infra/bootstrap.ts), and its update_duration histogram apart. */
const LEAN_EXCLUSIONS = [
  ...LEAN_STATS.unusedClusterStatSuffixes.map((suffix) => ({ suffix })),
  ...LEAN_STATS.unusedClusterStatInfixes.map((contains) => ({ contains })),
];
const UPDATE_DURATION = { safe_regex: { regex: LEAN_STATS.clusterStatRegexes[0] } };
const exclude = (b: Bootstrap, patterns: unknown[]): void => { b.stats_config = { ...(b.stats_config ?? {}), stats_matcher: { exclusion_list: { patterns } } }; };
/** Envoy's defaults, as main launched it: no deferred stats or clusters, nothing left out. */
const full = (b: Bootstrap): void => { delete b.deferred_stat_options; delete b.cluster_manager; if (b.stats_config) delete b.stats_config.stats_matcher; };
const deferredStats = (b: Bootstrap): void => { b.deferred_stat_options = { enable_deferred_creation_stats: true }; };
const deferredClusters = (b: Bootstrap): void => { b.cluster_manager = { ...(b.cluster_manager as object | undefined), enable_deferred_cluster_creation: true }; };

/**
 * Each knob against Envoy's defaults (as main launched it), then Pier's lean stats ("lean":
 * deferred stat creation and the never-configured stats left out) with one more. The measured
 * Envoy of this checkout runs Pier's defaults (lean + update_duration left out + deferred
 * cluster creation).
 */
const KNOBS: Knob[] = [
  { name: 'full stats (Envoy\'s defaults, as main)', bootstrap: full },
  { name: 'full stats, --concurrency 1', bootstrap: full, flags: (a) => setFlag(a, '--concurrency', '1') },
  { name: 'no stats at all (reject_all)', bootstrap: (b) => { full(b); b.stats_config = { ...(b.stats_config ?? {}), stats_matcher: { reject_all: true } }; } },
  { name: 'no cluster.* stats', bootstrap: (b) => { full(b); exclude(b, [{ prefix: 'cluster.' }]); } },
  { name: 'deferred stat creation only', bootstrap: (b) => { full(b); deferredStats(b); } },
  { name: 'never-configured cluster stats left out only', bootstrap: (b) => { full(b); exclude(b, LEAN_EXCLUSIONS); } },
  { name: 'no vhost.* stats', bootstrap: (b) => { full(b); exclude(b, [{ prefix: 'vhost.' }]); } },
  { name: 'full stats, deferred cluster creation on workers', bootstrap: (b) => { full(b); deferredClusters(b); } },
  { name: 'full stats, memory release to the OS every 1 s', bootstrap: (b) => { full(b); b.memory_allocator_manager = { bytes_to_release: String(64 * 2 ** 20), memory_release_interval: '1s' }; } },
  { name: 'lean (deferred + left out)', bootstrap: (b) => { full(b); deferredStats(b); exclude(b, LEAN_EXCLUSIONS); } },
  { name: 'lean + no cluster update_duration histogram', bootstrap: (b) => { full(b); deferredStats(b); exclude(b, [...LEAN_EXCLUSIONS, UPDATE_DURATION]); } },
  { name: 'lean + deferred cluster creation', bootstrap: (b) => { full(b); deferredStats(b); exclude(b, LEAN_EXCLUSIONS); deferredClusters(b); } },
  { name: 'lean + --concurrency 1', bootstrap: (b) => { full(b); deferredStats(b); exclude(b, LEAN_EXCLUSIONS); }, flags: (a) => setFlag(a, '--concurrency', '1') },
  { name: 'Pier\'s defaults, --concurrency 1', flags: (a) => setFlag(a, '--concurrency', '1') },
];

/** A further Envoy from the bootstrap Pier wrote (same node.cluster, so the same resources), with one knob. */
async function measureKnob(knob: Knob, launched: { argv: string[] }, routes: number, dir: string): Promise<Measurement> {
  const argv = launched.argv;
  const bootstrapPath = argv[argv.indexOf('-c') + 1]!;
  const bootstrap = JSON.parse(readFileSync(bootstrapPath, 'utf8')) as Bootstrap;
  // Its own admin port; no listeners of its own (the metrics listener's port is taken); the Gateway's
  // listener arrives by LDS and binds beside the first Envoy's (SO_REUSEPORT).
  (bootstrap.admin as { address: { socket_address: { port_value: number } } }).address.socket_address.port_value = 0;
  delete bootstrap.static_resources.listeners;
  (bootstrap.node as { id: string }).id += `-knob-${Date.now()}`;
  knob.bootstrap?.(bootstrap);
  const knobDir = mkdtempSync(path.join(dir, 'knob-'));
  writeFileSync(path.join(knobDir, 'bootstrap.json'), JSON.stringify(bootstrap));
  let args = argv.slice(1);
  args[args.indexOf('-c') + 1] = path.join(knobDir, 'bootstrap.json');
  args[args.indexOf('--admin-address-path') + 1] = path.join(knobDir, 'admin-address');
  if (knob.flags) args = knob.flags(args);
  const child = spawn(argv[0]!, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    let admin = '';
    await waitLong(`the ${knob.name} Envoy's admin address`, async () => {
      admin = readFileSync(path.join(knobDir, 'admin-address'), 'utf8').trim();
      return admin !== '';
    });
    return await measure({ pid: child.pid!, admin }, routes, undefined, knob.name);
  } finally {
    await stop(child);
  }
}

const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
const mib = (x: number): string => x.toFixed(1);

export async function runProxyMemoryBench(): Promise<void> {
  const sizes = (process.env.PIER_BENCH_MEMORY_ROUTES ?? '1000,5000').split(',').map(Number);
  const proxyConfig = process.env.PIER_BENCH_MEMORY_PROXYCONFIG ? JSON.parse(process.env.PIER_BENCH_MEMORY_PROXYCONFIG) as unknown : undefined;
  const knobs = process.env.PIER_BENCH_MEMORY_KNOBS === '1';
  const checkouts: Checkout[] = [{ label: 'this', root: path.resolve(__dirname, '../..') }];
  if (process.env.PIER_BENCH_MEMORY_BEFORE) checkouts.unshift({ label: 'before', root: path.resolve(process.env.PIER_BENCH_MEMORY_BEFORE) });
  const backend = http.createServer((_req, res) => { res.end('ok'); });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const backendPort = (backend.address() as net.AddressInfo).port;
  console.log(`proxy-memory: N routes, each its own Service and EndpointSlice, one Gateway; ${TRAFFIC_ROUTES} routes x ${REQUESTS_PER_ROUTE} requests; `
    + `load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}${proxyConfig ? `; ProxyConfig ${JSON.stringify(proxyConfig)}` : ''}`);
  console.log(row(['checkout / knob', 'routes', 'Envoy RSS MiB', 'RssAnon', 'RssFile', 'memory_allocated MiB', 'memory_heap_size MiB', 'stats']));
  console.log('|---|---|---|---|---|---|---|---|');
  try {
    for (const routes of sizes) {
      for (const checkout of checkouts) {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-memory-'));
        const { child, port } = await serve(checkout, routes, backendPort, dir, checkout.label === 'this' ? proxyConfig : undefined);
        try {
          const envoy = await launchedEnvoy(child);
          const m = await measure(envoy, routes, port, checkout.label);
          console.log(row([checkout.label, routes.toLocaleString('en-US'), mib(m.rss), mib(m.anon), mib(m.file), mib(m.allocated), mib(m.heap), m.stats]));
          if (checkout.label === 'this' && knobs) {
            console.log(`(launched: ${envoy.argv.slice(1).join(' ')})`);
            for (const knob of KNOBS) {
              const k = await measureKnob(knob, envoy, routes, dir);
              console.log(row([`knob: ${knob.name}`, routes.toLocaleString('en-US'), mib(k.rss), mib(k.anon), mib(k.file), mib(k.allocated), mib(k.heap), k.stats]));
            }
          }
        } finally {
          await stop(child);
          rmSync(dir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await new Promise((resolve) => backend.close(resolve));
  }
}
