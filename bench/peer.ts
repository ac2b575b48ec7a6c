/**
 * Benchmark "peer": Pier's push fan-out against go-control-plane's, side by side in one run.
 * Three server processes serve the same resources (the push fixture: one gateway of 100
 * HTTPRoutes from Pier's translators; go-control-plane gets them as Pier encoded them):
 *   pier      Pier's SnapshotCache + XdsServer (bench/peer-pier-server.ts)
 *   snapshot  go-control-plane SnapshotCache, an update = SetSnapshot (only EDS has a new version)
 *   linear    go-control-plane LinearCache per type behind a MuxCache, an update = UpdateResource
 * One client process (bench/fanout-clients.ts) opens N ADS streams (Delta or SotW), one HTTP/2
 * connection and one node id each, subscribing like Envoy (CDS and LDS wildcard, RDS by name, EDS
 * following the clusters) and ACKing everything. Each update is triggered the same way on every
 * server ("update K" on its stdin: the endpoints of one cluster change) and measured from the
 * server's monotonic clock just before it told its cache until each stream received it. Servers
 * alternate within each round (the order rotates between rounds), so the machine's noise falls on
 * all of them alike; results are reported as Pier / go-control-plane ratios.
 *
 * Environment: PIER_BENCH_PEER_STREAMS (100,1000,3000,10000), PIER_BENCH_PEER_PROTOCOLS
 * (delta,sotw), PIER_BENCH_PEER_SERVERS (pier,snapshot,linear), PIER_BENCH_PEER_ROUNDS (2),
 * PIER_BENCH_PEER_UPDATES (updates per server per round, 10), PIER_BENCH_PEER_ROUNDS_LARGE and
 * PIER_BENCH_PEER_UPDATES_LARGE (the same from 5,000 streams on: 1 and 5).
 * PIER_BENCH_PEER_BASELINE=<path of another build's dist/bench/peer-pier-server.js> adds that
 * Pier as a fourth server ("baseline"), to compare two versions of Pier in one run (or an
 * experiment: dist/bench/peer-pier-cluster.js, Pier's server in two processes). PIER_BENCH_PEER_PROFILE=<dir>: a V8 CPU profile of Pier's
 * server over the updates of each case (not the setup), summarized by bench/profile-summary.ts.
 * PIER_BENCH_PEER_CLIENT=go drives the servers with bench/peer/client (grpc-go, both cores)
 * instead of bench/fanout-clients.ts (node's HTTP/2, minimal decoding, one core).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadXdsProtos } from '../src/xds/proto';
import { TypeUrl } from '../src/xds/types';
import { ClientProcess } from './lib/client-process';
import { ensureGoClientBinary, ensurePeerBinary, peerModuleVersions } from './lib/go-peer';
import { hardFdLimit } from './lib/limits';
import { buildPushFixture, encodePushFixture, type PushFixture } from './lib/push-fixture';
import { ServerProcess } from './lib/server-process';
import { fmtBytes, fmtMs, note, percentile, printTable, settle } from './lib/stats';
import type { AdsProtocol } from './lib/xds-clients';

const ROUTES = 100;
const SERVER_NAMES = ['pier', 'snapshot', 'linear', 'baseline'] as const;
type ServerName = (typeof SERVER_NAMES)[number];
const LABEL: Record<ServerName, string> = { pier: 'Pier', snapshot: 'gcp SnapshotCache', linear: 'gcp LinearCache', baseline: 'Pier baseline' };
/** Streams from which the smaller update count applies. */
const LARGE = 5000;
const WARMUP = { streams: 20, updates: 5 };
const SETUP_TIMEOUT_MS = 300_000;
const UPDATE_TIMEOUT_MS = 60_000;
const IDLE_TIMEOUT_MS = 60_000;
/** File descriptors a process needs besides one per stream. */
const FD_MARGIN = 200;
const CLIENT_NODE_FLAGS = ['--max-old-space-size=8192'];

interface Config {
  streams: number[];
  protocols: AdsProtocol[];
  servers: ServerName[];
  rounds: number;
  roundsLarge: number;
  updates: number;
  updatesLarge: number;
  baseline: string | undefined;
  profileDir: string | undefined;
  /** The client program: node (bench/fanout-clients.ts) or go (bench/peer/client). */
  client: 'node' | 'go';
}

function listFromEnv<T extends string>(name: string, fallback: readonly T[], allowed?: readonly T[]): T[] {
  const raw = process.env[name];
  if (!raw) return [...fallback];
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean) as T[];
  const bad = allowed ? items.filter((i) => !allowed.includes(i)) : [];
  if (bad.length > 0) throw new Error(`${name}: unknown ${bad.join(', ')} (allowed: ${allowed?.join(', ')})`);
  return items;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return n;
}

/** PIER_BENCH_PEER_CLIENT: one client program per run (its weight shapes every ratio). */
function clientFromEnv(): Config['client'] {
  const clients = listFromEnv<Config['client']>('PIER_BENCH_PEER_CLIENT', ['node'], ['node', 'go']);
  if (clients.length !== 1) throw new Error(`PIER_BENCH_PEER_CLIENT names one client (node or go), not "${clients.join(',')}"`);
  return clients[0] as Config['client'];
}

function readConfig(): Config {
  const streams = listFromEnv('PIER_BENCH_PEER_STREAMS', ['100', '1000', '3000', '10000']).map(Number);
  if (streams.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('PIER_BENCH_PEER_STREAMS must list positive integers');
  return {
    streams,
    protocols: listFromEnv<AdsProtocol>('PIER_BENCH_PEER_PROTOCOLS', ['delta', 'sotw'], ['delta', 'sotw']),
    servers: [
      ...listFromEnv<ServerName>('PIER_BENCH_PEER_SERVERS', ['pier', 'snapshot', 'linear'], ['pier', 'snapshot', 'linear']),
      ...(process.env.PIER_BENCH_PEER_BASELINE ? ['baseline' as const] : []),
    ],
    baseline: process.env.PIER_BENCH_PEER_BASELINE ? path.resolve(process.env.PIER_BENCH_PEER_BASELINE) : undefined,
    rounds: intFromEnv('PIER_BENCH_PEER_ROUNDS', 2),
    roundsLarge: intFromEnv('PIER_BENCH_PEER_ROUNDS_LARGE', 1),
    updates: intFromEnv('PIER_BENCH_PEER_UPDATES', 10),
    updatesLarge: intFromEnv('PIER_BENCH_PEER_UPDATES_LARGE', 5),
    profileDir: process.env.PIER_BENCH_PEER_PROFILE ? path.resolve(process.env.PIER_BENCH_PEER_PROFILE) : undefined,
    client: clientFromEnv(),
  };
}

function updatesFor(config: Config, streams: number): number {
  return streams >= LARGE ? config.updatesLarge : config.updates;
}

function roundsFor(config: Config, streams: number): number {
  return streams >= LARGE ? config.roundsLarge : config.rounds;
}

interface CaseResult {
  server: ServerName;
  protocol: AdsProtocol;
  streams: number;
  setupMs: number[];
  /** Per update: until every stream had it. */
  allReceived: number[];
  /** Every stream of every update. */
  perStream: number[];
  /** Per update: server CPU from just before the cache was told until the server was idle again (ACKs handled). */
  cpuMs: number[];
  /** Per update: the client process's CPU, from arming one update to arming the next. */
  clientCpuMs: number[];
  resourcesPerResponse: Set<number>;
  rssPerStream: number[];
  stray: number;
  problems: string[];
}

/** The servers of the run, each with the index of its next update (every server gets the same sequence). */
class Servers {
  readonly next = new Map<ServerName, number>();
  constructor(readonly processes: Map<ServerName, ServerProcess>) {
    for (const name of processes.keys()) this.next.set(name, 0);
  }

  take(name: ServerName): number {
    const k = this.next.get(name) ?? 0;
    this.next.set(name, k + 1);
    return k;
  }
}

async function startServers(config: Config, dir: string, fixture: PushFixture): Promise<Servers> {
  const pierFixture = path.join(dir, 'pier-fixture.json');
  const peerFixture = path.join(dir, 'peer-fixture.json');
  writeFileSync(pierFixture, JSON.stringify(fixture));
  writeFileSync(peerFixture, JSON.stringify(encodePushFixture(fixture, loadXdsProtos())));
  const peer = config.servers.some((s) => s === 'snapshot' || s === 'linear') ? ensurePeerBinary(note) : '';
  const processes = new Map<ServerName, ServerProcess>();
  try {
    for (const name of config.servers) {
      const pierServer = name === 'pier' ? path.join(__dirname, 'peer-pier-server.js') : name === 'baseline' ? config.baseline : undefined;
      const server = pierServer
        ? await ServerProcess.start(name, process.execPath, ['--expose-gc', '--max-old-space-size=8192', pierServer, pierFixture])
        : await ServerProcess.start(name, peer, ['-fixture', peerFixture, '-cache', name, '-listen', '127.0.0.1:0']);
      processes.set(name, server);
    }
  } catch (err) {
    for (const p of processes.values()) await p.stop();
    throw err;
  }
  return new Servers(processes);
}

async function waitForStreams(server: ServerProcess, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await server.streams()) !== count) {
    if (Date.now() > deadline) throw new Error(`${server.name} still has streams other than ${count} after ${timeoutMs} ms`);
    await settle(20);
  }
}

async function runCase(
  profileDir: string | undefined, startClients: () => ClientProcess, servers: Servers, name: ServerName, protocol: AdsProtocol, streams: number, updates: number, fixture: PushFixture, into: CaseResult,
): Promise<void> {
  const server = servers.processes.get(name) as ServerProcess;
  const routeName = fixture.base.routes[0]?.name ?? '';
  await waitForStreams(server, 0, 30_000);
  const before = await server.memory();
  const clients = startClients();
  try {
    clients.send({
      kind: 'connect', address: `127.0.0.1:${server.port}`, gateway: fixture.gateway, protocol, streams, ownConnection: true, followClusters: true,
      subscriptions: [
        { typeUrl: TypeUrl.Cluster, names: [] },
        { typeUrl: TypeUrl.Listener, names: [] },
        { typeUrl: TypeUrl.RouteConfiguration, names: [routeName] },
      ],
    });
    into.setupMs.push((await clients.next('ready', SETUP_TIMEOUT_MS)).ms);
    await server.cpuWhenIdle(IDLE_TIMEOUT_MS);
    const connected = await server.memory();
    into.rssPerStream.push((connected.rss - before.rss) / streams);
    const profile = profileDir && (name === 'pier' || name === 'baseline') ? path.join(profileDir, `${name}-${protocol}-${streams}-${into.setupMs.length}.cpuprofile`) : '';
    if (profile) await server.command('profile-start', 'profiling');
    /** Profiling: the update windows (CLOCK_MONOTONIC us, like the profile's), told until idle again. */
    const windows: [number, number][] = [];
    let clientCpu: number | undefined;
    for (let u = 0; u < updates; u++) {
      const k = servers.take(name);
      const cluster = fixture.updates[k]?.cluster_name ?? '';
      clients.send({ kind: 'arm', update: k, typeUrl: TypeUrl.ClusterLoadAssignment });
      const { cpuMicros } = await clients.next('armed', UPDATE_TIMEOUT_MS);
      if (clientCpu !== undefined) into.clientCpuMs.push((cpuMicros - clientCpu) / 1000);
      clientCpu = cpuMicros;
      const applied = await server.update(k);
      const got = await clients.next('received', UPDATE_TIMEOUT_MS);
      // The profiler's sampling thread counts as the server's CPU: a looser idle threshold then.
      const cpuAfter = await server.cpuWhenIdle(IDLE_TIMEOUT_MS, profile ? 0.2 : undefined);
      if (profile) windows.push([Number(applied.startedNs / 1000n), Number(process.hrtime.bigint() / 1000n)]);
      const latencies = got.times.map((t) => Number(BigInt(t) - applied.startedNs) / 1e6);
      into.allReceived.push(Math.max(...latencies));
      into.perStream.push(...latencies);
      into.cpuMs.push(Number(cpuAfter - applied.cpuBeforeNs) / 1e6);
      for (const c of got.resourceCounts) into.resourcesPerResponse.add(c);
      if (protocol === 'delta' && got.tokens.some((t) => !t.startsWith(`${cluster}@`))) {
        into.problems.push(`update ${k}: streams got ${got.tokens.slice(0, 3).join(',')}, expected ${cluster}`);
      }
    }
    clients.send({ kind: 'arm', update: -1, typeUrl: 'none' });
    const last = await clients.next('armed', UPDATE_TIMEOUT_MS);
    into.stray += last.stray;
    if (clientCpu !== undefined) into.clientCpuMs.push((last.cpuMicros - clientCpu) / 1000);
    if (profile) {
      await server.command(`profile-stop ${profile}`, 'profiled');
      writeFileSync(`${profile}.windows.json`, JSON.stringify(windows));
    }
  } finally {
    await clients.stop();
  }
  await waitForStreams(server, 0, 60_000);
}

function emptyResult(server: ServerName, protocol: AdsProtocol, streams: number): CaseResult {
  return { server, protocol, streams, setupMs: [], allReceived: [], perStream: [], cpuMs: [], clientCpuMs: [], resourcesPerResponse: new Set(), rssPerStream: [], stray: 0, problems: [] };
}

function ratio(a: number, b: number): string {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '-';
}

function report(config: Config, results: CaseResult[]): void {
  printTable('peer: one endpoint update, server told -> received by the streams (ms)', [
    'protocol', 'streams', 'server', 'updates', 'all p50', 'all p99', 'stream p50', 'stream p99', 'cpu/upd', 'cpu/stream', 'client cpu', 'res/resp', 'setup', 'rss/stream', 'stray',
  ], results.map((r) => [
    r.protocol, String(r.streams), LABEL[r.server], String(r.allReceived.length),
    fmtMs(percentile(r.allReceived, 50)), fmtMs(percentile(r.allReceived, 99)),
    fmtMs(percentile(r.perStream, 50)), fmtMs(percentile(r.perStream, 99)),
    fmtMs(percentile(r.cpuMs, 50)), `${((percentile(r.cpuMs, 50) / r.streams) * 1000).toFixed(0)} us`, fmtMs(percentile(r.clientCpuMs, 50)),
    [...r.resourcesPerResponse].sort((a, b) => a - b).join(','),
    fmtMs(percentile(r.setupMs, 50)), fmtBytes(percentile(r.rssPerStream, 50)), String(r.stray),
  ]));
  note('all = until every stream had the update (p50/p99 over updates); stream = each stream\'s own delivery, all updates pooled.');
  note('cpu/upd = server CPU per update (median) from just before its cache was told until it was idle again (ACKs handled); cpu/stream = that / streams;');
  note('client cpu = the client process\'s CPU per update (median), decoding and ACKing included.');
  note('res/resp = resources per EDS response; setup = connect + initial sync of all streams (median over rounds); rss/stream = server RSS after GC, connected minus before, / streams.');

  if (!config.servers.includes('pier')) return;
  const find = (server: ServerName, protocol: AdsProtocol, streams: number): CaseResult | undefined =>
    results.find((r) => r.server === server && r.protocol === protocol && r.streams === streams);
  const withBaseline = config.servers.includes('baseline');
  const rows: string[][] = [];
  for (const protocol of config.protocols) {
    for (const streams of config.streams) {
      const pier = find('pier', protocol, streams);
      if (!pier) continue;
      const p50 = (r: CaseResult | undefined): number => (r ? percentile(r.allReceived, 50) : Number.NaN);
      const p99 = (r: CaseResult | undefined): number => (r ? percentile(r.allReceived, 99) : Number.NaN);
      const cpu = (r: CaseResult | undefined): number => (r ? percentile(r.cpuMs, 50) : Number.NaN);
      const snapshot = find('snapshot', protocol, streams);
      const linear = find('linear', protocol, streams);
      const baseline = find('baseline', protocol, streams);
      const fasterP50 = Math.min(...[p50(snapshot), p50(linear)].filter(Number.isFinite));
      const fasterP99 = Math.min(...[p99(snapshot), p99(linear)].filter(Number.isFinite));
      rows.push([
        protocol, String(streams), fmtMs(p50(pier)), fmtMs(p50(snapshot)), fmtMs(p50(linear)),
        ratio(p50(pier), p50(snapshot)), ratio(p50(pier), p50(linear)), ratio(p50(pier), fasterP50), ratio(p99(pier), fasterP99),
        ratio(cpu(pier), cpu(snapshot)), ratio(cpu(pier), cpu(linear)),
        ...(withBaseline ? [fmtMs(p50(baseline)), ratio(p50(baseline), fasterP50), ratio(p99(baseline), fasterP99), ratio(p50(pier), p50(baseline))] : []),
      ]);
    }
  }
  printTable('peer: Pier / go-control-plane (all p50 unless said; < 1 means Pier is faster)', [
    'protocol', 'streams', 'Pier', 'Snapshot', 'Linear', 'P/Snap', 'P/Linear', 'P/faster', 'P/faster p99', 'cpu P/Snap', 'cpu P/Linear',
    ...(withBaseline ? ['Baseline', 'B/faster', 'B/faster p99', 'P/B'] : []),
  ], rows);
  note('faster = the faster of the two go-control-plane caches at that row. Target (issue 7): P/faster <= 0.5 at 1,000 and 10,000 streams, Delta and SotW.');
}

export async function runPeerBench(): Promise<void> {
  const config = readConfig();
  const hard = hardFdLimit();
  const streamCounts = config.streams.filter((n) => {
    if (Number.isNaN(hard) || n + FD_MARGIN <= hard) return true;
    note(`skipped ${n} streams: the open-file hard limit (${hard}) is below ${n + FD_MARGIN}`);
    return false;
  });
  const total = config.protocols.length * (WARMUP.updates + streamCounts.reduce((sum, n) => sum + roundsFor(config, n) * updatesFor(config, n), 0));
  loadXdsProtos();
  const fixture = buildPushFixture(ROUTES, total);
  const { base } = fixture;
  note(`${peerModuleVersions()}; node ${process.version}; ${os.cpus().length} CPUs; open-file hard limit ${hard}`);
  note(`one gateway: ${base.listeners.length} listener, ${base.routes.length} route configuration, ${base.clusters.length} clusters, ${base.endpoints.length} assignments`);
  note(`streams ${streamCounts.join(', ')}; ${config.protocols.join(', ')}; ${config.rounds} rounds of ${config.updates} updates per server (from ${LARGE} streams: ${config.roundsLarge} of ${config.updatesLarge}), servers alternating`);

  const goClient = config.client === 'go' ? ensureGoClientBinary(note) : '';
  const startClients = (): ClientProcess => (goClient ? ClientProcess.startBinary(goClient) : ClientProcess.start(CLIENT_NODE_FLAGS));
  note(`client: ${config.client === 'go' ? 'bench/peer/client (Go, grpc-go)' : 'bench/fanout-clients.ts (node)'}`);
  if (config.profileDir) mkdirSync(config.profileDir, { recursive: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-peer-'));
  let servers: Servers | undefined;
  try {
    servers = await startServers(config, dir, fixture);
    const results: CaseResult[] = [];
    for (const protocol of config.protocols) {
      for (const name of config.servers) await runCase(undefined, startClients, servers, name, protocol, WARMUP.streams, WARMUP.updates, fixture, emptyResult(name, protocol, WARMUP.streams));
      for (const streams of streamCounts) {
        const byServer = new Map(config.servers.map((name) => [name, emptyResult(name, protocol, streams)]));
        for (let round = 0; round < roundsFor(config, streams); round++) {
          const order = config.servers.map((_, i) => config.servers[(i + round) % config.servers.length] as ServerName);
          for (const name of order) {
            const started = Date.now();
            const result = byServer.get(name) as CaseResult;
            await runCase(config.profileDir, startClients, servers, name, protocol, streams, updatesFor(config, streams), fixture, result);
            process.stdout.write(`  ${protocol} x ${streams} round ${round + 1} ${name}: all p50 ${fmtMs(percentile(result.allReceived.slice(-updatesFor(config, streams)), 50))} ms (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
          }
        }
        results.push(...byServer.values());
      }
    }
    report(config, results);
    const problems = results.flatMap((r) => r.problems.map((p) => `${r.protocol} x ${r.streams} ${r.server}: ${p}`));
    const stray = results.filter((r) => r.stray > 0);
    if (problems.length > 0 || stray.length > 0) {
      process.stdout.write(`\nPROBLEMS (${problems.length}, stray responses in ${stray.length} cases):\n`);
      for (const p of problems.slice(0, 20)) process.stdout.write(`  ${p}\n`);
    }
  } finally {
    for (const p of servers?.processes.values() ?? []) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
