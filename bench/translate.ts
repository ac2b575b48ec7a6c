/**
 * Benchmark 1: translation cost. For N Gateways x M HTTPRoutes: Gateway API translate(), xDS
 * translateXds() (all gateways) and encoding everything into a fresh snapshot cache, median of
 * K runs each, with the output sizes. Then one endpoint edit and one route edit pushed through
 * the in-process pipeline (bus, both translator runners, cache runner), as `pier serve` wires
 * it: time from the ProviderResources store until the cache has published, and how many
 * resources were encoded for it.
 */
import { translate } from '../src/gatewayapi/translate';
import type { XdsIR } from '../src/ir/types';
import { silentLogger } from '../src/logging/logger';
import type { ProviderResources } from '../src/message/resources';
import type { KubeObject } from '../src/apis/meta';
import { SnapshotCache } from '../src/xds/cache/cache';
import { loadXdsProtos } from '../src/xds/proto';
import { endpointSourceFromSlices, translateXds } from '../src/xds/translator';
import type { EndpointSource } from '../src/xds/translator/endpoints/endpoints';
import type { XdsResources } from '../src/xds/types';
import { CONTROLLER, fleetManifests, gatewayName, loadManifests, type FleetShape } from './lib/fixtures';
import { startInProcessPipeline } from './lib/pipeline';
import { publishObject } from './lib/publish';
import { fmtBytes, fmtMs, median, note, percentile, printTable, timed, until } from './lib/stats';

const SHAPES: FleetShape[] = [
  { gateways: 1, routesPerGateway: 100 },
  { gateways: 1, routesPerGateway: 1000 },
  { gateways: 10, routesPerGateway: 100 },
  { gateways: 10, routesPerGateway: 1000 },
];
/** Runs per measurement: at most this many, and no more than RUN_BUDGET_MS worth. */
const MAX_RUNS = 15;
const MIN_RUNS = 3;
const RUN_BUDGET_MS = 8000;
const EDITS = 15;
/** Edits per kind stop after this much time (at least MIN_RUNS edits). */
const EDIT_BUDGET_MS = 6000;
const EDIT_TIMEOUT_MS = 30_000;

/** Median duration of fn over up to MAX_RUNS runs (after one warm-up run), within the time budget. */
function medianOf(fn: () => unknown): { median: number; runs: number } {
  fn();
  const times: number[] = [];
  const started = Date.now();
  while (times.length < MAX_RUNS && (times.length < MIN_RUNS || Date.now() - started < RUN_BUDGET_MS)) times.push(timed(fn).ms);
  return { median: median(times), runs: times.length };
}

function translateAll(resources: ProviderResources): Record<string, XdsIR> {
  return translate(resources, { controllerName: CONTROLLER }).xdsIR;
}

function translateXdsAll(irs: Record<string, XdsIR>, endpointsOf: EndpointSource): XdsResources[] {
  return Object.values(irs).map((ir) => translateXds(ir, endpointsOf));
}

/** Caches every set and encodes every resource (as streams asking for all of them would). */
function encodeAll(sets: readonly XdsResources[]): SnapshotCache {
  const cache = new SnapshotCache({ logger: silentLogger() });
  for (const set of sets) {
    cache.setResources(set.gateway, set);
    for (const t of cache.snapshot(set.gateway)?.types.values() ?? []) for (const e of t.entries.values()) void e.bytes;
  }
  return cache;
}

interface Sizes {
  listeners: number;
  routeConfigs: number;
  virtualHosts: number;
  routes: number;
  clusters: number;
  endpoints: number;
  encodedBytes: number;
  irJsonBytes: number;
}

function sizesOf(irs: Record<string, XdsIR>, sets: readonly XdsResources[], cache: SnapshotCache): Sizes {
  const s: Sizes = { listeners: 0, routeConfigs: 0, virtualHosts: 0, routes: 0, clusters: 0, endpoints: 0, encodedBytes: 0, irJsonBytes: JSON.stringify(irs).length };
  for (const set of sets) {
    s.listeners += set.listeners.length;
    s.routeConfigs += set.routes.length;
    for (const rc of set.routes) {
      s.virtualHosts += rc.virtual_hosts?.length ?? 0;
      for (const vh of rc.virtual_hosts ?? []) s.routes += vh.routes?.length ?? 0;
    }
    s.clusters += set.clusters.length;
    s.endpoints += set.endpoints.length;
    const snap = cache.snapshot(set.gateway);
    for (const t of snap?.types.values() ?? []) for (const e of t.entries.values()) s.encodedBytes += e.bytes.length;
  }
  return s;
}

interface EditResult {
  p50: number;
  p90: number;
  max: number;
  encodes: number[];
  count: number;
}

/**
 * Pushes edits through the in-process pipeline as `pier serve` wires it (tables, Gateway API
 * translator runner, xDS translator runner, endpoint runner, cache runner) and times each from
 * the store of the one edited object until the snapshot cache has published the change.
 */
async function pipelineEdits(base: ProviderResources, edits: readonly KubeObject[]): Promise<EditResult> {
  const { bus, cache, stop } = await startInProcessPipeline(CONTROLLER, base, EDIT_TIMEOUT_MS);
  try {
    const times: number[] = [];
    const encodes: number[] = [];
    const started = Date.now();
    for (const edit of edits) {
      if (times.length >= MIN_RUNS && Date.now() - started > EDIT_BUDGET_MS) break;
      const events = cache.stats().events;
      const encodesBefore = cache.encodeCount;
      const storedAt = process.hrtime.bigint();
      publishObject(bus, edit);
      await until('the edit to reach the cache', () => cache.stats().events > events, EDIT_TIMEOUT_MS, 0);
      times.push(Number(process.hrtime.bigint() - storedAt) / 1e6);
      encodes.push(cache.encodeCount - encodesBefore);
    }
    return { p50: percentile(times, 50), p90: percentile(times, 90), max: Math.max(...times), encodes, count: times.length };
  } finally {
    await stop();
  }
}

/** Edits alternate addresses so every store is a real change. */
function endpointEdits(base: ProviderResources, sliceName: string): KubeObject[] {
  const slice = base.endpointSlices.find((s) => s.metadata.name === sliceName);
  if (!slice?.endpoints?.[0]) throw new Error(`no EndpointSlice ${sliceName} with endpoints`);
  return Array.from({ length: EDITS }, (_, i) => {
    const copy = structuredClone(slice);
    copy.endpoints[0]!.addresses = [`10.254.${i}.1`];
    return copy;
  });
}

function routeEdits(base: ProviderResources, routeName: string): KubeObject[] {
  const route = base.httpRoutes.find((r) => r.metadata.name === routeName);
  if (!route?.spec.rules?.[0]?.matches?.[0]?.path) throw new Error(`no route ${routeName} with a path match`);
  return Array.from({ length: EDITS }, (_, i) => {
    const copy = structuredClone(route);
    copy.spec.rules![0]!.matches![0]!.path!.value = `/edited-${i}`;
    copy.metadata.generation = (route.metadata.generation ?? 1) + i + 1;
    return copy;
  });
}

function label(shape: FleetShape): string {
  return `${shape.gateways} gw x ${shape.routesPerGateway} routes`;
}

export async function runTranslateBench(): Promise<void> {
  loadXdsProtos();
  const costRows: string[][] = [];
  const sizeRows: string[][] = [];
  const editRows: string[][] = [];
  for (const shape of SHAPES) {
    const loaded = timed(() => loadManifests(fleetManifests(shape)));
    const resources = loaded.value;
    const irs = translateAll(resources);
    const endpointsOf = endpointSourceFromSlices(resources.endpointSlices);
    const sets = translateXdsAll(irs, endpointsOf);
    const cache = encodeAll(sets);
    const gw = medianOf(() => translateAll(resources));
    const xds = medianOf(() => translateXdsAll(irs, endpointsOf));
    const enc = medianOf(() => encodeAll(sets));
    costRows.push([label(shape), fmtMs(loaded.ms), fmtMs(gw.median), fmtMs(xds.median), fmtMs(enc.median), fmtMs(gw.median + xds.median + enc.median), String(Math.min(gw.runs, xds.runs, enc.runs))]);

    const s = sizesOf(irs, sets, cache);
    sizeRows.push([label(shape), String(s.listeners), String(s.routeConfigs), String(s.virtualHosts), String(s.routes), String(s.clusters), String(s.endpoints), fmtBytes(s.irJsonBytes), fmtBytes(s.encodedBytes)]);

    const last = `${gatewayName(shape.gateways - 1)}-r-${shape.routesPerGateway - 1}`;
    const ep = await pipelineEdits(resources, endpointEdits(resources, `svc-${last}-1`));
    const rt = await pipelineEdits(resources, routeEdits(resources, last));
    const fmtEncodes = (e: number[]): string => (Math.min(...e) === Math.max(...e) ? String(e[0]) : `${Math.min(...e)}-${Math.max(...e)}`);
    editRows.push([label(shape), fmtMs(ep.p50), fmtMs(ep.p90), fmtMs(ep.max), fmtEncodes(ep.encodes), fmtMs(rt.p50), fmtMs(rt.p90), fmtMs(rt.max), fmtEncodes(rt.encodes)]);
  }
  printTable('translate: one full run (ms, median)', ['input', 'load*', 'translate', 'translateXds', 'encode', 'total', 'runs'], costRows);
  note('load* = parse + CRD validation + defaults of the generated YAML, one run (what the file provider does on start).');
  note('translateXds and encode cover every gateway; encode = SnapshotCache.setResources into an empty cache.');
  printTable('translate: output sizes', ['input', 'LDS', 'RDS', 'vhosts', 'routes', 'CDS', 'EDS', 'IR JSON', 'encoded'], sizeRows);
  printTable(`translate: one edit through the in-process pipeline, store -> cache published (ms, ${EDITS} edits)`,
    ['input', 'EP p50', 'EP p90', 'EP max', 'EP enc', 'route p50', 'route p90', 'route max', 'route enc'], editRows);
  note('EP = one endpoint address of one EndpointSlice; route = the path of one HTTPRoute. enc = resources encoded per edit.');
}
