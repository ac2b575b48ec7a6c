/**
 * Benchmark 4: memory under churn. The in-process pipeline as `pier serve` wires it (bus, Gateway
 * API translator, xDS translator, snapshot cache, status writer) plus the xDS server with one
 * Delta and one SotW stream that subscribe like Envoy (EDS follows CDS) and ACK everything.
 * Each cycle adds 500 HTTPRoutes (each with a Service and EndpointSlice; new names every cycle)
 * to a gateway, waits until both streams hold the result, deletes them, waits again. Heap after
 * forced GC: at baseline, with the routes, after each delete. It should come back to baseline.
 * Run twice: with the cache's default event log, and with a short one, to show its share.
 */
import { GatewayAPITranslatorRunner } from '../src/gatewayapi/runner';
import { silentLogger } from '../src/logging/logger';
import { Bus, type ProviderResources } from '../src/message/resources';
import { GenerationTracker } from '../src/provider/file/objects/generations';
import { FileStatusWriter } from '../src/status/writer';
import { SnapshotCache } from '../src/xds/cache/cache';
import { XdsCacheRunner } from '../src/xds/cache/runner';
import { loadXdsProtos } from '../src/xds/proto';
import { ProxyRegistry } from '../src/xds/server/registry';
import { XdsServer } from '../src/xds/server/server';
import { XdsTranslatorRunner } from '../src/xds/translator/runner';
import { TypeUrl } from '../src/xds/types';
import { EndpointRunner } from '../src/xds/translator/endpoints/endpoint-runner';
import { publishResources } from './lib/publish';
import { CONTROLLER, NAMESPACE, gatewayClassManifest, gatewayKey, gatewayManifest, gatewayName, loadManifests, routeSetManifests } from './lib/fixtures';
import { dataHeap, fmtBytes, fmtMs, memoryAfterGc, msSince, note, printTable, until, type MemorySample } from './lib/stats';
import { AutoAckClient, type AdsProtocol } from './lib/xds-clients';

/** PIER_BENCH_CHURN_CYCLES runs more (the cache's event log fills after 64 cycles). */
const CYCLES = Math.max(2, Number(process.env.PIER_BENCH_CHURN_CYCLES) || 12);
const ROUTES_PER_CYCLE = 500;
const BASE_ROUTES = 10;
const SYNC_TIMEOUT_MS = 30_000;
/** After-delete heap within this fraction of the baseline counts as "back to baseline". */
const TOLERANCE = 0.03;
/** The short event log of the second run (the default is the cache's own, 128 events). */
const SHORT_EVENT_LOG = 4;
const GW = gatewayKey(0);
/** Names of the parsed route set, replaced by "c<cycle>" in each cycle. */
const TEMPLATE_PREFIX = 'tmpl';

interface Pipeline {
  bus: Bus;
  cache: SnapshotCache;
  registry: ProxyRegistry;
  statusWriter: FileStatusWriter;
  port: number;
  stop(): Promise<void>;
}

async function startPipeline(eventLogCapacity: number | undefined): Promise<Pipeline> {
  const logger = silentLogger();
  const bus = new Bus();
  const cache = new SnapshotCache({ logger, ...(eventLogCapacity ? { eventLogCapacity } : {}) });
  const registry = new ProxyRegistry();
  const server = new XdsServer({ cache, registry, logger });
  const statusWriter = new FileStatusWriter({ bus, logger });
  const runners = [
    new XdsCacheRunner({ bus, cache, logger }),
    new XdsTranslatorRunner({ bus, logger }),
    new EndpointRunner({ bus, logger }),
    new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, logger }),
  ];
  statusWriter.start();
  for (const r of runners) r.start();
  const port = await server.listen('127.0.0.1:0');
  return {
    bus, cache, registry, statusWriter, port,
    async stop() {
      await server.shutdown(1000);
      for (const r of [...runners].reverse()) await r.stop();
      await statusWriter.stop();
      bus.close();
      cache.close();
    },
  };
}

/**
 * Both streams hold the cache's current state of every type, all ACKed. One exception: a SotW
 * EDS stream is sent nothing when assignments are only removed (SotW EDS cannot say
 * "deleted"; the client dropped them with their clusters), so its ACKed version stays behind.
 */
function streamsInSync(p: Pipeline, clusters: number): boolean {
  const snap = p.cache.snapshot(GW);
  if (!snap || snap.types.get(TypeUrl.Cluster)?.entries.size !== clusters) return false;
  const proxies = p.registry.list();
  if (proxies.length !== 2) return false;
  return proxies.every((proxy) => [TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.Listener, TypeUrl.RouteConfiguration].every((t) => {
    const s = proxy.types.find((x) => x.typeUrl === t);
    const removalsOnly = proxy.protocol === 'sotw' && t === TypeUrl.ClusterLoadAssignment && clusters === BASE_ROUTES;
    return s && !s.awaitingAck && (removalsOnly || s.ackedVersion === snap.types.get(t)?.version);
  }));
}

async function apply(p: Pipeline, resources: ProviderResources, clusters: number): Promise<number> {
  const started = process.hrtime.bigint();
  publishResources(p.bus, resources);
  await until(`both streams to hold ${clusters} clusters`, () => streamsInSync(p, clusters), SYNC_TIMEOUT_MS, 2).catch((err: Error) => {
    const snap = p.cache.snapshot(GW);
    const versions = [...(snap?.types.values() ?? [])].map((t) => `${t.typeUrl.split('.').pop() ?? ''}=${t.version} (${t.entries.size})`);
    throw new Error(`${err.message}; cache: ${versions.join(', ')}; proxies: ${JSON.stringify(p.registry.list().map((x) => ({ id: x.nodeId, types: x.types })))}`);
  });
  return msSince(started);
}

interface Counts {
  statuses: number;
  written: number;
  cacheResources: number;
  proxies: number;
}

function counts(p: Pipeline): Counts {
  return { statuses: p.bus.statuses.keys().length, written: p.statusWriter.list().length, cacheResources: p.cache.stats().resources, proxies: p.registry.size };
}

function fmtCounts(c: Counts): string {
  return `statuses on the bus ${c.statuses}, in the status writer ${c.written}, cache resources ${c.cacheResources}, proxies ${c.proxies}`;
}

/** Least-squares slope of ys over their index, per step. */
function slope(ys: readonly number[]): number {
  const n = ys.length;
  if (n < 2) return Number.NaN;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (i - mx) * ((ys[i] as number) - my);
    den += (i - mx) ** 2;
  }
  return num / den;
}

function pct(delta: number, base: number): string {
  return `${((delta / base) * 100).toFixed(1)}%`;
}

interface ChurnRun {
  label: string;
  baseline: MemorySample;
  rows: string[][];
  afterDelete: number[];
  baselineCounts: Counts;
  loadedCounts: Counts | undefined;
  finalCounts: Counts;
  /** Cycles whose loaded ProviderResources (as stored on the bus) were still reachable at the end. */
  stillReachable: number[];
  ended: string[];
}

function baseManifests(): string[] {
  return [gatewayClassManifest(), gatewayManifest(gatewayName(0)), ...routeSetManifests(gatewayName(0), BASE_ROUTES, 'base')];
}

async function runChurn(label: string, eventLogCapacity: number | undefined): Promise<ChurnRun> {
  const p = await startPipeline(eventLogCapacity);
  const clients: AutoAckClient[] = [];
  try {
    const baseText = baseManifests().join('---\n');
    const tracker = new GenerationTracker();
    const base = loadManifests(baseText, tracker);
    // Parsed once, renamed per cycle: the provider's parsing is not what is measured, and only
    // one parsed set is held for the whole run, whatever the number of cycles.
    const template = JSON.stringify(loadManifests([baseText, ...routeSetManifests(gatewayName(0), ROUTES_PER_CYCLE, TEMPLATE_PREFIX)].join('---\n')));
    const cycleResources = (c: number): ProviderResources => tracker.stamp(JSON.parse(template.replaceAll(TEMPLATE_PREFIX, `c${c}`)) as ProviderResources);
    publishResources(p.bus, base);
    await until('the base gateway in the cache', () => p.cache.snapshot(GW) !== undefined, SYNC_TIMEOUT_MS);
    const routeConfigs = [...(p.cache.snapshot(GW)?.types.get(TypeUrl.RouteConfiguration)?.entries.keys() ?? [])];
    for (const protocol of ['delta', 'sotw'] as AdsProtocol[]) {
      const client = new AutoAckClient({
        address: `127.0.0.1:${p.port}`, protocol, gateway: GW, nodeId: `churn-${protocol}`, followClusters: true,
        subscriptions: [
          { typeUrl: TypeUrl.Cluster, names: [] },
          { typeUrl: TypeUrl.ClusterLoadAssignment, names: [] },
          { typeUrl: TypeUrl.Listener, names: [] },
          { typeUrl: TypeUrl.RouteConfiguration, names: routeConfigs },
        ],
      });
      clients.push(client);
      client.start();
    }
    await until('both streams in sync with the base gateway', () => streamsInSync(p, BASE_ROUTES), SYNC_TIMEOUT_MS, 5);
    // One warm-up cycle first: the baseline then holds the code the churn paths compile (bytecode,
    // feedback, optimized code), which is not data that churn leaves behind.
    await apply(p, cycleResources(0), BASE_ROUTES + ROUTES_PER_CYCLE);
    await apply(p, tracker.stamp(base), BASE_ROUTES);
    const baseline = await memoryAfterGc();
    const baselineCounts = counts(p);

    const rows: string[][] = [];
    const afterDelete: number[] = [];
    const loadedRefs: WeakRef<object>[] = [];
    let loadedCounts: Counts | undefined;
    for (let i = 0; i < CYCLES; i++) {
      const createMs = await apply(p, cycleResources(i + 1), BASE_ROUTES + ROUTES_PER_CYCLE);
      // One object of the loaded set, as the bus held it: it must not stay reachable once deleted.
      const sample = p.bus.tables.httpRoutes.load(`${NAMESPACE}/c${i + 1}-0`);
      if (!sample) throw new Error('the loaded set is not on the bus');
      loadedRefs.push(new WeakRef(sample));
      const loaded = await memoryAfterGc();
      loadedCounts = counts(p);
      const deleteMs = await apply(p, tracker.stamp(base), BASE_ROUTES);
      const after = await memoryAfterGc();
      afterDelete.push(dataHeap(after));
      const delta = dataHeap(after) - dataHeap(baseline);
      rows.push([String(i + 1), fmtMs(createMs), fmtMs(deleteMs), fmtBytes(dataHeap(loaded)), fmtBytes(dataHeap(after)), fmtBytes(delta), pct(delta, dataHeap(baseline)), fmtBytes(after.code - baseline.code)]);
    }
    await memoryAfterGc();
    const stillReachable = loadedRefs.flatMap((r, i) => (r.deref() ? [i + 1] : []));
    return {
      label, baseline, rows, afterDelete, baselineCounts, loadedCounts, finalCounts: counts(p), stillReachable,
      ended: clients.filter((cl) => cl.ended).map((cl) => cl.ended as string),
    };
  } finally {
    for (const cl of clients) cl.close();
    await p.stop();
  }
}

function summary(r: ChurnRun): string {
  const last = r.afterDelete[r.afterDelete.length - 1] as number;
  const base = dataHeap(r.baseline);
  const back = Math.abs(last - base) <= TOLERANCE * base;
  const growth = slope(r.afterDelete.slice(1));
  return `${r.label}: after ${CYCLES} cycles ${fmtBytes(last - base)} over baseline (${pct(last - base, base)}; ` +
    `${back ? 'within' : 'NOT within'} ${TOLERANCE * 100}%), ${fmtBytes(last - (r.afterDelete[0] as number))} over cycle 1; trend over cycles 2..${CYCLES}: ${fmtBytes(growth)}/cycle` +
    `; loaded resource sets still reachable after deletion: ${r.stillReachable.length === 0 ? 'none' : `cycle ${r.stillReachable.join(', ')}`}` +
    `${r.ended.length > 0 ? `; streams ended: ${r.ended.join(', ')}` : ''}`;
}

export async function runChurnBench(): Promise<void> {
  loadXdsProtos();
  const runs = [await runChurn('default event log (128)', undefined), await runChurn(`event log ${SHORT_EVENT_LOG}`, SHORT_EVENT_LOG)];
  const main = runs[0] as ChurnRun;
  printTable(`churn: +${ROUTES_PER_CYCLE} routes then -${ROUTES_PER_CYCLE}, ${CYCLES} cycles, heap after forced GC (${main.label})`,
    ['cycle', 'create ms', 'delete ms', 'heap loaded', 'heap after delete', 'vs baseline', '%', 'code vs baseline'], main.rows);
  note(`baseline: heap ${fmtBytes(dataHeap(main.baseline))} without code (${fmtBytes(main.baseline.code)} of code), rss ${fmtBytes(main.baseline.rss)}: gateway with ${BASE_ROUTES} routes, 1 Delta + 1 SotW stream in sync, after one warm-up cycle.`);
  note('heap = heapUsed after forced GC without V8\'s code spaces (compiled code grows as the churn paths get optimized; it is shown apart).');
  note('create/delete ms = ProviderResources stored -> both streams ACKed the new state of every type.');
  note(`objects: baseline ${fmtCounts(main.baselineCounts)}`);
  if (main.loadedCounts) note(`         loaded   ${fmtCounts(main.loadedCounts)}`);
  note(`         final    ${fmtCounts(main.finalCounts)}`);
  process.stdout.write('\n');
  for (const r of runs) process.stdout.write(`churn ${summary(r)}\n`);
}
