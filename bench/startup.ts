/**
 * Benchmark 5: provider start-up and edits. For 10 Gateways x 1,000 HTTPRoutes (each with its
 * Service and EndpointSlice):
 * - load, one text: parse + CRD validation (CEL included) + defaults of the whole input as one
 *   multi-document text, as bench 1's load* column;
 * - where one object's load spends its time (parse, CRD validation, CEL rules), per object kind;
 * - file provider start, one file per object (30,011 files): from start() until the tables hold
 *   everything (synced), with the objects published and the errors reported;
 * - `pier translate`'s loader (loadResourcesFromPaths) on the same directory;
 * - one file edited among the 30,011: write -> the table holds the new object (ms), and how
 *   many files were parsed again for it;
 * - 100,000 small files (Services) in one directory: start -> synced, objects, errors;
 * - the CEL rules alone: compiling the bundle's rules, evaluating one HTTPRoute's;
 * - one HTTPRoute parse after the process sat idle, against the same parse in a loop.
 * Temp directories are removed at the end.
 */
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { silentLogger } from '../src/logging/logger';
import type { ProviderError } from '../src/message/resources';
import { anyTable, createResourceTables, TABLE_NAMES, type ResourceTables } from '../src/message/tables';
import { WatchableMap } from '../src/message/watchable';
import { compileCelRules, evaluateCelRules } from '../src/provider/crd/cel/evaluate';
import { defaultCrdSchemas } from '../src/provider/crd/load';
import type { JSONSchemaProps } from '../src/provider/crd/schema';
import { validateResource } from '../src/provider/crd/resource';
import { FileProvider, loadResourcesFromPaths, parseManifests } from '../src/provider/file';
import {
  endpointSliceManifest, endpointIp, fleetManifests, gatewayClassManifest, gatewayManifest, gatewayName, loadManifests, NAMESPACE, routeManifest,
  serviceManifest, type FleetShape,
} from './lib/fixtures';
import { fmtMs, median, note, printTable, settle, timed, until } from './lib/stats';

const SHAPE: FleetShape = { gateways: 10, routesPerGateway: 1000 };
const MANY_FILES = 100_000;
const START_TIMEOUT_MS = 120_000;
const EDITS = 10;
const EDIT_TIMEOUT_MS = 10_000;
const BETWEEN_EDITS_MS = 100;

/** Writes files with at most `width` writes in flight. */
async function writeAll(files: readonly [string, string][], width = 64): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const [file, text] = files[next++] as [string, string];
      await fs.writeFile(file, text);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/** One file per object, named by kind and object. */
function fleetFiles(dir: string, shape: FleetShape): [string, string][] {
  const files: [string, string][] = [[path.join(dir, 'gatewayclass.yaml'), gatewayClassManifest()]];
  for (let g = 0; g < shape.gateways; g++) {
    const gw = gatewayName(g);
    files.push([path.join(dir, `gateway-${gw}.yaml`), gatewayManifest(gw)]);
    for (let r = 0; r < shape.routesPerGateway; r++) {
      const name = `${gw}-r-${r}`;
      const service = `svc-${name}`;
      files.push([path.join(dir, `route-${name}.yaml`), routeManifest(gw, name, r, service)]);
      files.push([path.join(dir, `service-${name}.yaml`), serviceManifest(service)]);
      files.push([path.join(dir, `slice-${name}.yaml`), endpointSliceManifest(service, [0, 1, 2].map((e) => endpointIp(r, e)))]);
    }
  }
  return files;
}

interface Started {
  provider: FileProvider;
  tables: ResourceTables;
  errors: WatchableMap<string, ProviderError[]>;
  ms: number;
}

async function startProvider(dir: string): Promise<Started> {
  const tables = createResourceTables();
  const synced = new WatchableMap<string, true>();
  const errors = new WatchableMap<string, ProviderError[]>();
  const provider = new FileProvider({ directory: dir, tables, synced, errors, logger: silentLogger() });
  const started = process.hrtime.bigint();
  await provider.start();
  await until('the provider to sync', () => synced.load('file') === true, START_TIMEOUT_MS);
  return { provider, tables, errors, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

function objectCount(tables: ResourceTables): number {
  return TABLE_NAMES.reduce((n, name) => n + anyTable(tables, name).keys().length, 0);
}

function errorCount(errors: WatchableMap<string, ProviderError[]>): number {
  let n = 0;
  for (const list of errors.loadAll().values()) n += list.length;
  return n;
}

/** Microseconds per object of each load step, for one kind's generated documents (median of 3 passes). */
function stepCosts(docs: readonly string[]): { parse: number; validate: number } {
  const schemas = defaultCrdSchemas();
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const parsed = timed(() => docs.map((d) => parseManifests(d, 'bench.yaml', { schemas })));
    parseTimes.push((parsed.ms * 1000) / docs.length);
    const objects = parsed.value.flatMap((p) => p.objects.map((o) => o.object as unknown as Record<string, unknown>));
    const validated = timed(() => { for (const o of objects) validateResource(schemas, o); });
    validateTimes.push((validated.ms * 1000) / Math.max(1, objects.length));
  }
  return { parse: median(parseTimes), validate: median(validateTimes) };
}

export async function runStartupBench(): Promise<void> {
  const rows: string[][] = [];
  const label = `${SHAPE.gateways} gw x ${SHAPE.routesPerGateway} routes`;

  const oneText = timed(() => loadManifests(fleetManifests(SHAPE)));
  rows.push(['load, one text (parse + validation + defaults)', fmtMs(oneText.ms), String(Object.values(oneText.value).reduce((n, l: unknown[]) => n + l.length, 0)), '0']);

  const routeDocs = Array.from({ length: 2000 }, (_, r) => routeManifest('gw-0', `gw-0-r-${r}`, r, `svc-gw-0-r-${r}`));
  const route = stepCosts(routeDocs);
  const gatewayDocs = Array.from({ length: 200 }, (_, g) => gatewayManifest(`gw-${g}`));
  const gateway = stepCosts(gatewayDocs);

  const root = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-startup-'));
  try {
    const fleetDir = path.join(root, 'fleet');
    await fs.mkdir(fleetDir);
    const files = fleetFiles(fleetDir, SHAPE);
    await writeAll(files);

    const started = await startProvider(fleetDir);
    rows.push([`file provider start, ${files.length} files (one per object)`, fmtMs(started.ms), String(objectCount(started.tables)), String(errorCount(started.errors))]);

    // One edit among all files: the route's path changes; time until its table has it.
    const statsBefore = (started.provider as { stats?: () => { reads: number; parses: number } }).stats?.();
    const editTimes: number[] = [];
    const routeFile = path.join(fleetDir, 'route-gw-9-r-999.yaml');
    for (let i = 0; i < EDITS; i++) {
      // Each edit starts from a settled provider (out of the previous edit's trailing window), as a person's edits do.
      await settle(BETWEEN_EDITS_MS);
      const text = routeManifest('gw-9', 'gw-9-r-999', 999, 'svc-gw-9-r-999').replace('value: /gw-9-r-999', `value: /edited-${i}`);
      const t0 = process.hrtime.bigint();
      await fs.writeFile(routeFile, text);
      await until('the edit to be published', () => started.tables.httpRoutes.load(`${NAMESPACE}/gw-9-r-999`)?.spec.rules?.[0]?.matches?.[0]?.path?.value === `/edited-${i}`, EDIT_TIMEOUT_MS, 0);
      editTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const statsAfter = (started.provider as { stats?: () => { reads: number; parses: number } }).stats?.();
    await started.provider.stop();
    const perEdit = statsBefore && statsAfter ? `${(statsAfter.reads - statsBefore.reads) / EDITS} read, ${(statsAfter.parses - statsBefore.parses) / EDITS} parsed` : 'every file read';
    rows.push([`one file edited among ${files.length}: write -> table (median of ${EDITS}; ${perEdit} per edit)`, fmtMs(median(editTimes)), '1', '0']);

    const loaded = await (async () => {
      const t0 = process.hrtime.bigint();
      const result = await loadResourcesFromPaths([fleetDir]);
      return { result, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
    })();
    rows.push([`pier translate loader, ${files.length} files`, fmtMs(loaded.ms), String(Object.values(loaded.result.resources).reduce((n, l: unknown[]) => n + l.length, 0)), String(loaded.result.errors.length)]);
    await fs.rm(fleetDir, { recursive: true, force: true });

    const manyDir = path.join(root, 'many');
    await fs.mkdir(manyDir);
    await writeAll(Array.from({ length: MANY_FILES }, (_, i) => [path.join(manyDir, `svc-${i}.yaml`), serviceManifest(`s-${i}`)] as [string, string]));
    // Between the two loads: the heap of the first run is not in the second's figures.
    (globalThis as { gc?: () => void }).gc?.();
    const many = await startProvider(manyDir);
    await many.provider.stop();
    // +1: the implied Namespace.
    rows.push([`file provider start, ${MANY_FILES} files (Services)`, fmtMs(many.ms), String(objectCount(many.tables)), String(errorCount(many.errors))]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  printTable(`startup: ${label} (ms)`, ['what', 'ms', 'objects', 'errors'], rows);
  note('objects = objects published (the implied Namespace included); errors = problems reported (EMFILE, ...).');
  printTable('startup: one object, by step (us per object, median of 3 passes over generated documents)', ['kind', 'parse (incl. validation)', 'CRD validation alone'], [
    ['HTTPRoute', fmtMs(route.parse), fmtMs(route.validate)],
    ['Gateway', fmtMs(gateway.parse), fmtMs(gateway.validate)],
  ]);
  celCosts(routeDocs);
  await coldCosts(routeDocs[0] ?? '');
}

const COLD_SAMPLES = 10;
const COLD_IDLE_MS = 50;

/**
 * One HTTPRoute parsed as an edit parses it (once, after the process sat idle) against the same
 * parse back to back: the first call after an idle pause, the call right after it, and one in a
 * warm loop (us, median of COLD_SAMPLES). What separates them is the caches the idle time lost,
 * not the code: the JIT's work is done by then.
 */
async function coldCosts(routeDoc: string): Promise<void> {
  const schemas = defaultCrdSchemas();
  const parse = (): number => timed(() => parseManifests(routeDoc, 'bench.yaml', { schemas })).ms * 1000;
  for (let i = 0; i < 2000; i++) parse();
  const afterIdle: number[] = [];
  const next: number[] = [];
  const loop: number[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    await settle(COLD_IDLE_MS);
    afterIdle.push(parse());
    next.push(parse());
    for (let k = 0; k < 20; k++) loop.push(parse());
  }
  printTable(`startup: one HTTPRoute parse, warm code, after ${COLD_IDLE_MS} ms idle (us, median of ${COLD_SAMPLES})`, ['first call after idle', 'the call after it', 'in a loop'], [
    [fmtMs(median(afterIdle)), fmtMs(median(next)), fmtMs(median(loop))],
  ]);
}

/** The CEL rules alone: compiling every rule of the bundle, and evaluating a route's rules (us per route). */
function celCosts(routeDocs: readonly string[]): void {
  const schemas = defaultCrdSchemas();
  const compile = timed(() => compileCelRules(schemas.celRules()));
  const schema = schemas.lookup('gateway.networking.k8s.io/v1', 'HTTPRoute')?.schema;
  if (!schema) throw new Error('no HTTPRoute schema');
  const routes = routeDocs.flatMap((d) => parseManifests(d, 'bench.yaml', { schemas }).objects.map((o) => o.object));
  let evaluations = 0;
  const perPass: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const t = timed(() => { for (const r of routes) evaluateCelRules(schema, r); });
    perPass.push((t.ms * 1000) / routes.length);
  }
  // Rules that run for one route of the benchmark (each node with rules, each rule).
  const countRules = (s: JSONSchemaProps, v: unknown): number => {
    if (v === null || v === undefined) return 0;
    let n = s['x-kubernetes-validations']?.length ?? 0;
    if (Array.isArray(v)) for (const item of v) n += s.items ? countRules(s.items, item) : 0;
    else if (typeof v === 'object') for (const [k, c] of Object.entries(v)) n += s.properties?.[k] ? countRules(s.properties[k] as JSONSchemaProps, c) : 0;
    return n;
  };
  evaluations = countRules(schema, routes[0]);
  printTable('startup: CEL rules (@marcbachmann/cel-js)', ['what', 'value'], [
    [`compile all ${compile.value.total} rules of the bundle (once per process)`, `${fmtMs(compile.ms)} ms`],
    [`evaluate one HTTPRoute's rules (${evaluations} evaluations), first pass`, `${fmtMs(perPass[0] ?? Number.NaN)} us`],
    ['same, median of 3 passes', `${fmtMs(median(perPass))} us`],
  ]);
}
