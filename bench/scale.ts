/**
 * Benchmark 5: `pier serve` at scale, as a user runs it. For N Gateways x M HTTPRoutes written
 * one file per object (each route with its Service and EndpointSlice), the real CLI serves the
 * directory (no Envoy), and a Delta ADS client follows the last Gateway like Envoy does (LDS
 * and CDS wildcard, EDS following CDS, RDS by name), ACKing everything. Measured:
 *   - start -> ready (admin /readyz) and start -> first full configuration at the client;
 *   - one EndpointSlice file edit -> the new ClusterLoadAssignment received;
 *   - one HTTPRoute file edit -> the new RouteConfiguration received;
 *   - the server's RSS once settled, and its peak.
 * The edits are written atomically (write + rename) to files of the followed Gateway.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, httpRequest } from '../test/helpers/net';
import { PIER_CLI, pierNodeFlags } from '../test/helpers/pier';
import { loadXdsProtos } from '../src/xds/proto';
import { TypeUrl } from '../src/xds/types';
import { NAMESPACE, endpointIp, endpointSliceManifest, gatewayClassManifest, gatewayKey, gatewayManifest, gatewayName, routeManifest, serviceManifest, type FleetShape } from './lib/fixtures';
import { fmtMs, note, percentile, printTable, settle } from './lib/stats';
import { AutoAckClient, type ResponseSummary } from './lib/xds-clients';

const SHAPES: FleetShape[] = (process.env.PIER_BENCH_SCALE_SHAPES ?? '1x10,1x1000,10x1000').split(',').map((s) => {
  const [g, r] = s.split('x').map(Number);
  return { gateways: g!, routesPerGateway: r! };
});
const EDITS = Number(process.env.PIER_BENCH_SCALE_EDITS ?? 20);
const START_TIMEOUT_MS = 120_000;
const EDIT_TIMEOUT_MS = 10_000;
const BETWEEN_EDITS_MS = 100;
const LISTENER_PORT = 8080;

function label(shape: FleetShape): string {
  return `${shape.gateways} gw x ${shape.routesPerGateway} routes`;
}

function writeAtomically(file: string, text: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

interface Layout {
  dir: string;
  files: number;
  /** The followed Gateway's last route and its slice. */
  routeFile: string;
  sliceFile: string;
  routeName: string;
  service: string;
  serviceIndex: number;
}

/** One file per object: <dir>/<gateway>/{gateway.yaml, routes/, services/, slices/}. */
function writeFleet(shape: FleetShape): Layout {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-scale-'));
  let files = 0;
  const write = (file: string, text: string): void => {
    writeFileSync(file, text);
    files += 1;
  };
  write(path.join(dir, 'gatewayclass.yaml'), gatewayClassManifest());
  let last: Omit<Layout, 'dir' | 'files'> | undefined;
  for (let g = 0; g < shape.gateways; g++) {
    const gw = gatewayName(g);
    const base = path.join(dir, gw);
    for (const sub of ['routes', 'services', 'slices']) mkdirSync(path.join(base, sub), { recursive: true });
    write(path.join(base, 'gateway.yaml'), gatewayManifest(gw, LISTENER_PORT));
    for (let r = 0; r < shape.routesPerGateway; r++) {
      const name = `${gw}-r-${r}`;
      const service = `svc-${name}`;
      const index = g * shape.routesPerGateway + r;
      const routeFile = path.join(base, 'routes', `${name}.yaml`);
      const sliceFile = path.join(base, 'slices', `${service}.yaml`);
      write(routeFile, routeManifest(gw, name, r, service));
      write(path.join(base, 'services', `${service}.yaml`), serviceManifest(service));
      write(sliceFile, endpointSliceManifest(service, [0, 1, 2].map((e) => endpointIp(index, e))));
      last = { routeFile, sliceFile, routeName: name, service, serviceIndex: index };
    }
  }
  return { dir, files, ...last! };
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Waits for check, polling every pollMs; rejects after timeoutMs. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, pollMs = 1): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await settle(pollMs);
  }
}

/** What the client holds: per type, name -> version (Delta tokens). */
class Holdings {
  readonly versions = new Map<string, Map<string, string>>();
  /** Called on each response: (type, names changed). */
  listener: ((typeUrl: string, names: string[]) => void) | undefined;

  take(summary: ResponseSummary): void {
    let byName = this.versions.get(summary.typeUrl);
    if (!byName) this.versions.set(summary.typeUrl, (byName = new Map()));
    const changed: string[] = [];
    for (const token of summary.tokens) {
      const at = token.lastIndexOf('@');
      const name = token.slice(0, at);
      byName.set(name, token.slice(at + 1));
      changed.push(name);
    }
    for (const name of summary.removed) byName.delete(name);
    this.listener?.(summary.typeUrl, changed);
  }

  count(typeUrl: string): number {
    return this.versions.get(typeUrl)?.size ?? 0;
  }

  version(typeUrl: string, name: string): string | undefined {
    return this.versions.get(typeUrl)?.get(name);
  }
}

interface ShapeResult {
  shape: FleetShape;
  files: number;
  readyMs: number;
  fullMs: number;
  endpoint: number[];
  route: number[];
  rss: number;
  peak: number;
}

/** Times from each edit to the moment the client holds a new version of name (of typeUrl). */
async function timeEdits(holdings: Holdings, typeUrl: string, name: string, edit: (i: number) => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const before = holdings.version(typeUrl, name);
    let arrived: bigint | undefined;
    holdings.listener = (t, names) => {
      if (t === typeUrl && names.includes(name) && holdings.version(typeUrl, name) !== before) arrived ??= process.hrtime.bigint();
    };
    const started = process.hrtime.bigint();
    edit(i);
    await waitUntil(`the edit of ${name}`, () => arrived !== undefined, EDIT_TIMEOUT_MS, 0);
    times.push(Number(arrived! - started) / 1e6);
    holdings.listener = undefined;
    await settle(BETWEEN_EDITS_MS);
  }
  return times;
}

async function runShape(shape: FleetShape): Promise<ShapeResult> {
  const layout = writeFleet(shape);
  const xdsPort = await freePort();
  const adminPort = await freePort();
  let child: ChildProcess | undefined;
  let client: AutoAckClient | undefined;
  try {
    const started = process.hrtime.bigint();
    // Started as the `pier` command starts it (its V8 flags), as a user runs it.
    child = spawn(process.execPath, [...pierNodeFlags(), PIER_CLI, 'serve', '--resources', layout.dir, '--xds-address', `127.0.0.1:${xdsPort}`,
      '--admin-address', `127.0.0.1:${adminPort}`, '--envoy', 'off', '--log-level', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const ready = async (): Promise<boolean> => {
      try {
        return (await httpRequest(`http://127.0.0.1:${adminPort}/readyz`, { timeoutMs: 1000 })).status === 200;
      } catch {
        return false;
      }
    };
    await waitUntil('pier to be ready', ready, START_TIMEOUT_MS, 5);
    const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const gateway = gatewayKey(shape.gateways - 1);
    const holdings = new Holdings();
    client = new AutoAckClient({
      address: `127.0.0.1:${xdsPort}`, protocol: 'delta', gateway, nodeId: 'bench-scale', followClusters: true,
      subscriptions: [
        { typeUrl: TypeUrl.Cluster, names: [] },
        { typeUrl: TypeUrl.ClusterLoadAssignment, names: [] },
        { typeUrl: TypeUrl.Listener, names: [] },
        { typeUrl: TypeUrl.RouteConfiguration, names: [`http/0.0.0.0:${LISTENER_PORT}`] },
      ],
      onResponse: (summary) => holdings.take(summary),
    });
    client.start();
    const routes = shape.routesPerGateway;
    await waitUntil('the first full configuration', () => holdings.count(TypeUrl.Cluster) === routes && holdings.count(TypeUrl.ClusterLoadAssignment) === routes
      && holdings.count(TypeUrl.Listener) === 1 && holdings.count(TypeUrl.RouteConfiguration) === 1, START_TIMEOUT_MS);
    const fullMs = Number(process.hrtime.bigint() - started) / 1e6;
    await settle(500);

    const cluster = `${NAMESPACE}/${layout.service}/80`;
    const endpoint = await timeEdits(holdings, TypeUrl.ClusterLoadAssignment, cluster, (i) =>
      writeAtomically(layout.sliceFile, endpointSliceManifest(layout.service, [`10.254.${i % 250}.${1 + (i % 3)}`])));
    const route = await timeEdits(holdings, TypeUrl.RouteConfiguration, `http/0.0.0.0:${LISTENER_PORT}`, (i) =>
      writeAtomically(layout.routeFile, routeManifest(gatewayName(shape.gateways - 1), layout.routeName, routes - 1, layout.service).replace(`/${layout.routeName}`, `/${layout.routeName}-e${i}`)));
    await settle(1000);
    const { rss, peak } = rssOf(child.pid!);
    return { shape, files: layout.files, readyMs, fullMs, endpoint, route, rss, peak };
  } finally {
    client?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, settle(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(layout.dir, { recursive: true, force: true });
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(0)} MiB`;
}

export async function runScaleBench(): Promise<void> {
  loadXdsProtos(); // the client's, loaded before any clock starts
  note(`${EDITS} edits of each kind; one file per object; a Delta ADS client follows the last Gateway`);
  const results: ShapeResult[] = [];
  for (const shape of SHAPES) results.push(await runShape(shape));
  printTable('scale: pier serve, one file per object (ms)', ['input', 'files', 'ready', 'full config', 'EP p50', 'EP p90', 'route p50', 'route p90', 'RSS', 'peak RSS'],
    results.map((r) => [label(r.shape), String(r.files), fmtMs(r.readyMs), fmtMs(r.fullMs), fmtMs(percentile(r.endpoint, 50)), fmtMs(percentile(r.endpoint, 90)),
      fmtMs(percentile(r.route, 50)), fmtMs(percentile(r.route, 90)), mib(r.rss), mib(r.peak)]));
  const small = results[0]!;
  for (const r of results.slice(1)) {
    note(`${label(r.shape)} vs ${label(small.shape)}: EndpointSlice edit ${(percentile(r.endpoint, 50) / percentile(small.endpoint, 50)).toFixed(2)}x, `
      + `HTTPRoute edit ${(percentile(r.route, 50) / percentile(small.route, 50)).toFixed(2)}x (p50 ratios)`);
  }
  note('EP = one EndpointSlice file edit -> new ClusterLoadAssignment at the client; route = one HTTPRoute file edit -> new RouteConfiguration at the client.');
}
