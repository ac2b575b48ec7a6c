/**
 * The file provider reads only what changed: counts of reads and parses per edit, a single edit
 * processed at once (no debounce floor), bursts coalesced, 100,000 files loaded without EMFILE,
 * and transient read failures tried again.
 */
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { silentLogger } from '../../../src/logging/logger';
import type { ProviderError } from '../../../src/message/resources';
import { createResourceTables, type ResourceTables } from '../../../src/message/tables';
import { WatchableMap } from '../../../src/message/watchable';
import { FileProvider } from '../../../src/provider/file/provider';
import { FileReader, type FsApi } from '../../../src/provider/file/read';
import { BurstScheduler } from '../../../src/provider/file/watch/schedule';
import { eventually } from '../../helpers/eventually';


/** Where the test directories keep svc-<i>: odd ones in a subdirectory. */
function fileOf(dir: string, i: number): string {
  return path.join(dir, i % 2 ? 'sub' : '', `svc-${i}.yaml`);
}

function service(name: string, port = 80): string {
  return `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}, namespace: apps}\nspec:\n  ports: [{port: ${port}}]\n`;
}

describe('FileProvider reads only what changed', () => {
  let root: string;
  let provider: FileProvider | undefined;
  let counter = 0;

  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pier-file-incremental-'));
  });
  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });
  afterEach(async () => {
    await provider?.stop();
    provider = undefined;
  });

  async function start(files: number, debounceMs?: number): Promise<{ dir: string; tables: ResourceTables; errors: WatchableMap<string, ProviderError[]> }> {
    const dir = path.join(root, `case-${++counter}`);
    await fs.mkdir(path.join(dir, 'sub'), { recursive: true });
    for (let i = 0; i < files; i++) writeFileSync(fileOf(dir, i), service(`svc-${i}`));
    const tables = createResourceTables();
    const errors = new WatchableMap<string, ProviderError[]>();
    provider = new FileProvider({ directory: dir, tables, synced: new WatchableMap(), errors, logger: silentLogger(), debounceMs });
    await provider.start();
    return { dir, tables, errors };
  }

  /** Moves a file in from outside the watched tree: one event, as a save by rename gives. */
  async function moveIn(target: string, text: string): Promise<void> {
    const staged = path.join(root, `staged-${++counter}.yaml`);
    await fs.writeFile(staged, text);
    await fs.rename(staged, target);
  }

  test('one edited file among many is the only one read and parsed again', async () => {
    const { dir, tables } = await start(200);
    const initial = provider!.stats();
    assert.equal(initial.files, 200);
    assert.equal(initial.parses, 200);
    assert.equal(tables.services.keys().length, 200);

    await moveIn(fileOf(dir, 7), service('svc-7', 8080));
    await eventually(() => assert.equal(tables.services.load('apps/svc-7')?.spec?.ports?.[0]?.port, 8080), 'the edit');
    const after = provider!.stats();
    assert.equal(after.parses - initial.parses, 1, 'parsed');
    assert.equal(after.reads - initial.reads, 1, 'read');
    assert.equal(tables.services.load('apps/svc-7')?.metadata.generation, 2);
    assert.equal(tables.services.load('apps/svc-8')?.metadata.generation, 1);

    // A new file, then its removal: only it is read; the objects follow.
    await moveIn(path.join(dir, 'new.yaml'), service('new'));
    await eventually(() => assert.ok(tables.services.load('apps/new')), 'the new file');
    await fs.rm(path.join(dir, 'new.yaml'));
    await eventually(() => assert.equal(tables.services.load('apps/new'), undefined), 'the removal');
    assert.equal(provider!.stats().parses - initial.parses, 2, 'only the new file was parsed');
  });

  test('a single edit is processed at once, not after the debounce window; a burst is coalesced', async () => {
    const windowMs = 1500;
    const { dir, tables } = await start(20, windowMs);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 100)); // idle: out of the start's window
    const runs = provider!.stats().runs;
    let windowOver = false;
    const marker = setTimeout(() => { windowOver = true; }, windowMs);
    try {
      await moveIn(fileOf(dir, 3), service('svc-3', 9000));
      await eventually(() => assert.equal(tables.services.load('apps/svc-3')?.spec?.ports?.[0]?.port, 9000), 'the edit', windowMs * 2);
      assert.equal(windowOver, false, 'published before a window could have passed');
      assert.equal(provider!.stats().runs, runs + 1, 'one run');
    } finally {
      clearTimeout(marker);
    }

    // Ten edits in a row: the first starts a run at once, the rest wait for the window together.
    const before = provider!.stats();
    for (let i = 0; i < 10; i++) await moveIn(fileOf(dir, i), service(`svc-${i}`, 7000 + i));
    await eventually(() => {
      for (let i = 0; i < 10; i++) assert.equal(tables.services.load(`apps/svc-${i}`)?.spec?.ports?.[0]?.port, 7000 + i);
    }, 'the burst', windowMs * 3);
    const runsForBurst = provider!.stats().runs - before.runs;
    assert.ok(runsForBurst >= 1 && runsForBurst <= 3, `${runsForBurst} runs for 10 edits`);
    assert.equal(provider!.stats().parses - before.parses, 10);
  });

  test('a file emptied by a truncating write is read again before its objects are dropped', async () => {
    const { dir, tables } = await start(4);
    const file = fileOf(dir, 0);
    await fs.writeFile(file, ''); // what a reader may see between an editor's truncate and write
    await fs.writeFile(file, service('svc-0', 81));
    await eventually(() => assert.equal(tables.services.load('apps/svc-0')?.spec?.ports?.[0]?.port, 81), 'the final content');
    await fs.writeFile(file, '');
    await eventually(() => assert.equal(tables.services.load('apps/svc-0'), undefined), 'an empty file that stays empty');
  });

  test('100,000 files load completely, without EMFILE', { timeout: 600_000 }, async () => {
    const dir = path.join(root, 'many');
    await fs.mkdir(dir);
    const count = 100_000;
    try {
      for (let i = 0; i < count; i++) writeFileSync(path.join(dir, `c-${i}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c-${i}}\n`);
      const tables = createResourceTables();
      const errors = new WatchableMap<string, ProviderError[]>();
      provider = new FileProvider({ directory: dir, tables, synced: new WatchableMap(), errors, logger: silentLogger() });
      await provider.start();
      assert.deepEqual([...errors.loadAll().values()].flat().slice(0, 3), [], 'no errors');
      assert.equal(tables.configMaps.keys().length, count);
      assert.equal(provider.stats().files, count);
    } finally {
      await provider?.stop();
      provider = undefined;
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('FileReader', () => {
  let root: string;
  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pier-file-reader-'));
  });
  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: injected`), { code });
  const realRead: FsApi['read'] = (file) => ({ text: readFileSync(file, 'utf8'), stat: statSync(file, { bigint: true }) });
  /** A reader whose read() is replaced (to inject failures or count calls). */
  const readerWith = (read: FsApi['read'], attempts?: number): FileReader =>
    new FileReader({ backoffMs: 1, attempts, fsApi: { read, stat: (file) => statSync(file, { bigint: true }) } });

  test('transient failures (EMFILE, EAGAIN, a change while reading, a file replaced) are tried again', async () => {
    const file = path.join(root, 'a.yaml');
    await fs.writeFile(file, 'a: 1\n');
    let reads = 0;
    const failures = ['EMFILE', 'EAGAIN', 'ENFILE', 'ECHANGED', 'ENOENT']; // ENOENT with the path there: replaced
    const reader = readerWith((f) => {
      reads += 1;
      const code = failures.shift();
      if (code) throw errno(code);
      return realRead(f);
    });
    assert.deepEqual(await reader.read(file).then((r) => r.kind === 'text' && r.text), 'a: 1\n');
    assert.equal(reads, 6);
  });

  test('the real reader returns the text and a stamp that changes with the file', async () => {
    const file = path.join(root, 'grows.yaml');
    await fs.writeFile(file, 'a: 1\n');
    const result = await new FileReader({ attempts: 1 }).read(file);
    assert.equal(result.kind, 'text');
    assert.equal(result.kind === 'text' && result.stamp.split(':')[2], '5', 'the stamp has the size');
    await fs.writeFile(file, 'a: 22\n');
    const again = await new FileReader().read(file);
    assert.ok(again.kind === 'text' && result.kind === 'text' && again.stamp !== result.stamp);
  });

  test('a failure that persists is returned after the last attempt; a missing file is missing; other errors are not retried', async () => {
    const file = path.join(root, 'b.yaml');
    await fs.writeFile(file, 'b: 1\n');
    let reads = 0;
    const failing = (code: string): FileReader => readerWith(() => { reads += 1; throw errno(code); }, 3);
    const busy = await failing('EBUSY').read(file);
    assert.equal(busy.kind === 'error' && busy.transient && busy.attempts, 3);
    assert.equal(reads, 3);
    reads = 0;
    const denied = await failing('EACCES').read(file);
    assert.equal(denied.kind === 'error' && !denied.transient && denied.error.code, 'EACCES');
    assert.equal(reads, 1);
    assert.deepEqual(await new FileReader().read(path.join(root, 'nope.yaml')), { kind: 'missing' });
  });
});

describe('BurstScheduler', () => {
  test('runs at once when idle; requests during a run make one more run after the window', async () => {
    const order: string[] = [];
    let release: (() => void) | undefined;
    let runs = 0;
    const scheduler = new BurstScheduler(async () => {
      runs += 1;
      order.push(`run ${runs}`);
      if (runs === 1) await new Promise<void>((resolve) => { release = resolve; });
    }, 500);
    scheduler.request();
    assert.deepEqual(order, ['run 1'], 'the leading edge starts synchronously');
    for (let i = 0; i < 5; i++) scheduler.request();
    assert.equal(runs, 1, 'no run while one is in progress');
    release?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 1, 'the trailing run waits for the window');
    await eventually(() => assert.equal(runs, 2), 'the trailing run');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(runs, 2, 'one trailing run for the five requests');
    await scheduler.runNow();
    assert.equal(runs, 3, 'runNow does not wait for a window');
    await scheduler.stop();
    scheduler.request();
    assert.equal(runs, 3, 'nothing after stop');
  });
});
