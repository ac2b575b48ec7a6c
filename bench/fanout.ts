/**
 * Benchmark 2: push fan-out. An in-process SnapshotCache + XdsServer on 127.0.0.1:0 serves one
 * gateway (100 HTTPRoutes through the real translators: 100 clusters, 100 assignments, one
 * route configuration with 100 routes) to N ADS streams of a child process (Delta, then SotW),
 * one HTTP/2 connection each, like N Envoys. Per update (the endpoints of one cluster change):
 * (a) the time from cache.setResources until each stream, and every stream, received it;
 * (b) resources encoded per update (must be one per changed resource, whatever N);
 * (c) server heap and RSS per stream (after GC, connected minus before, / N), and what stays
 *     after the streams close.
 */
import { silentLogger } from '../src/logging/logger';
import { SnapshotCache } from '../src/xds/cache/cache';
import type { GatewaySnapshot } from '../src/xds/cache/snapshot';
import { loadXdsProtos } from '../src/xds/proto';
import { ProxyRegistry } from '../src/xds/server/registry';
import { XdsServer } from '../src/xds/server/server';
import { TypeUrl, type ResourceTypeUrl, type XdsResources } from '../src/xds/types';
import { ClientProcess } from './lib/client-process';
import { gatewayKey } from './lib/fixtures';
import { buildPushFixture, withAssignment } from './lib/push-fixture';
import type { AdsProtocol } from './lib/xds-clients';
import { fmtBytes, fmtMs, max, memoryAfterGc, note, percentile, printTable, settle, until } from './lib/stats';

const STREAM_COUNTS = [1, 100, 500, 1000];
const PROTOCOLS: AdsProtocol[] = ['delta', 'sotw'];
const ROUTES = 100;
const UPDATES = 100;
/** Unreported warm-up case first, so JIT and one-time allocations stay out of the first case's numbers. */
const WARMUP = { streams: 20, updates: 5 };
/** Quiet time after each update, so ACKs land before the next one. */
const UPDATE_GAP_MS = 30;
const SETUP_TIMEOUT_MS = 120_000;
const UPDATE_TIMEOUT_MS = 30_000;
const GW = gatewayKey(0);

interface Fixture {
  base: XdsResources;
  /** Each differs from the one before in the endpoints of exactly one cluster. */
  updates: XdsResources[];
}

function buildFixture(): Fixture {
  const { base, updates } = buildPushFixture(ROUTES, UPDATES);
  let current = base;
  return { base, updates: updates.map((assignment) => (current = withAssignment(current, assignment))) };
}

interface CaseResult {
  protocol: AdsProtocol;
  streams: number;
  setupMs: number;
  /** Per update: until every stream had it. */
  allReceived: number[];
  /** Every stream of every update. */
  perStream: number[];
  encodes: number[];
  changed: number[];
  serverCpuMs: number[];
  stray: number;
  heapPerStream: number;
  rssPerStream: number;
  heapLeftAfterClose: number;
  problems: string[];
}

/** Names whose entry changed between two snapshots of the same type. */
function changedNames(before: GatewaySnapshot | undefined, after: GatewaySnapshot | undefined, typeUrl: ResourceTypeUrl): string[] {
  const a = before?.types.get(typeUrl)?.entries;
  const b = after?.types.get(typeUrl)?.entries;
  const out: string[] = [];
  for (const [name, entry] of b ?? []) if (a?.get(name) !== entry) out.push(name);
  return out;
}

async function runCase(protocol: AdsProtocol, streams: number, fixture: Fixture, updateCount = fixture.updates.length): Promise<CaseResult> {
  const logger = silentLogger();
  const cache = new SnapshotCache({ logger });
  const registry = new ProxyRegistry();
  const server = new XdsServer({ cache, registry, logger });
  const port = await server.listen('127.0.0.1:0');
  cache.setResources(GW, fixture.base);
  const snap = cache.snapshot(GW);
  const names = (t: ResourceTypeUrl): string[] => [...(snap?.types.get(t)?.entries.keys() ?? [])];
  const problems: string[] = [];

  const before = await memoryAfterGc();
  const clients = ClientProcess.start();
  try {
    clients.send({
      kind: 'connect', address: `127.0.0.1:${port}`, gateway: GW, protocol, streams, ownConnection: true,
      subscriptions: [
        { typeUrl: TypeUrl.Cluster, names: [] },
        { typeUrl: TypeUrl.ClusterLoadAssignment, names: names(TypeUrl.ClusterLoadAssignment) },
        { typeUrl: TypeUrl.Listener, names: [] },
        { typeUrl: TypeUrl.RouteConfiguration, names: names(TypeUrl.RouteConfiguration) },
      ],
    });
    const { ms: setupMs } = await clients.next('ready', SETUP_TIMEOUT_MS);
    await until('every proxy to have ACKed', () => registry.size === streams && registry.list().every((p) => p.types.length === 4 && p.types.every((t) => !t.awaitingAck)), SETUP_TIMEOUT_MS, 10);
    const connected = await memoryAfterGc();

    const result: CaseResult = {
      protocol, streams, setupMs, allReceived: [], perStream: [], encodes: [], changed: [], serverCpuMs: [], stray: 0,
      heapPerStream: (connected.heapUsed - before.heapUsed) / streams,
      rssPerStream: (connected.rss - before.rss) / streams,
      heapLeftAfterClose: Number.NaN, problems,
    };
    for (const [k, update] of fixture.updates.slice(0, updateCount).entries()) {
      clients.send({ kind: 'arm', update: k, typeUrl: TypeUrl.ClusterLoadAssignment });
      await clients.next('armed', UPDATE_TIMEOUT_MS);
      const previous = cache.snapshot(GW);
      const encodesBefore = cache.encodeCount;
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      cache.setResources(GW, update);
      const encodedSync = cache.encodeCount - encodesBefore;
      const got = await clients.next('received', UPDATE_TIMEOUT_MS);
      const used = process.cpuUsage(cpu);
      const latencies = got.times.map((t) => Number(BigInt(t) - started) / 1e6);
      result.allReceived.push(max(latencies));
      result.perStream.push(...latencies);
      result.serverCpuMs.push((used.user + used.system) / 1000);
      const current = cache.snapshot(GW);
      const changed = changedNames(previous, current, TypeUrl.ClusterLoadAssignment);
      const otherChanges = ([TypeUrl.Cluster, TypeUrl.Listener, TypeUrl.RouteConfiguration] as ResourceTypeUrl[]).flatMap((t) => changedNames(previous, current, t));
      result.changed.push(changed.length + otherChanges.length);
      result.encodes.push(cache.encodeCount - encodesBefore);
      if (cache.encodeCount - encodesBefore !== encodedSync) problems.push(`update ${k}: ${cache.encodeCount - encodesBefore - encodedSync} encodes while sending`);
      const typeVersion = current?.types.get(TypeUrl.ClusterLoadAssignment)?.version ?? '';
      const expected = protocol === 'delta' ? changed.map((n) => `${n}@${current?.types.get(TypeUrl.ClusterLoadAssignment)?.entries.get(n)?.version ?? ''}`) : [typeVersion];
      if (got.tokens.sort().join() !== expected.sort().join() || got.resourceCounts.join() !== String(changed.length)) {
        problems.push(`update ${k}: streams got ${got.tokens.join(',')} (${got.resourceCounts.join(',')} resources), expected ${expected.join(',')}`);
      }
      await settle(UPDATE_GAP_MS);
    }
    clients.send({ kind: 'arm', update: -1, typeUrl: 'none' });
    result.stray = (await clients.next('armed', UPDATE_TIMEOUT_MS)).stray;
    await clients.stop();
    await until('the server to see every stream close', () => server.streamCount === 0 && registry.size === 0 && cache.stats().subscribers === 0, 30_000, 10);
    result.heapLeftAfterClose = (await memoryAfterGc()).heapUsed - before.heapUsed;
    return result;
  } finally {
    await clients.stop();
    await server.shutdown(1000);
    cache.close();
  }
}

export async function runFanoutBench(): Promise<void> {
  loadXdsProtos();
  const fixture = buildFixture();
  const sizes = fixture.base;
  note(`one gateway: ${sizes.listeners.length} listener, ${sizes.routes.length} route configuration, ${sizes.clusters.length} clusters, ${sizes.endpoints.length} assignments; ${UPDATES} updates per case, each changing the endpoints of one cluster`);
  for (const protocol of PROTOCOLS) await runCase(protocol, WARMUP.streams, fixture, WARMUP.updates);
  const results: CaseResult[] = [];
  for (const protocol of PROTOCOLS) {
    for (const streams of STREAM_COUNTS) {
      const r = await runCase(protocol, streams, fixture);
      results.push(r);
      process.stdout.write(`  ${protocol} x ${streams}: done (${r.problems.length} problems)\n`);
    }
  }
  const uniq = (xs: number[]): string => [...new Set(xs)].sort((a, b) => a - b).join(',');
  printTable('fanout: one endpoint update, cache.setResources -> received by the streams (ms)', [
    'protocol', 'streams', 'setup', 'all p50', 'all p99', 'all max', 'stream p50', 'stream p99', 'enc/upd', 'changed', 'cpu/upd', 'stray',
  ], results.map((r) => [
    r.protocol, String(r.streams), fmtMs(r.setupMs),
    fmtMs(percentile(r.allReceived, 50)), fmtMs(percentile(r.allReceived, 99)), fmtMs(max(r.allReceived)),
    fmtMs(percentile(r.perStream, 50)), fmtMs(percentile(r.perStream, 99)),
    uniq(r.encodes), uniq(r.changed), fmtMs(percentile(r.serverCpuMs, 50)), String(r.stray),
  ]));
  note('all = until every stream had the update (p50/p99/max over updates); stream = each stream\'s own delivery time, all updates pooled.');
  note('setup = connect + initial sync of all streams; enc/upd = cache.encodeCount delta per update; changed = resources whose entry changed;');
  note('cpu/upd = server process CPU time (median) per update; stray = responses outside the measured ones (should be 0).');
  printTable('fanout: server memory per stream (after GC)', ['protocol', 'streams', 'heap/stream', 'rss/stream', 'heap left after close'],
    results.map((r) => [r.protocol, String(r.streams), fmtBytes(r.heapPerStream), fmtBytes(r.rssPerStream), fmtBytes(r.heapLeftAfterClose)]));
  const problems = results.flatMap((r) => r.problems.map((p) => `${r.protocol} x ${r.streams}: ${p}`));
  if (problems.length > 0) {
    process.stdout.write(`\nPROBLEMS (${problems.length}):\n`);
    for (const p of problems.slice(0, 20)) process.stdout.write(`  ${p}\n`);
  }
}
