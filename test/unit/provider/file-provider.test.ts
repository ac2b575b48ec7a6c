import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createLogger, silentLogger } from '../../../src/logging/logger';
import { loadProviderResources, type ProviderError, type ProviderResources } from '../../../src/message/resources';
import { createResourceTables, type ResourceTables } from '../../../src/message/tables';
import { WatchableMap } from '../../../src/message/watchable';
import { FileProvider } from '../../../src/provider/file/provider';
import { eventually } from '../../helpers/eventually';
import { routeManifest } from './manifests';
import { expectedCelRuleCount } from './cel-rule-count';


const route = routeManifest;

const GATEWAY = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: eg
spec:
  gatewayClassName: pier
  listeners:
    - name: http
      protocol: HTTP
      port: 8080
`;


/** Writes a file the way editors that save atomically do: a temp file renamed over the target. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp-${process.pid}`);
  await fs.writeFile(temp, text);
  await fs.rename(temp, file);
}

describe('FileProvider', () => {
  let root: string;
  let dir: string;
  let tables: ResourceTables;
  let synced: WatchableMap<string, true>;
  let errors: WatchableMap<string, ProviderError[]>;
  let provider: FileProvider | undefined;
  let counter = 0;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pier-file-provider-'));
  });

  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  afterEach(async () => {
    await provider?.stop();
    provider = undefined;
  });

  async function startProvider(files: Record<string, string>, debounceMs = 20): Promise<FileProvider> {
    dir = path.join(root, `case-${++counter}`);
    await fs.mkdir(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fs.writeFile(path.join(dir, name), text);
    }
    tables = createResourceTables();
    synced = new WatchableMap();
    errors = new WatchableMap();
    provider = new FileProvider({ directory: dir, tables, synced, errors, logger: silentLogger(), debounceMs });
    await provider.start();
    return provider;
  }

  const current = (): ProviderResources => {
    assert.ok(synced.load('file'), 'resources are published');
    const value = loadProviderResources(tables);
    return value;
  };
  const routeBackends = (): Record<string, string | undefined> =>
    Object.fromEntries(current().httpRoutes.map((r) => [r.metadata.name, r.spec.rules?.[0]?.backendRefs?.[0]?.name]));

  test('initial load publishes the whole sorted, defaulted set once', async () => {
    await startProvider({ 'gateway.yaml': GATEWAY, 'routes/b.yaml': route('b', 'svc-b'), 'routes/a.yml': route('a', 'svc-a'), 'notes.txt': 'x' });
    const set = current();
    assert.deepEqual(set.httpRoutes.map((r) => r.metadata.name), ['a', 'b']);
    assert.deepEqual(set.gateways[0]?.spec.listeners[0]?.allowedRoutes, { namespaces: { from: 'Same' } });
    assert.equal(set.httpRoutes[0]?.metadata.generation, 1);
    assert.deepEqual(errors.loadAll(), new Map());
  });

  test('edits, additions and deletions are picked up without restart', async () => {
    await startProvider({ 'gateway.yaml': GATEWAY, 'route.yaml': route('web', 'v1') });

    await fs.writeFile(path.join(dir, 'route.yaml'), route('web', 'v2'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v2' }), 'the edit');
    assert.equal(current().httpRoutes[0]?.metadata.generation, 2);

    await fs.mkdir(path.join(dir, 'more'));
    await fs.writeFile(path.join(dir, 'more', 'other.yaml'), route('other', 'o1'));
    await eventually(() => assert.deepEqual(routeBackends(), { other: 'o1', web: 'v2' }), 'the new file in a new directory');

    await fs.writeFile(path.join(dir, 'more', 'other.yaml'), route('other', 'o2'));
    await eventually(() => assert.deepEqual(routeBackends(), { other: 'o2', web: 'v2' }), 'an edit in the new directory');

    await fs.rm(path.join(dir, 'route.yaml'));
    await eventually(() => assert.deepEqual(routeBackends(), { other: 'o2' }), 'the deletion');

    await fs.rm(path.join(dir, 'more'), { recursive: true });
    await eventually(() => assert.deepEqual(routeBackends(), {}), 'the directory removal');
    assert.equal(current().gateways.length, 1);
  });

  test('a subdirectory replaced by another at the same path is watched again', async () => {
    await startProvider({ 'routes/route.yaml': route('web', 'v1') });
    const routes = path.join(dir, 'routes');
    const staged = path.join(dir, 'staged');
    await fs.mkdir(staged);
    await fs.writeFile(path.join(staged, 'route.yaml'), route('web', 'v2'));
    await fs.rm(routes, { recursive: true });
    await fs.rename(staged, routes);
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v2' }), 'the replaced directory');
    await fs.writeFile(path.join(routes, 'route.yaml'), route('web', 'v3'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v3' }), 'an edit in the replacement');
  });

  test('files replaced by rename (atomic saves) are picked up', async () => {
    await startProvider({ 'route.yaml': route('web', 'v1') });
    await writeAtomically(path.join(dir, 'route.yaml'), route('web', 'v2'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v2' }), 'the atomic save');
    await fs.rename(path.join(dir, 'route.yaml'), path.join(dir, 'renamed.yaml'));
    await writeAtomically(path.join(dir, 'renamed.yaml'), route('web', 'v3'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v3' }), 'the renamed file');
  });

  test('a broken file keeps its last good objects and reports the error; fixing it clears the error', async () => {
    await startProvider({ 'gateway.yaml': GATEWAY, 'route.yaml': route('web', 'v1') });
    const file = path.join(dir, 'route.yaml');

    await fs.writeFile(file, `${route('web', 'v2')}  hostnames: [a.example\n`);
    await eventually(() => assert.equal(errors.load(file)?.length, 1), 'the syntax error');
    const [error] = errors.load(file) ?? [];
    assert.equal(error?.source, file);
    assert.equal(typeof error?.line, 'number');
    assert.match(error?.message ?? '', /^YAML syntax error/);
    assert.deepEqual(routeBackends(), { web: 'v1' }, 'last good objects stay');

    await fs.writeFile(file, route('web', 'v3'));
    await eventually(() => assert.equal(errors.load(file), undefined), 'the error to clear');
    assert.deepEqual(routeBackends(), { web: 'v3' });
  });

  test('an invalid document keeps the previous version of that object, and the file\'s other objects update', async () => {
    await startProvider({ 'all.yaml': `${GATEWAY}---\n${route('web', 'v1')}---\n${route('api', 'a1')}` });
    const file = path.join(dir, 'all.yaml');
    await fs.writeFile(file, `${GATEWAY}---\n${route('web', 'v2', 0)}---\n${route('api', 'a2')}`);
    await eventually(() => assert.deepEqual(routeBackends(), { api: 'a2', web: 'v1' }), 'the valid document to update');
    const [error] = errors.load(file) ?? [];
    assert.equal(error?.object, 'HTTPRoute default/web');
    assert.equal(error?.field, 'spec.rules[0].backendRefs[0].port');
    assert.equal(error?.line, 21);
  });

  test('an HTTPRoute its CRD rejects is not published: its previous version and the other objects keep serving', async () => {
    await startProvider({ 'gateway.yaml': GATEWAY, 'web.yaml': route('web', 'v1'), 'api.yaml': route('api', 'a1') });
    const file = path.join(dir, 'web.yaml');
    const invalid = route('web', 'v2').replace('  rules:\n', '  rules:\n    - matches: [{path: {type: Prefix, value: /v2}}]\n      backendRefs: [{name: v2, port: 80}]\n');
    await fs.writeFile(file, invalid);
    await fs.writeFile(path.join(dir, 'api.yaml'), route('api', 'a2'));
    await eventually(() => assert.deepEqual(routeBackends(), { api: 'a2', web: 'v1' }), 'the valid edit, and the invalid one refused');
    assert.deepEqual(errors.load(file)?.find((e) => e.field), {
      source: file, line: 8, column: 31, object: 'HTTPRoute default/web', field: 'spec.rules[0].matches[0].path.type',
      message: 'HTTPRoute.gateway.networking.k8s.io "web" is invalid: spec.rules[0].matches[0].path.type: Unsupported value: "Prefix": supported values: "Exact", "PathPrefix", "RegularExpression"',
    });
    assert.equal(current().gateways.length, 1);

    await fs.writeFile(file, invalid.replace('type: Prefix', 'type: PathPrefix'));
    await eventually(() => assert.deepEqual(routeBackends(), { api: 'a2', web: 'v2' }), 'the fixed route');
    assert.equal(errors.load(file), undefined);
    assert.equal(current().httpRoutes.find((r) => r.metadata.name === 'web')?.metadata.generation, 2, 'the refused version never counted');
  });

  test('CRD defaults the hand-written defaults never had are applied (mirror fraction, CORS max age)', async () => {
    const mirror = route('web', 'v1').replace('    - backendRefs:', '    - filters:\n        - type: RequestMirror\n          requestMirror: {backendRef: {name: m, port: 80}, fraction: {numerator: 1}}\n      backendRefs:');
    await startProvider({ 'route.yaml': mirror });
    assert.deepEqual(current().httpRoutes[0]?.spec.rules?.[0]?.filters?.[0]?.requestMirror?.fraction, { numerator: 1, denominator: 100 });
    assert.deepEqual(errors.loadAll(), new Map());
  });

  test('the schemas are loaded once at start, and what their CEL rules cover is logged at debug', async () => {
    const lines: string[] = [];
    dir = path.join(root, `case-${++counter}`);
    await fs.mkdir(dir, { recursive: true });
    provider = new FileProvider({
      directory: dir, tables: createResourceTables(), synced: new WatchableMap(), errors: new WatchableMap(),
      logger: createLogger({ level: 'debug', destination: { write: (line: string) => { lines.push(line); } } }),
    });
    await provider.start();
    const loaded = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'Gateway API CRD schemas loaded');
    assert.ok(loaded, 'logged');
    assert.equal(loaded.gatewayApi, 'v1.7.0');
    const expected = expectedCelRuleCount();
    assert.equal(loaded.celRules, expected.total);
    assert.equal(loaded.celChecked, expected.total - expected.transition);
    assert.equal(loaded.celTransition, 1);
    assert.equal(typeof loaded.ms, 'number', 'how long it took is logged (the figure itself is the startup bench\'s)');
    assert.equal(lines.filter((l) => (JSON.parse(l) as { msg?: string }).msg === 'Gateway API CRD schemas loaded').length, 1, 'loaded once');
  });

  test('an object defined in two files: the first path wins and the later file gets the error', async () => {
    await startProvider({ 'a.yaml': route('web', 'from-a'), 'b.yaml': route('web', 'from-b') });
    assert.deepEqual(routeBackends(), { web: 'from-a' });
    const [error] = errors.load(path.join(dir, 'b.yaml')) ?? [];
    assert.match(error?.message ?? '', /duplicate HTTPRoute default\/web: already defined at .*a\.yaml:1/);
    await fs.rm(path.join(dir, 'a.yaml'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'from-b' }), 'the other definition to take over');
    assert.equal(errors.load(path.join(dir, 'b.yaml')), undefined);
  });

  test('a burst of writes is coalesced and unchanged content publishes nothing', async () => {
    await startProvider({ 'route.yaml': route('web', 'v0') }, 50);
    for (let i = 1; i <= 10; i++) await fs.writeFile(path.join(dir, 'route.yaml'), route('web', `v${i}`));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v10' }), 'the last write');
    const published = current();
    await provider?.reload();
    await provider?.reload();
    const now = current();
    for (const list of Object.keys(now) as (keyof ProviderResources)[]) {
      assert.equal(now[list].length, published[list].length);
      now[list].forEach((o, i) => assert.equal(o, published[list][i], `an unchanged reload stores nothing (${list})`));
    }
    assert.ok((current().httpRoutes[0]?.metadata.generation ?? 0) <= 5, `few reloads for a burst (generation ${current().httpRoutes[0]?.metadata.generation})`);
  });

  test('reload() re-reads now, parsing only the changed file', async () => {
    const files: Record<string, string> = { 'gateway.yaml': GATEWAY };
    for (let i = 0; i < 40; i++) files[`routes/r${i}.yaml`] = route(`r${i}`, `b${i}`);
    const p = await startProvider(files, 10_000); // the watcher cannot fire in time: only reload() can
    const before = p.stats();
    await fs.writeFile(path.join(dir, 'routes', 'r7.yaml'), route('r7', 'changed'));
    await p.reload();
    assert.equal(routeBackends().r7, 'changed');
    // Cost follows the change (timing is for bench/, not tests): one parse, whatever the rescan read.
    assert.equal(p.stats().parses - before.parses, 1);
  });

  test('problems are logged as warnings with path, line and reason', async () => {
    const lines: string[] = [];
    dir = path.join(root, `case-${++counter}`);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'bad.yaml'), route('web', 'v1', 0));
    provider = new FileProvider({
      directory: dir, tables: createResourceTables(), synced: new WatchableMap(), errors: new WatchableMap(),
      logger: createLogger({ level: 'info', destination: { write: (line: string) => { lines.push(line); } } }),
    });
    await provider.start();
    const warnings = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 40);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]?.component, 'file-provider');
    assert.equal(warnings[0]?.path, path.join(dir, 'bad.yaml'));
    assert.equal(warnings[0]?.line, 10);
    assert.equal(warnings[0]?.field, 'spec.rules[0].backendRefs[0].port');
    assert.equal(String(warnings[0]?.msg), `${path.join(dir, 'bad.yaml')}:10:17: HTTPRoute default/web: HTTPRoute.gateway.networking.k8s.io "web" is invalid: spec.rules[0].backendRefs[0].port: Invalid value: 0: spec.rules[0].backendRefs[0].port in body should be greater than or equal to 1`);
  });

  test('ConfigMap-style volumes (files behind ..data symlinks swapped by rename) are followed', async () => {
    dir = path.join(root, `case-${++counter}`);
    await fs.mkdir(path.join(dir, '..v1'), { recursive: true });
    await fs.writeFile(path.join(dir, '..v1', 'route.yaml'), route('web', 'v1'));
    await fs.symlink('..v1', path.join(dir, '..data'));
    await fs.symlink(path.join('..data', 'route.yaml'), path.join(dir, 'route.yaml'));
    tables = createResourceTables();
    synced = new WatchableMap();
    errors = new WatchableMap();
    provider = new FileProvider({ directory: dir, tables, synced, errors, logger: silentLogger(), debounceMs: 20 });
    await provider.start();
    assert.deepEqual(routeBackends(), { web: 'v1' }, 'read once, through the top-level link only');
    assert.deepEqual(errors.loadAll(), new Map());

    await fs.mkdir(path.join(dir, '..v2'));
    await fs.writeFile(path.join(dir, '..v2', 'route.yaml'), route('web', 'v2'));
    await fs.symlink('..v2', path.join(dir, '..data_tmp'));
    await fs.rename(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v2' }), 'the swapped volume');
  });

  test('without manual reloads: a vanished directory is noticed, polled for, and watched again when back', async () => {
    dir = path.join(root, `case-${++counter}`);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'route.yaml'), route('web', 'v1'));
    tables = createResourceTables();
    synced = new WatchableMap();
    errors = new WatchableMap();
    provider = new FileProvider({ directory: dir, tables, synced, errors, logger: silentLogger(), debounceMs: 20, pollIntervalMs: 50 });
    await provider.start();
    const moved = `${dir}-moved`;
    await fs.rename(dir, moved);
    await eventually(() => assert.ok(errors.load(dir)), 'the directory error');
    assert.deepEqual(routeBackends(), { web: 'v1' });
    await fs.writeFile(path.join(moved, 'route.yaml'), route('web', 'v2'));
    await fs.rename(moved, dir);
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v2' }), 'polling to find the directory again');
    assert.equal(errors.load(dir), undefined);
    await fs.writeFile(path.join(dir, 'route.yaml'), route('web', 'v3'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v3' }), 'watching to resume');
  });

  test('a missing directory is a clear error at start', async () => {
    const missing = path.join(root, 'nope');
    const p = new FileProvider({ directory: missing, tables: createResourceTables(), synced: new WatchableMap(), errors: new WatchableMap(), logger: silentLogger() });
    await assert.rejects(p.start(), { message: `file provider: cannot read directory ${missing}: no such file or directory` });
    const file = path.join(root, 'plain-file');
    await fs.writeFile(file, '');
    const q = new FileProvider({ directory: file, tables: createResourceTables(), synced: new WatchableMap(), errors: new WatchableMap(), logger: silentLogger() });
    await assert.rejects(q.start(), /is not a directory/);
  });

  test('the directory vanishing keeps the last resources and reports it; it recovers when back', async () => {
    await startProvider({ 'route.yaml': route('web', 'v1') });
    const moved = `${dir}-moved`;
    await fs.rename(dir, moved);
    await provider?.reload();
    assert.deepEqual(routeBackends(), { web: 'v1' });
    assert.match(errors.load(dir)?.[0]?.message ?? '', /cannot read directory: no such file or directory/);
    await fs.rename(moved, dir);
    await fs.writeFile(path.join(dir, 'route.yaml'), route('web', 'v2'));
    await provider?.reload();
    assert.deepEqual(routeBackends(), { web: 'v2' });
    assert.equal(errors.load(dir), undefined);
    await fs.writeFile(path.join(dir, 'route.yaml'), route('web', 'v3'));
    await eventually(() => assert.deepEqual(routeBackends(), { web: 'v3' }), 'watching to resume');
  });
});
