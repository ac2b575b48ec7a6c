/**
 * Benchmark 5: `pier serve` at scale, as a user runs it. For N Gateways x M HTTPRoutes written
 * one file per object (each route with its Service and EndpointSlice), the real CLI serves the
 * directory (no Envoy), and a Delta ADS client follows the last Gateway like Envoy does (LDS
 * and CDS wildcard, EDS following CDS, RDS by name), ACKing everything. Measured:
 *   - start -> ready (admin /readyz) and start -> first full configuration at the client;
 *   - one EndpointSlice file edit -> the new ClusterLoadAssignment received;
 *   - one HTTPRoute file edit -> the new RouteConfiguration received;
 *   - the server's RSS after the edits, once settled (V8 returns memory when idle), and its peak.
 * The edits are written atomically (write + rename) to files of the followed Gateway. All
 * shapes' servers run at once and their edits alternate, so the ratios between shapes (the
 * targets) are measured under the same machine load.
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
/** Settled RSS: taken this long after the last edit. */
const SETTLE_MS = Number(process.env.PIER_BENCH_SCALE_SETTLE_MS ?? 60_000);

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

/** One `pier serve` running on its fleet, with the Delta client following its last Gateway. */
interface RunningShape {
  shape: FleetShape;
  layout: Layout;
  child: ChildProcess;
  client: AutoAckClient;
  holdings: Holdings;
  readyMs: number;
  fullMs: number;
  endpoint: number[];
  route: number[];
}

/** Times one edit: from writing it to the moment the client holds a new version of name (of typeUrl). */
async function timeEdit(holdings: Holdings, typeUrl: string, name: string, edit: () => void): Promise<number> {
  const before = holdings.version(typeUrl, name);
  let arrived: bigint | undefined;
  holdings.listener = (t, names) => {
    if (t === typeUrl && names.includes(name) && holdings.version(typeUrl, name) !== before) arrived ??= process.hrtime.bigint();
  };
  const started = process.hrtime.bigint();
  edit();
  try {
    await waitUntil(`the edit of ${name}`, () => arrived !== undefined, EDIT_TIMEOUT_MS, 0);
  } finally {
    holdings.listener = undefined;
  }
  return Number(arrived! - started) / 1e6;
}

/** Stops the server (SIGTERM, then SIGKILL after 10 s) and removes its fleet. */
async function stopShape(child: ChildProcess | undefined, client: AutoAckClient | undefined, dir: string): Promise<void> {
  client?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, settle(10_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Writes the fleet, starts `pier serve` on it and waits for the client's first full configuration. */
async function startShape(shape: FleetShape): Promise<RunningShape> {
  const layout = writeFleet(shape);
  const xdsPort = await freePort();
  const adminPort = await freePort();
  let child: ChildProcess | undefined;
  let client: AutoAckClient | undefined;
  try {
    const started = process.hrtime.bigint();
    // Started as the `pier` command starts it (its V8 flags), as a user runs it.
    child = spawn(process.execPath, [...pierNodeFlags(), PIER_CLI, 'serve', '--resources', layout.dir, '--xds-address', `127.0.0.1:${xdsPort}`,
      '--admin-address', `127.0.0.1:${adminPort}`, '--metrics-address', `127.0.0.1:${await freePort()}`, '--envoy', 'off', '--log-level', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] });
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
    return { shape, layout, child, client, holdings, readyMs, fullMs, endpoint: [], route: [] };
  } catch (err) {
    await stopShape(child, client, layout.dir);
    throw err;
  }
}

function editEndpoints(s: RunningShape, i: number): Promise<number> {
  return timeEdit(s.holdings, TypeUrl.ClusterLoadAssignment, `${NAMESPACE}/${s.layout.service}/80`, () =>
    writeAtomically(s.layout.sliceFile, endpointSliceManifest(s.layout.service, [`10.254.${i % 250}.${1 + (i % 3)}`])));
}

function editRoute(s: RunningShape, i: number): Promise<number> {
  const { gateways, routesPerGateway } = s.shape;
  return timeEdit(s.holdings, TypeUrl.RouteConfiguration, `http/0.0.0.0:${LISTENER_PORT}`, () =>
    writeAtomically(s.layout.routeFile, routeManifest(gatewayName(gateways - 1), s.layout.routeName, routesPerGateway - 1, s.layout.service)
      .replace(`/${s.layout.routeName}`, `/${s.layout.routeName}-e${i}`)));
}

/**
 * The edits of every shape interleaved: round i edits each running server once (the order
 * rotating between rounds), so the servers share the machine's load alike and their ratio is
 * measured in one run, edit beside edit, rather than minutes apart.
 */
async function interleavedEdits(running: RunningShape[], edit: (s: RunningShape, i: number) => Promise<number>, into: (s: RunningShape) => number[]): Promise<void> {
  for (let i = 0; i < EDITS; i++) {
    for (let k = 0; k < running.length; k++) {
      const s = running[(i + k) % running.length]!;
      into(s).push(await edit(s, i));
      await settle(BETWEEN_EDITS_MS);
    }
  }
}

/**
 * RSS of each server once idle for SETTLE_MS after the edits. V8 gives memory back (its memory
 * reducer) only some tens of seconds after a process goes idle, so the RSS right after the
 * edits includes their garbage and the start-up's high-water mark.
 */
async function settledRss(pids: readonly number[]): Promise<number[]> {
  await settle(SETTLE_MS);
  return pids.map((pid) => rssOf(pid).rss);
}

function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(0)} MiB`;
}

/** The ratio of two p50s, and the median of the ratios of edits made side by side (round by round). */
function ratios(big: readonly number[], small: readonly number[]): string {
  const pairs = big.map((b, i) => b / small[i]!).filter(Number.isFinite);
  return `${(percentile(big, 50) / percentile(small, 50)).toFixed(2)}x (median of round ratios ${percentile(pairs, 50).toFixed(2)}x)`;
}

export async function runScaleBench(): Promise<void> {
  loadXdsProtos(); // the client's, loaded before any clock starts
  note(`${EDITS} edits of each kind per shape, interleaved across the shapes (all servers running); one file per object; a Delta ADS client follows the last Gateway`);
  const running: RunningShape[] = [];
  try {
    // Started one at a time, so each start-up has the machine to itself (the others idle).
    for (const shape of SHAPES) {
      running.push(await startShape(shape));
      await settle(500);
    }
    await interleavedEdits(running, editEndpoints, (s) => s.endpoint);
    await interleavedEdits(running, editRoute, (s) => s.route);
    await settle(1000);
    const pids = running.map((s) => s.child.pid!);
    const afterEdits = pids.map((pid) => rssOf(pid));
    const settled = await settledRss(pids);
    printTable('scale: pier serve, one file per object (ms)', ['input', 'files', 'ready', 'full config', 'EP p50', 'EP p90', 'route p50', 'route p90', 'RSS', 'settled RSS', 'peak RSS'],
      running.map((r, i) => [label(r.shape), String(r.layout.files), fmtMs(r.readyMs), fmtMs(r.fullMs), fmtMs(percentile(r.endpoint, 50)), fmtMs(percentile(r.endpoint, 90)),
        fmtMs(percentile(r.route, 50)), fmtMs(percentile(r.route, 90)), mib(afterEdits[i]!.rss), mib(settled[i]!), mib(afterEdits[i]!.peak)]));
    const small = running[0]!;
    for (const r of running.slice(1)) {
      note(`${label(r.shape)} vs ${label(small.shape)}: EndpointSlice edit ${ratios(r.endpoint, small.endpoint)}, HTTPRoute edit ${ratios(r.route, small.route)}`);
    }
    note('EP = one EndpointSlice file edit -> new ClusterLoadAssignment at the client; route = one HTTPRoute file edit -> new RouteConfiguration at the client.');
    note(`RSS = 1 s after the edits; settled RSS = ${SETTLE_MS / 1000} s later, idle (V8 gives memory back some time after going idle); peak = VmHWM.`);
  } finally {
    for (const s of running) await stopShape(s.child, s.client, s.layout.dir);
  }
}
