/**
 * The standalone provider: reads a directory of manifest files, publishes the resource set, and
 * republishes whenever a file is edited, added, renamed or deleted.
 *
 * Each reload lists the tree, reads every manifest file, re-parses only files whose text changed,
 * and stores the whole sorted set (the map ignores a deep-equal store). A file that fails to
 * parse keeps contributing its last good objects; its errors are published under its path.
 *
 * Watching: one non-recursive fs.watch per directory of the tree, kept in step with the tree on
 * every reload, rather than fs.watch(root, { recursive: true }): on Linux the recursive option is
 * a recent user-space layer over inotify whose behaviour has varied between Node releases, while
 * per-directory watches make the watched tree exactly the tree that was read (hidden directories
 * skipped, symlinks followed). Watching directories, not files, also catches editors that save by
 * renaming a temp file over the original. Events are debounced; while watching is impossible
 * (inotify limits) or the directory is missing, the provider polls instead.
 */
import { watch, promises as fs, type FSWatcher } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deepEqual } from 'fast-equals';
import { componentLogger, type Logger } from '../../logging/logger';
import type { ProviderError, ProviderResources } from '../../message/resources';
import type { WatchableMap } from '../../message/watchable';
import { anyTable, TABLE_NAMES, tableKey, type ResourceTables, type TableName } from '../../message/tables';
import type { KubeObject } from '../../apis/meta';
import { isTransitionRule } from '../crd/cel/evaluate';
import { defaultCrdSchemas, type CrdSchemas } from '../crd/load';
import { collectResources } from './collect';
import { compareProviderErrors, formatProviderError } from './errors';
import { GenerationTracker } from './generations';
import { keepLastGood } from './lastgood';
import { describeFsError, listManifestFiles, type WalkedDirectory } from './load';
import { parseManifests, type ParseResult, type SourcedObject } from './parse';

export interface FileProviderOptions {
  directory: string;
  /** Where objects are published, one table per kind. */
  tables: ResourceTables;
  /** Marked ("file") once the first complete read is published. */
  synced: WatchableMap<string, true>;
  /** Key: file path (or the directory, for problems reading it). */
  errors: WatchableMap<string, ProviderError[]>;
  logger: Logger;
  /** Quiet time after the last change before reloading. Default 50ms. */
  debounceMs?: number;
  /** Interval of the polling fallback, used only while watching is impossible. Default 1000ms. */
  pollIntervalMs?: number;
  /** CRD schemas Gateway API objects are validated against. Default: the pinned bundle (crds/). */
  schemas?: CrdSchemas;
  /** Fields a CRD does not declare: reject the object (default, like kubectl) or drop them (like the API server). */
  unknownFields?: 'reject' | 'prune';
}

interface FileState {
  /** Text of the last read, so an unchanged file is not parsed again. */
  text?: string;
  parsed?: ParseResult;
  /** What the file contributes: its last good objects. */
  objects: SourcedObject[];
  /** Set when the file exists but cannot be read. */
  readError?: ProviderError;
}

export class FileProvider {
  private readonly directory: string;
  private readonly log: Logger;
  private readonly debounceMs: number;
  /** A burst of events never delays a reload by more than this. */
  private readonly maxWaitMs: number;
  private readonly pollIntervalMs: number;
  private schemas: CrdSchemas | undefined;

  private readonly files = new Map<string, FileState>();
  private readonly generations = new GenerationTracker();
  /** Key: directory path. id tells whether the path still names the directory being watched. */
  private readonly watchers = new Map<string, { watcher: FSWatcher; id: string }>();
  /** Keys this provider stored, per table, to delete what is gone. */
  private readonly publishedKeys = new Map<TableName, Set<string>>();
  /** Errors as last stored, per key, to store and log only changes. */
  private readonly published = new Map<string, ProviderError[]>();

  private started = false;
  private stopped = false;
  private debounceTimer: NodeJS.Timeout | undefined;
  private burstStartedAt: number | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private watchFailed = false;
  private rootMissing = false;

  /** Reloads run one at a time; queued is a reload not started yet that new callers can share. */
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(private readonly options: FileProviderOptions) {
    this.directory = path.resolve(options.directory);
    this.log = componentLogger(options.logger, 'file-provider');
    this.debounceMs = options.debounceMs ?? 50;
    this.maxWaitMs = Math.max(this.debounceMs * 5, 250);
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  /**
   * Loads the directory, publishes, and starts watching. Rejects with a clear message when the
   * directory does not exist or is not a directory.
   */
  async start(): Promise<void> {
    if (this.started) throw new Error('file provider: already started');
    this.started = true;
    let stat;
    try {
      stat = await fs.stat(this.directory);
    } catch (err) {
      throw new Error(`file provider: cannot read directory ${this.directory}: ${describeFsError(err)}`);
    }
    if (!stat.isDirectory()) throw new Error(`file provider: ${this.directory} is not a directory`);
    this.schemas = this.loadSchemas();
    await this.reload();
    this.log.info({ directory: this.directory, files: this.files.size }, 'watching manifest directory');
  }

  /** Loads the CRD schemas once (throws when they are missing) and says what they cover. */
  private loadSchemas(): CrdSchemas {
    const startedAt = performance.now();
    const schemas = this.options.schemas ?? defaultCrdSchemas();
    const ms = Math.round((performance.now() - startedAt) * 10) / 10;
    // Rules are compiled on first use (each once): only the kinds in the directory pay for theirs.
    const rules = schemas.celRules();
    const transition = rules.filter(isTransitionRule).length;
    this.log.debug({
      gatewayApi: schemas.bundle.version, kinds: schemas.kinds(), ms,
      celRules: rules.length, celChecked: rules.length - transition, celTransition: transition,
    }, 'Gateway API CRD schemas loaded');
    return schemas;
  }

  /** Stops watching; a reload in progress finishes first. Published state is left as is. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.debounceTimer);
    clearInterval(this.pollTimer);
    this.debounceTimer = undefined;
    this.pollTimer = undefined;
    for (const { watcher } of this.watchers.values()) watcher.close();
    this.watchers.clear();
    await this.chain;
  }

  /**
   * Re-reads the directory now. Resolves once a reload that started after this call finished
   * (concurrent callers share one). Never rejects for bad input: problems go to the errors map.
   */
  reload(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain.then(() => {
      this.queued = null;
      return this.load();
    });
    this.queued = run;
    this.chain = run.catch((err: unknown) => this.log.error({ err }, 'reload failed'));
    return run;
  }

  // ------------------------------------------------------------------ reload

  private async load(): Promise<void> {
    if (this.stopped) return;
    const startedAt = performance.now();
    let tree;
    try {
      tree = await listManifestFiles(this.directory);
    } catch (err) {
      // The directory went away or became unreadable: keep serving what we have, say why, and
      // poll until it is back (a watch on a deleted directory never fires again).
      this.rootMissing = true;
      for (const { watcher } of this.watchers.values()) watcher.close();
      this.watchers.clear();
      this.publishErrors(this.directory, [{ source: this.directory, message: `cannot read directory: ${describeFsError(err)}; the last loaded resources stay in use` }]);
      this.updatePolling();
      return;
    }
    if (this.rootMissing) {
      this.rootMissing = false;
      this.updatePolling();
    }
    this.publishErrors(this.directory, []);
    const addedWatchers = this.syncWatchers(tree.directories);

    const present = new Set(tree.files);
    for (const file of [...this.files.keys()]) if (!present.has(file)) this.files.delete(file);
    await Promise.all(tree.files.map((file) => this.refreshFile(file)));

    const sources = [...this.files.keys()].sort();
    const objects = sources.flatMap((file) => this.files.get(file)?.objects ?? []);
    const collected = collectResources(objects);
    const resources = this.generations.stamp(collected.resources);
    const changed = this.publishObjects(resources);
    this.options.synced.store('file', true);

    const errorsBySource = new Map<string, ProviderError[]>();
    const add = (e: ProviderError): void => {
      const list = errorsBySource.get(e.source) ?? [];
      list.push(e);
      errorsBySource.set(e.source, list);
    };
    for (const file of sources) {
      const state = this.files.get(file);
      if (state?.readError) add(state.readError);
      for (const e of state?.parsed?.errors ?? []) add(e);
    }
    for (const e of collected.errors) add(e);
    for (const key of [...this.published.keys()]) {
      if (key !== this.directory && !errorsBySource.has(key)) this.publishErrors(key, []);
    }
    for (const [key, list] of errorsBySource) this.publishErrors(key, list.sort(compareProviderErrors));

    const ms = Math.round((performance.now() - startedAt) * 10) / 10;
    if (changed > 0) this.log.info({ files: sources.length, objects: objects.length, changed, ms }, 'published resources');
    else this.log.debug({ files: sources.length, ms }, 'reloaded, nothing changed');

    // A directory that appeared during this reload may have gained files before its watch began.
    if (addedWatchers) this.scheduleReload();
  }

  private async refreshFile(file: string): Promise<void> {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.files.delete(file); // deleted between listing and reading
        return;
      }
      const state = this.files.get(file) ?? { objects: [] };
      state.readError = { source: file, message: `cannot read file: ${describeFsError(err)}; its last good objects stay in use` };
      this.files.set(file, state);
      return;
    }
    const state = this.files.get(file) ?? { objects: [] };
    state.readError = undefined;
    if (state.parsed && state.text === text) {
      this.files.set(file, state);
      return;
    }
    const parsed = parseManifests(text, file, { schemas: this.schemas, unknownFields: this.options.unknownFields });
    state.text = text;
    state.parsed = parsed;
    state.objects = keepLastGood(state.objects, parsed);
    this.files.set(file, state);
  }

  /** Stores every object in its table and deletes what is gone; returns how many objects changed. */
  private publishObjects(resources: ProviderResources): number {
    let changed = 0;
    for (const table of TABLE_NAMES) {
      const map = anyTable(this.options.tables, table);
      const present = new Set<string>();
      for (const object of resources[table] as KubeObject[]) {
        const key = tableKey(object);
        present.add(key);
        if (map.store(key, object)) changed += 1;
      }
      const before = this.publishedKeys.get(table) ?? new Set<string>();
      for (const key of before) if (!present.has(key) && map.delete(key)) changed += 1;
      this.publishedKeys.set(table, present);
    }
    return changed;
  }

  private publishErrors(key: string, errors: ProviderError[]): void {
    const previous = this.published.get(key) ?? [];
    if (deepEqual(previous, errors)) return;
    if (errors.length === 0) {
      this.published.delete(key);
      this.options.errors.delete(key);
      this.log.info({ path: key }, 'problems resolved');
      return;
    }
    this.published.set(key, errors);
    this.options.errors.store(key, errors);
    for (const e of errors) {
      this.log.warn({ path: e.source, line: e.line, column: e.column, object: e.object, field: e.field }, formatProviderError(e));
    }
  }

  // ------------------------------------------------------------------ watching

  /**
   * Watches every directory of the tree (one non-recursive watch each), dropping watches of
   * directories that are gone or were replaced at the same path. Returns true if any was added.
   */
  private syncWatchers(directories: WalkedDirectory[]): boolean {
    if (this.stopped) return false;
    const wanted = new Map(directories.map((d) => [d.path, d.id]));
    for (const [dir, entry] of this.watchers) {
      if (wanted.get(dir) !== entry.id) {
        entry.watcher.close();
        this.watchers.delete(dir);
      }
    }
    let added = false;
    for (const { path: dir, id } of directories) {
      if (this.watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: true }, () => this.scheduleReload());
        watcher.on('error', (err) => {
          this.log.debug({ err, directory: dir }, 'directory watch ended');
          watcher.close();
          if (this.watchers.get(dir)?.watcher === watcher) this.watchers.delete(dir);
          this.scheduleReload();
        });
        this.watchers.set(dir, { watcher, id });
        added = true;
      } catch (err) {
        // Out of inotify watches (ENOSPC) or file descriptors: fall back to polling.
        if (!this.watchFailed) this.log.warn({ err, directory: dir, pollIntervalMs: this.pollIntervalMs }, 'cannot watch directory; polling instead');
        this.watchFailed = true;
        this.updatePolling();
      }
    }
    if (this.watchFailed && directories.every((d) => this.watchers.has(d.path))) {
      this.watchFailed = false; // every directory is watched again: polling can stop
      this.updatePolling();
    }
    return added;
  }

  private updatePolling(): void {
    const wanted = !this.stopped && (this.watchFailed || this.rootMissing);
    if (wanted && !this.pollTimer) {
      this.pollTimer = setInterval(() => void this.reload(), this.pollIntervalMs);
      this.pollTimer.unref();
    } else if (!wanted && this.pollTimer) {
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
    }
  }

  /** Debounced reload: waits for debounceMs of quiet, but no longer than maxWaitMs in total. */
  private scheduleReload(): void {
    if (this.stopped) return;
    const now = performance.now();
    this.burstStartedAt ??= now;
    const wait = Math.max(0, Math.min(this.debounceMs, this.burstStartedAt + this.maxWaitMs - now));
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      this.burstStartedAt = undefined;
      void this.reload();
    }, wait);
  }
}
