import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { silentLogger } from '../../../src/logging/logger';
import { loadProviderResources, type ProviderError, type ProviderResources } from '../../../src/message/resources';
import { createResourceTables } from '../../../src/message/tables';
import { WatchableMap } from '../../../src/message/watchable';
import { FileProvider, type FileProviderOptions, type FileProviderStats } from '../../../src/provider/file/provider';
import { routeManifest } from './manifests';

const route = (name: string, backend: string): string => routeManifest(name, backend);

const GATEWAY = 'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: {name: eg}\nspec:\n  gatewayClassName: pier\n  listeners: [{name: http, protocol: HTTP, port: 8080}]\n';

/** What a provider publishes: the resource set and the errors per file. */
interface Published {
  resources: ProviderResources;
  errors: ReadonlyMap<string, ProviderError[]>;
}

async function load(dir: string, parallelParse: FileProviderOptions['parallelParse'], change?: () => Promise<void>): Promise<Published & { atStart: FileProviderStats; parses: number; workerParses: number }> {
  const tables = createResourceTables();
  const errors = new WatchableMap<string, ProviderError[]>();
  const provider = new FileProvider({ directory: dir, tables, synced: new WatchableMap(), errors, logger: silentLogger(), parallelParse });
  try {
    await provider.start();
    const atStart = provider.stats();
    if (change) {
      await change();
      await provider.reload();
    }
    return { resources: loadProviderResources(tables), errors: new Map(errors.loadAll()), atStart, parses: provider.stats().parses - atStart.parses, workerParses: provider.stats().workerParses - atStart.workerParses };
  } finally {
    await provider.stop();
  }
}

const WORKERS = { workers: 1, minFiles: 1 };
const IN_THREAD = { workers: 0 };

describe('FileProvider bulk loads in worker threads', () => {
  let root: string;
  let counter = 0;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pier-provider-parallel-'));
  });
  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  async function directory(files: Record<string, string>): Promise<string> {
    const dir = path.join(root, `d${counter++}`);
    for (const [name, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fs.writeFile(path.join(dir, name), text);
    }
    return dir;
  }

  const FILES: Record<string, string> = {
    'gateway.yaml': GATEWAY,
    'routes/a.yaml': route('a', 'svc-a'),
    'routes/b.yaml': `${route('b', 'svc-b')}---\n${route('c', 'svc-c')}`,
    'routes/dup.yaml': route('a', 'svc-dup'),
    'broken/syntax.yaml': 'kind: [\n',
    'broken/invalid.yaml': route('bad', 'svc').replace('port: 80', 'port: 0'),
    'services/s.yml': 'apiVersion: v1\nkind: Service\nmetadata: {name: svc-a}\nspec:\n  ports: [{port: 80}]\n',
  };

  test('the first load publishes what the in-thread load publishes, errors and duplicates included', async () => {
    const dir = await directory(FILES);
    const viaWorkers = await load(dir, WORKERS);
    const inThread = await load(dir, IN_THREAD);
    assert.deepEqual(viaWorkers.resources, inThread.resources);
    assert.deepEqual(viaWorkers.errors, inThread.errors);
    assert.deepEqual(viaWorkers.resources.httpRoutes.map((r) => r.metadata.name), ['a', 'b', 'c']);
    assert.ok(viaWorkers.errors.has(path.join(dir, 'broken/syntax.yaml')));
    assert.match(viaWorkers.errors.get(path.join(dir, 'broken/invalid.yaml'))?.[0]?.message ?? '', /port/);
    assert.ok(viaWorkers.errors.has(path.join(dir, 'routes/dup.yaml')), 'the duplicate is reported');
    assert.equal(viaWorkers.atStart.workerParses, 7, 'every file was parsed by a worker');
    assert.equal(inThread.atStart.workerParses, 0);
  });

  test('a bulk rescan: edits, a broken edit (last good kept), an emptied file, a deletion, a touched file not parsed again', async () => {
    const change = (dir: string) => async (): Promise<void> => {
      await fs.writeFile(path.join(dir, 'routes/a.yaml'), route('a', 'svc-a2'));
      await fs.writeFile(path.join(dir, 'routes/b.yaml'), 'kind: [\n'); // b and c stay as they were
      await fs.writeFile(path.join(dir, 'services/s.yml'), ''); // emptied: its Service goes, after a second look
      await fs.rm(path.join(dir, 'broken/invalid.yaml'));
      const later = new Date(Date.now() + 5000);
      await fs.utimes(path.join(dir, 'gateway.yaml'), later, later); // same text, new stamp
    };
    const dirA = await directory(FILES);
    const dirB = await directory(FILES);
    const viaWorkers = await load(dirA, WORKERS, change(dirA));
    const inThread = await load(dirB, IN_THREAD, change(dirB));
    const rename = (errors: ReadonlyMap<string, ProviderError[]>): ReadonlyMap<string, ProviderError[]> =>
      new Map(JSON.parse(JSON.stringify([...errors]).replaceAll(dirB, dirA)) as [string, ProviderError[]][]);
    assert.deepEqual(viaWorkers.resources, inThread.resources);
    assert.deepEqual(viaWorkers.errors, rename(inThread.errors));
    assert.deepEqual(viaWorkers.resources.httpRoutes.map((r) => [r.metadata.name, r.spec.rules?.[0]?.backendRefs?.[0]?.name]),
      [['a', 'svc-a2'], ['b', 'svc-b'], ['c', 'svc-c']]);
    assert.deepEqual(viaWorkers.resources.services, []);
    assert.match(viaWorkers.errors.get(path.join(dirA, 'routes/b.yaml'))?.[0]?.message ?? '', /YAML syntax error/);
    assert.equal(viaWorkers.errors.get(path.join(dirA, 'routes/b.yaml'))?.[0]?.line, 2);
    // a.yaml, b.yaml and the emptied s.yml are parsed again; the touched gateway.yaml is not.
    assert.equal(viaWorkers.parses, 3);
    // The watch's events may take some of the edits first (in-thread); the emptied file never comes from a worker's parse.
    assert.ok(viaWorkers.workerParses <= 2, `${viaWorkers.workerParses} parsed by a worker`);
    assert.equal(inThread.parses, 3);
  });
});
