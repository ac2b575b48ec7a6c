/**
 * The standalone provider: reads a directory of manifest files, publishes their objects into the
 * resource tables, and keeps them up to date as files are edited, added, renamed or deleted.
 *
 * The cost of a change follows the change: an event names a directory and usually an entry in
 * it, and only that entry is read again (a new directory: its subtree; an entry the system did not
 * name, or a symlinked directory swapped as ConfigMap volumes do: that directory's files). A file
 * whose text did not change is not parsed again; a parsed file only moves the objects it defined
 * and defines (objects/object-index.ts: duplicates, made-up Namespaces, defaults, generations are
 * all kept per object), and only the table entries that changed are stored.
 *
 * Safety nets: a full rescan when a watch fails (overflow, a watched directory vanishing), when
 * reload() is called, and every pollIntervalMs while some directory cannot be watched or the
 * directory itself is missing. Rescans compare each file's stamp (inode, size, times) and read
 * only what differs.
 *
 * Timing (watch/schedule.ts): a single edit is processed at once; what arrives meanwhile is
 * gathered for debounceMs (the trailing window) and processed together. Files are read one at a
 * time, in slices that let the event loop run, and a read that fails for a transient reason is
 * tried again (read.ts); one that keeps failing is reported and tried again later. A file that
 * reads empty where it had content (the moment between an editor's truncate and its write) is
 * read again within milliseconds before its objects are dropped.
 *
 * Bulk loads (a walk with at least parallelParse.minFiles files to read: the first load, a large
 * directory copied in) are read and parsed in worker threads (workers/parallel.ts) and only taken
 * in here, in file order; whatever a worker could not do cleanly (a failed read, a file that now
 * reads empty, a worker that failed) is done here as above.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deepEqual } from 'fast-equals';
import { componentLogger, type Logger } from '../../logging/logger';
import type { ProviderError } from '../../message/resources';
import type { WatchableMap } from '../../message/watchable';
import { anyTable, type ResourceTables } from '../../message/tables';
import { isTransitionRule } from '../crd/cel/evaluate';
import { defaultCrdSchemas, type CrdSchemas } from '../crd/load';
import { compareProviderErrors, formatProviderError } from './errors';
import { keepLastGood } from './lastgood';
import { describeFsError, isHidden, isManifestFile, listManifestFiles } from './load';
import { ObjectIndex } from './objects/object-index';
import { parseManifests, type ParseResult, type SourcedObject } from './parse';
import { FileReader, Slicer, type ReadResult } from './read';
import { isBlankText, textDigest } from './text';
import { ParallelParser, workersFor, type FileOutcome, type FileRequest, type ParallelParseOptions } from './workers/parallel';
import { BurstScheduler } from './watch/schedule';
import { DirectoryWatchers, isUnder } from './watch/watchers';

export interface FileProviderOptions {
  directory: string;
  /** Where objects are published, one table per kind. */
  tables: ResourceTables;
  /** Marked ("file") once the first complete read is published. */
  synced: WatchableMap<string, true>;
  /** Key: file path (or the directory, for problems reading it). */
  errors: WatchableMap<string, ProviderError[]>;
  logger: Logger;
  /**
   * Trailing window: events that arrive while changes are processed, or within this long after,
   * are processed together. A single edit is not delayed by it. Default 20ms.
   */
  debounceMs?: number;
  /** Interval of the full rescans made only while watching is impossible. Default 1000ms. */
  pollIntervalMs?: number;
  /** CRD schemas Gateway API objects are validated against. Default: the pinned bundle (crds/). */
  schemas?: CrdSchemas;
  /** Fields a CRD does not declare: reject the object (default, like kubectl) or drop them (like the API server). */
  unknownFields?: 'reject' | 'prune';
  /** Bulk loads in worker threads (workers/parallel.ts): how many, from how many files to read on. */
  parallelParse?: ParallelParseOptions;
}

/** What the provider has done since it started (for tests and benchmarks). */
export interface FileProviderStats {
  files: number;
  /** Files read (each attempt that returned content). */
  reads: number;
  /** Files parsed (only those whose text changed). */
  parses: number;
  /** Of those, parsed in worker threads (bulk loads). */
  workerParses: number;
  /** Runs that processed events or rescans. */
  runs: number;
}

interface FileState {
  /**
   * Digest of the last read's text, so an unchanged file is not parsed again. Not the text
   * itself: 30,000 files' texts are megabytes that nothing else needs once parsed.
   */
  digest?: string;
  /** Whether the last read had more than white space. */
  hadContent?: boolean;
  /** Stamp (read.ts) of the last read, so a rescan skips files that did not change. */
  stamp?: string;
  /**
   * The last parse's problems (NO_ERRORS when none); undefined until the file is parsed. The
   * parse result itself is not kept: its lists are per file, and 30,000 files add up.
   */
  parseErrors?: readonly ProviderError[];
  /** What the file contributes: its last good objects. */
  objects: SourcedObject[];
  /** Set while the file exists but cannot be read. */
  readError?: ProviderError;
  /** A later read, after a failure that persisted. */
  retry?: { timer: NodeJS.Timeout; delayMs: number };
}

function isBlank(result: ReadResult): boolean {
  return result.kind === 'text' && isBlankText(result.text);
}

/** One shared empty list for the many files without problems. */
const NO_ERRORS: readonly ProviderError[] = Object.freeze([]);

/** Longest wait between reads of a file that keeps failing. */
const MAX_RETRY_DELAY_MS = 30_000;

export class FileProvider {
  private readonly directory: string;
  private readonly log: Logger;
  private readonly pollIntervalMs: number;
  private readonly windowMs: number;
  private schemas: CrdSchemas | undefined;
  /** Undefined when bulk loads are parsed in this thread. */
  private parallel: ParallelParser | undefined;

  private readonly files = new Map<string, FileState>();
  /** The known files of each directory, so a directory's rescan does not walk every file. */
  private readonly filesByDir = new Map<string, Set<string>>();
  private readonly index = new ObjectIndex({ generations: true, ownsDefinitions: true, crdDefaulted: true });
  private readonly reader: FileReader;
  private readonly watchers: DirectoryWatchers;
  private readonly scheduler: BurstScheduler;
  /** Errors as last stored, per key, to store and log only changes. */
  private readonly published = new Map<string, ProviderError[]>();

  /** Work gathered from events, taken by the next run. */
  private pendingPaths = new Set<string>();
  private pendingDirs = new Set<string>();
  private pendingFull = false;

  private started = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private watchFailed = false;
  private rootMissing = false;
  private readonly counters: FileProviderStats = { files: 0, reads: 0, parses: 0, workerParses: 0, runs: 0 };

  constructor(private readonly options: FileProviderOptions) {
    this.directory = path.resolve(options.directory);
    this.log = componentLogger(options.logger, 'file-provider');
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.windowMs = options.debounceMs ?? 20;
    this.reader = new FileReader();
    this.watchers = new DirectoryWatchers({
      change: (dir, name) => this.onChange(dir, name),
      lost: () => this.requestFull(),
    }, this.log);
    this.scheduler = new BurstScheduler(() => this.run(), this.windowMs);
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
    const workers = workersFor(Infinity, this.options.parallelParse); // what the largest load would use
    if (workers > 0) {
      this.parallel = new ParallelParser({ workers, schemas: this.options.schemas, unknownFields: this.options.unknownFields, logger: this.log });
    }
    this.pendingFull = true;
    await this.scheduler.runNow();
    this.options.synced.store('file', true);
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

  /** Stops watching; a run in progress finishes first. Published state is left as is. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    this.watchers.closeAll();
    this.reader.close();
    for (const state of this.files.values()) clearTimeout(state.retry?.timer);
    await Promise.all([this.parallel?.stop(), this.scheduler.stop()]);
  }

  /**
   * Re-reads the directory now (a full rescan). Resolves once a run that started after this call
   * finished. Never rejects for bad input: problems go to the errors map.
   */
  reload(): Promise<void> {
    this.pendingFull = true;
    return this.scheduler.runNow();
  }

  /** What the provider has done so far. */
  stats(): FileProviderStats {
    return { ...this.counters, files: this.files.size };
  }

  // ------------------------------------------------------------------ events

  private onChange(dir: string, name: string | null): void {
    if (this.stopped) return;
    if (name === null) this.pendingDirs.add(dir);
    else {
      const full = path.join(dir, name);
      if (!this.relevant(full, name)) {
        void this.checkEntry(dir, full);
        return;
      }
      this.pendingPaths.add(full);
    }
    this.scheduler.request();
  }

  /**
   * Whether an entry an event names matters without looking at it: a manifest file, or something
   * known. Editors' temp and swap files are not, and skipping them here keeps them from starting
   * a run (the save they belong to would then wait for the window).
   */
  private relevant(full: string, name: string): boolean {
    return (!isHidden(name) && isManifestFile(name)) || this.files.has(full) || this.watchers.has(full);
  }

  /**
   * Any other entry matters if it is a directory or a symlink, or if its watched directory
   * itself went away. Looked at off the event loop: a temp file is most often gone already
   * (renamed over the manifest), and a synchronous look at it waited on the file system while
   * the edit it belongs to was due.
   */
  private async checkEntry(dir: string, full: string): Promise<void> {
    let request: boolean;
    try {
      const stat = await fs.lstat(full);
      request = stat.isDirectory() || stat.isSymbolicLink();
    } catch {
      request = !(await fs.stat(dir).then(() => true, () => false)); // gone: did the watched directory go too?
      if (request) this.pendingFull = true;
    }
    if (!request || this.stopped) return;
    if (!this.pendingFull) this.pendingPaths.add(full);
    this.scheduler.request();
  }

  private requestFull(): void {
    if (this.stopped) return;
    this.pendingFull = true;
    this.scheduler.request();
  }

  private requestFile(file: string): void {
    if (this.stopped) return;
    this.pendingPaths.add(file);
    this.scheduler.request();
  }

  // ------------------------------------------------------------------ a run

  private async run(): Promise<void> {
    if (this.stopped) return;
    const startedAt = performance.now();
    this.counters.runs += 1;
    const full = this.pendingFull;
    const dirs = this.pendingDirs;
    const paths = this.pendingPaths;
    this.pendingFull = false;
    this.pendingDirs = new Set();
    this.pendingPaths = new Set();
    const touched = new Set<string>();
    const slicer = new Slicer();
    try {
      if (full) await this.rescan(this.directory, touched, slicer);
      else if (await this.rootExists()) {
        for (const dir of dirs) await this.rescanDirectory(dir, touched, slicer);
        for (const p of paths) await this.refreshPath(p, touched, slicer);
      }
      const changed = this.publish(touched);
      const ms = Math.round((performance.now() - startedAt) * 10) / 10;
      if (changed > 0) this.log.info({ files: this.files.size, read: touched.size, changed, ms }, 'published resources');
      else this.log.debug({ files: this.files.size, read: touched.size, ms }, 'read, nothing changed');
    } catch (err) {
      this.log.error({ err }, 'reading the manifest directory failed');
    }
  }

  /** Whether the directory is still there (events about it vanishing name it, not an entry in it). */
  private async rootExists(): Promise<boolean> {
    try {
      if ((await fs.stat(this.directory)).isDirectory()) return true;
      this.rootGone(Object.assign(new Error('not a directory'), { code: 'ENOTDIR' }));
    } catch (err) {
      this.rootGone(err);
    }
    return false;
  }

  /** Walks dir (the root or a subtree), watches its directories, and reads what changed in it. */
  private async rescan(dir: string, touched: Set<string>, slicer: Slicer): Promise<void> {
    let tree;
    try {
      tree = await listManifestFiles(dir);
    } catch (err) {
      if (dir === this.directory) {
        this.rootGone(err);
        return;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
        this.forgetUnder(dir, touched);
        return;
      }
      throw err;
    }
    if (dir === this.directory) {
      if (this.rootMissing) {
        this.rootMissing = false;
        this.updatePolling();
      }
      this.publishErrors(this.directory, []);
    }
    const { added, failed } = this.watchers.sync(tree.directories, dir);
    if (dir === this.directory) this.watchFailed = failed;
    else this.watchFailed ||= failed;
    this.updatePolling();

    const present = new Set(tree.files);
    for (const file of [...this.files.keys()]) {
      if (isUnder(file, dir) && !present.has(file)) this.forget(file, touched);
    }
    await this.refreshAll(tree.files, touched, slicer);
    // A directory newly watched may have gained files between its listing and its watch.
    for (const newDir of added) await this.rescanDirectory(newDir, touched, slicer, false);
  }

  /**
   * The files directly in dir: those not known yet are read; with knownToo (an event that named
   * no entry, a swapped symlinked directory) the known ones are read too if their stamp changed.
   */
  private async rescanDirectory(dir: string, touched: Set<string>, slicer: Slicer, knownToo = true): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (dir === this.directory) this.rootGone(err);
      else this.forgetUnder(dir, touched);
      return;
    }
    const seen = new Set<string>();
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      seen.add(full);
      if (isHidden(entry.name)) continue;
      if (entry.isDirectory() || entry.isSymbolicLink()) {
        // Listing a newly watched directory again: a subdirectory watched already is (or was) listed
        // and watched itself, so its files are not read again from here.
        if (!knownToo && this.watchers.has(full)) continue;
        await this.refreshPath(full, touched, slicer);
      }
      else if (entry.isFile() && isManifestFile(entry.name) && (knownToo || !this.files.has(full))) await this.refresh(full, touched, false, slicer);
    }
    for (const file of [...this.filesByDir.get(dir) ?? []]) {
      if (!seen.has(file)) this.forget(file, touched);
    }
  }

  /** One entry an event named: a file to read, a directory to walk, or something gone. */
  private async refreshPath(full: string, touched: Set<string>, slicer: Slicer): Promise<void> {
    if (this.rootMissing || !isUnder(full, this.directory)) return;
    const name = path.basename(full);
    let link;
    try {
      link = await fs.lstat(full);
    } catch {
      this.forgetUnder(full, touched); // gone: a file, or a whole directory
      return;
    }
    let target = link;
    if (link.isSymbolicLink()) {
      try {
        target = await fs.stat(full);
      } catch {
        this.forgetUnder(full, touched); // a dangling link is ignored
        return;
      }
    }
    if (target.isDirectory()) {
      // A hidden symlinked directory (a ConfigMap volume's ..data) changes what the links next to it show.
      if (isHidden(name)) {
        if (link.isSymbolicLink()) await this.rescanDirectory(path.dirname(full), touched, slicer);
        return;
      }
      await this.rescan(full, touched, slicer);
    } else if (target.isFile() && !isHidden(name) && isManifestFile(name)) {
      await this.refresh(full, touched, true, slicer);
    }
  }

  /** Reads one file (unless, on a rescan, its stamp says it did not change), and parses it if its text changed. */
  private async refresh(file: string, touched: Set<string>, force: boolean, slicer: Slicer): Promise<void> {
    await slicer.yield();
    const state = this.files.get(file);
    if (!force && state?.stamp !== undefined && state.readError === undefined) {
      if (this.reader.stamp(file) === state.stamp) return;
    }
    let result = await this.reader.read(file);
    // Empty where it had content: most likely caught between an editor's truncate and its write.
    // Look again shortly (1, 2, 4... ms, within the window) before dropping its objects.
    for (let waited = 0, delay = 1; isBlank(result) && state?.hadContent === true && waited < this.windowMs; waited += delay, delay *= 2) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      result = await this.reader.read(file);
    }
    if (this.stopped) return;
    if (result.kind === 'missing') {
      this.forget(file, touched);
      return;
    }
    const current = this.track(file);
    if (result.kind === 'error') {
      const retrying = result.transient ? `; tried ${result.attempts} times, trying again` : '';
      current.readError = { source: file, message: `cannot read file: ${describeFsError(result.error)}${retrying}; its last good objects stay in use` };
      touched.add(file);
      this.retryLater(file, current);
      return;
    }
    const text = result.text;
    const options = { schemas: this.schemas, unknownFields: this.options.unknownFields, compact: true };
    this.takeRead(file, current, { stamp: result.stamp, digest: textDigest(text), blank: isBlankText(text) }, touched, () => parseManifests(text, file, options));
  }

  /**
   * Reads and parses the files whose stamp changed (all of them on the first load): in worker
   * threads when they are many, otherwise one by one here. Either way in file order.
   */
  private async refreshAll(files: readonly string[], touched: Set<string>, slicer: Slicer): Promise<void> {
    const requests: FileRequest[] = [];
    for (const file of files) {
      const state = this.files.get(file);
      if (state?.stamp !== undefined && state.readError === undefined) {
        await slicer.yield();
        if (this.reader.stamp(file) === state.stamp) continue;
      }
      // The digest lets a worker skip parsing a text that did not change (a touched file).
      requests.push({ file, digest: state?.parseErrors !== undefined ? state.digest : undefined });
    }
    if (this.stopped) return;
    if (!this.parallel || workersFor(requests.length, this.options.parallelParse) === 0) {
      for (const { file } of requests) await this.refresh(file, touched, true, slicer);
      return;
    }
    await this.parallel.parse(requests, async (outcomes) => {
      for (const outcome of outcomes) {
        await slicer.yield();
        await this.takeOutcome(outcome, touched, slicer);
      }
    });
  }

  /** A worker's outcome for one file; what the worker could not settle is done here, as a single read would be. */
  private async takeOutcome(outcome: FileOutcome, touched: Set<string>, slicer: Slicer): Promise<void> {
    if (this.stopped) return;
    const state = this.files.get(outcome.file);
    const parsedBefore = state?.parseErrors !== undefined && outcome.kind === 'read' && state.digest === outcome.digest;
    // Empty where it had content: the in-thread read looks again shortly before dropping objects.
    const rereadHere = outcome.kind === 'in-thread' || (outcome.blank && state?.hadContent === true)
      || (outcome.parsed === undefined && !parsedBefore);
    if (rereadHere) {
      await this.refresh(outcome.file, touched, true, slicer);
      return;
    }
    const parsed = outcome.parsed;
    this.takeRead(outcome.file, this.track(outcome.file), outcome, touched, () => {
      if (!parsed) throw new Error(`file provider: no parse of ${outcome.file} from the worker`); // excluded above
      this.counters.workerParses += 1;
      return parsed;
    });
  }

  /** The state of a file being read, made when it is first seen. */
  private track(file: string): FileState {
    let current = this.files.get(file);
    if (!current) {
      current = { objects: [] };
      this.files.set(file, current);
      const dir = path.dirname(file);
      let inDir = this.filesByDir.get(dir);
      if (!inDir) this.filesByDir.set(dir, (inDir = new Set()));
      inDir.add(file);
    }
    return current;
  }

  /** A file read cleanly: note its stamp and, when its text changed, take the new parse. */
  private takeRead(file: string, current: FileState, read: { stamp: string; digest: string; blank: boolean }, touched: Set<string>, parse: () => ParseResult): void {
    this.counters.reads += 1;
    if (current.retry) {
      clearTimeout(current.retry.timer);
      current.retry = undefined;
    }
    if (current.readError) {
      current.readError = undefined;
      touched.add(file);
    }
    current.stamp = read.stamp;
    if (current.parseErrors !== undefined && current.digest === read.digest) return;
    this.counters.parses += 1;
    const parsed = parse();
    current.digest = read.digest;
    current.hadContent = !read.blank;
    current.parseErrors = parsed.errors.length === 0 ? NO_ERRORS : parsed.errors;
    current.objects = keepLastGood(current.objects, parsed);
    this.index.setSource(file, current.objects);
    touched.add(file);
  }

  /** A read that kept failing: try again later, waiting longer each time (up to MAX_RETRY_DELAY_MS). */
  private retryLater(file: string, state: FileState): void {
    if (this.stopped) return;
    const delayMs = Math.min(MAX_RETRY_DELAY_MS, (state.retry?.delayMs ?? 500) * 2);
    clearTimeout(state.retry?.timer);
    const timer = setTimeout(() => this.requestFile(file), delayMs);
    timer.unref();
    state.retry = { timer, delayMs };
  }

  private forget(file: string, touched: Set<string>): void {
    const state = this.files.get(file);
    if (!state) return;
    clearTimeout(state.retry?.timer);
    this.files.delete(file);
    const dir = path.dirname(file);
    const inDir = this.filesByDir.get(dir);
    inDir?.delete(file);
    if (inDir?.size === 0) this.filesByDir.delete(dir);
    this.index.setSource(file, []);
    touched.add(file);
  }

  /** A path that is gone: the file, or every file and watch under the directory. */
  private forgetUnder(target: string, touched: Set<string>): void {
    for (const file of [...this.files.keys()]) if (isUnder(file, target)) this.forget(file, touched);
    if (target !== this.directory) this.watchers.removeUnder(target);
  }

  /**
   * The directory went away or became unreadable: keep serving what we have, say why, and poll
   * until it is back (a watch on a deleted directory never fires again).
   */
  private rootGone(err: unknown): void {
    this.rootMissing = true;
    this.watchers.closeAll();
    this.publishErrors(this.directory, [{ source: this.directory, message: `cannot read directory: ${describeFsError(err)}; the last loaded resources stay in use` }]);
    this.updatePolling();
  }

  // ------------------------------------------------------------------ publishing

  /** Stores what changed in the tables and the errors of the files touched; returns how many objects changed. */
  private publish(touched: Set<string>): number {
    const { changes, sources } = this.index.flush();
    let changed = 0;
    for (const change of changes) {
      const table = anyTable(this.options.tables, change.table);
      if (change.object ? table.store(change.key, change.object) : table.delete(change.key)) changed += 1;
    }
    for (const file of touched) sources.add(file);
    for (const source of sources) {
      const state = this.files.get(source);
      const errors = [
        ...(state?.readError ? [state.readError] : []),
        ...(state?.parseErrors ?? []),
        ...this.index.duplicateErrors(source),
      ];
      this.publishErrors(source, errors.sort(compareProviderErrors));
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

  // ------------------------------------------------------------------ polling

  private updatePolling(): void {
    const wanted = !this.stopped && (this.watchFailed || this.rootMissing);
    if (wanted && !this.pollTimer) {
      this.pollTimer = setInterval(() => this.requestFull(), this.pollIntervalMs);
      this.pollTimer.unref();
    } else if (!wanted && this.pollTimer) {
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
    }
  }
}
