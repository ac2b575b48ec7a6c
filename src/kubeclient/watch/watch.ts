/**
 * A list+watch loop over one Kubernetes collection, kept in an indexed store.
 *
 *   list -> store (diffed: add / update / delete with mayBeStale) -> watch from the list's version
 *   watch closes normally          -> watch again from the latest version seen
 *   watch fails, ERROR event (410) -> list again, after a bounded, jittered backoff
 *   list fails                     -> list again, after the backoff
 *   relist()                       -> cut the watch, list now; resolves once a list that started
 *                                     after the request is in the store
 *
 * Resource versions are opaque: they are only handed back to the server, never compared, which
 * is why every list is followed by a fresh watch from that list's version.
 */
import { componentLogger, type Logger } from '../../logging/logger';
import { DEFAULT_BACKOFF, backoffDelay, sleep, type BackoffOptions } from './backoff';
import { apiStatusError, describeError } from './errors';
import type { Index } from './indexes';
import type { WatchInstanceMetrics, WatchMetrics } from './metrics';
import { ObjectStore, type StoreChange } from './store';
import type { InitMode, ListOptions, ObjectList, WatchClient, WatchEvent, WatchHandlers, WatchedObject } from './types';

export interface WatchConfig<T extends WatchedObject> {
  /** Names this watch in logs and in the `watcher_instance` metrics label, e.g. "services". */
  instance: string;
  client: WatchClient<T>;
  logger: Logger;
  metrics: WatchMetrics;
  handlers?: WatchHandlers<T>;
  /** Default sync. */
  initMode?: InitMode;
  listOptions?: ListOptions;
  /**
   * Applied to every object before it is stored or handed to the handlers, as client-go's
   * transform: what the consumer never reads (managedFields...) is then not kept for as long as
   * the object exists. It must keep metadata's name, namespace and resourceVersion.
   */
  transform?: (obj: T) => T;
  backoff?: BackoffOptions;
  /** Each watch asks the server to end it after a random time in this range (seconds). Default 300-600. */
  watchTimeoutSeconds?: { min: number; max: number };
  /**
   * A watch that delivered a change or stayed open this long was healthy: the backoff starts
   * over. One that closed sooner without a change waits out the backoff before the next watch.
   * Default 1000.
   */
  healthyWatchMs?: number;
  /**
   * A watch still open this long after its own timeoutSeconds is taken for dead (a half-open
   * connection to a server that went away) and counted as a failure. Default 30000.
   */
  stallGraceMs?: number;
  /** For tests: the source of backoff and timeout jitter. */
  random?: () => number;
}

/** The live result of watch(): the store, and control of the loop that keeps it current. */
export interface WatchStore<T extends WatchedObject> {
  /** The built-in name index. */
  get(namespace: string | undefined, name: string): T | undefined;
  items(): T[];
  readonly size: number;
  /** Adds an index, filled from the current objects before this returns and kept current with the store. */
  addIndex<I extends Index<T>>(index: I): I;
  removeIndex(index: Index<T>): void;
  /**
   * Lists again; resolves once the store holds a list that started after this call (so it is at
   * least as fresh as the moment of the request). Rejects if the watch is stopped first.
   */
  relist(): Promise<void>;
  /** The last list or watch failed and a retry is waiting. */
  readonly failing: boolean;
  /** The initial list is in the store (always true after watch() resolves in sync mode). */
  readonly synced: boolean;
  readonly stopped: boolean;
  /** The latest collection version seen (list, event or bookmark). */
  readonly resourceVersion: string | undefined;
  /** Ends the loop and any call in flight; resolves when nothing of this watch runs any more. */
  stop(): Promise<void>;
}

/** Rejections of relist() when the watch stops first. */
export class WatchStoppedError extends Error {
  constructor(instance: string) {
    super(`watch ${instance} stopped`);
    this.name = 'WatchStoppedError';
  }
}

/**
 * Lists the collection and starts watching it. Rejects (and stops) when the initial list fails,
 * so the caller can tell a missing kind or permission from a slow server; after that, failures
 * are retried until stop().
 */
export async function watch<T extends WatchedObject>(config: WatchConfig<T>): Promise<WatchStore<T>> {
  const watcher = new Watcher(config);
  await watcher.start();
  return watcher;
}

type Outcome<R> = { aborted: true } | { aborted: false; value: R };

/** Settles with the promise's result, or as soon as signal aborts (the promise's later rejection is absorbed). */
function untilAborted<R>(promise: Promise<R>, signal: AbortSignal): Promise<Outcome<R>> {
  promise.catch(() => undefined);
  return new Promise<Outcome<R>>((resolve, reject) => {
    if (signal.aborted) return resolve({ aborted: true });
    const onAbort = (): void => resolve({ aborted: true });
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener('abort', onAbort); resolve(signal.aborted ? { aborted: true } : { aborted: false, value }); },
      (err: unknown) => { signal.removeEventListener('abort', onAbort); if (signal.aborted) resolve({ aborted: true }); else reject(err); },
    );
  });
}

interface RelistWaiter {
  /** Satisfied by the list with this sequence number or a later one. */
  listSeq: number;
  resolve(): void;
  reject(err: Error): void;
}

class Watcher<T extends WatchedObject> implements WatchStore<T> {
  private readonly store = new ObjectStore<T>();
  private readonly log: Logger;
  private readonly metrics: WatchInstanceMetrics;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly stopController = new AbortController();
  /** The list or watch call in flight. */
  private call: AbortController | undefined;
  private watching = false;
  private latestVersion: string | undefined;
  private needList = false;
  private isFailing = false;
  private isSynced = false;
  /** Consecutive failures (and quick empty watches): the backoff exponent. */
  private failures = 0;
  private listsStarted = 0;
  /** The sequence number of the latest list that returned. */
  private lastListSeq = 0;
  private relistWaiters: RelistWaiter[] = [];
  private loop: Promise<void> = Promise.resolve();

  constructor(private readonly config: WatchConfig<T>) {
    this.log = componentLogger(config.logger, 'kubernetes-watch').child({ watch: config.instance });
    this.metrics = config.metrics.instance(config.instance);
    this.backoff = config.backoff ?? DEFAULT_BACKOFF;
    this.random = config.random ?? Math.random;
  }

  async start(): Promise<void> {
    this.metrics.setAlive(true);
    this.metrics.setFailing(false);
    let initial: ObjectList<T> | undefined;
    try {
      initial = await this.list();
    } catch (err) {
      await this.stop();
      throw new Error(`watch ${this.config.instance}: initial list failed: ${describeError(err)}`, { cause: err });
    }
    if (!initial) throw new WatchStoppedError(this.config.instance);
    const first = initial;
    if ((this.config.initMode ?? 'sync') === 'sync') {
      this.applyList(first, true);
      this.loop = this.run();
    } else {
      this.loop = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        if (this.stopped) return;
        this.applyList(first, true);
        return this.run();
      });
    }
    this.log.info({ objects: first.items.length, initMode: this.config.initMode ?? 'sync' }, 'watch started');
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.store.get(namespace, name);
  }

  items(): T[] {
    return this.store.items();
  }

  get size(): number {
    return this.store.size;
  }

  addIndex<I extends Index<T>>(index: I): I {
    return this.store.addIndex(index);
  }

  removeIndex(index: Index<T>): void {
    this.store.removeIndex(index);
  }

  get failing(): boolean {
    return this.isFailing;
  }

  get synced(): boolean {
    return this.isSynced;
  }

  get stopped(): boolean {
    return this.stopController.signal.aborted;
  }

  get resourceVersion(): string | undefined {
    return this.latestVersion;
  }

  relist(): Promise<void> {
    this.metrics.relistRequested();
    if (this.stopped) return Promise.reject(new WatchStoppedError(this.config.instance));
    const promise = new Promise<void>((resolve, reject) => {
      this.relistWaiters.push({ listSeq: this.listsStarted + 1, resolve, reject });
    });
    if (this.watching) this.call?.abort();
    return promise;
  }

  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopController.abort();
      this.call?.abort();
      const waiters = this.relistWaiters;
      this.relistWaiters = [];
      for (const waiter of waiters) waiter.reject(new WatchStoppedError(this.config.instance));
      this.metrics.setAlive(false);
      this.metrics.setFailing(false);
      this.log.info('watch stopped');
    }
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.needList || this.relistWaiters.length > 0) {
        if (this.isFailing) await this.pause();
        if (this.stopped) return;
        let listed: ObjectList<T> | undefined;
        try {
          listed = await this.list();
        } catch (err) {
          this.failed('List', err);
          continue;
        }
        if (listed) this.applyList(listed, false);
        continue;
      }
      await this.watchOnce();
    }
  }

  /** One list call; undefined when stopped meanwhile. */
  private async list(): Promise<ObjectList<T> | undefined> {
    const seq = ++this.listsStarted;
    const call = this.newCall();
    this.metrics.clientCall('List');
    const outcome = await untilAborted(this.config.client.list(this.config.listOptions ?? {}, call.signal), call.signal);
    if (outcome.aborted) return undefined;
    this.lastListSeq = seq;
    return outcome.value;
  }

  private applyList(list: ObjectList<T>, initial: boolean): void {
    const changes = this.store.replaceAll(list.items.filter((obj) => this.valid(obj)).map((obj) => this.transformed(obj)), initial);
    this.latestVersion = list.resourceVersion;
    this.needList = false;
    this.isSynced = true;
    if (this.isFailing) this.log.info({ objects: list.items.length, changes: changes.length }, 'listed again after failures');
    this.setFailing(false);
    this.dispatch(changes);
    const done = this.relistWaiters.filter((w) => w.listSeq <= this.lastListSeq);
    this.relistWaiters = this.relistWaiters.filter((w) => w.listSeq > this.lastListSeq);
    for (const waiter of done) waiter.resolve();
  }

  private async watchOnce(): Promise<void> {
    const call = this.newCall();
    const opened = Date.now();
    let changes = 0;
    let errorEvent: WatchEvent<T> & { type: 'ERROR' } | undefined;
    const onEvent = (event: WatchEvent<T>): void => {
      if (call.signal.aborted) return;
      this.metrics.event(event.type);
      switch (event.type) {
        case 'ERROR':
          errorEvent = event;
          call.abort();
          return;
        case 'BOOKMARK':
          if (event.object.metadata.resourceVersion) this.latestVersion = event.object.metadata.resourceVersion;
          return;
        case 'ADDED':
        case 'MODIFIED':
        case 'DELETED': {
          if (!this.valid(event.object)) return;
          changes++;
          const obj = this.transformed(event.object);
          this.dispatch(event.type === 'DELETED' ? this.store.delete(obj) : this.store.upsert(obj));
          if (event.object.metadata.resourceVersion) this.latestVersion = event.object.metadata.resourceVersion;
          return;
        }
        default:
          this.log.warn({ type: (event as { type: unknown }).type }, 'ignoring a watch event of unknown type');
      }
    };
    const { min, max } = this.config.watchTimeoutSeconds ?? { min: 300, max: 600 };
    const timeoutSeconds = Math.round(min + this.random() * (max - min));
    let stalled = false;
    const stallGraceMs = this.config.stallGraceMs ?? 30_000;
    const watchdog = setTimeout(() => {
      stalled = true;
      call.abort();
    }, timeoutSeconds * 1000 + stallGraceMs);
    this.metrics.clientCall('Watch');
    this.watching = true;
    let failure: unknown;
    let aborted = false;
    try {
      const options = { ...this.config.listOptions, resourceVersion: this.latestVersion ?? '', allowWatchBookmarks: true, timeoutSeconds };
      aborted = (await untilAborted(this.config.client.watch(options, onEvent, call.signal), call.signal)).aborted;
    } catch (err) {
      failure = err;
    } finally {
      this.watching = false;
      clearTimeout(watchdog);
    }
    if (this.stopped) return;
    if (changes > 0 || Date.now() - opened >= (this.config.healthyWatchMs ?? 1000)) this.failures = 0;
    if (errorEvent) return this.failed('Watch.Event', apiStatusError(errorEvent.object, 'watch'));
    if (failure !== undefined) return this.failed('Watch', failure);
    if (stalled) return this.failed('Watch', new Error(`the watch outlived its ${timeoutSeconds} s timeout by ${stallGraceMs} ms: taken for a dead connection`));
    if (aborted) return; // relist() cut it: the loop lists next
    // A normal close: watch again from the latest version; right away unless it closed at once.
    if (this.failures > 0 || (changes === 0 && Date.now() - opened < (this.config.healthyWatchMs ?? 1000))) {
      this.log.debug('watch closed quickly; waiting before the next one');
      await this.pause();
    }
  }

  private failed(source: 'List' | 'Watch' | 'Watch.Event', err: unknown): void {
    this.metrics.error(source);
    this.needList = true;
    this.setFailing(true);
    this.log.warn({ source, error: describeError(err), failures: this.failures + 1 }, 'watch failed; listing again after a backoff');
  }

  /** Waits out the backoff for the current failure count, then counts one more. */
  private async pause(): Promise<void> {
    const delay = backoffDelay(this.backoff, this.failures, this.random);
    this.failures++;
    await sleep(delay, this.stopController.signal);
  }

  private setFailing(failing: boolean): void {
    this.isFailing = failing;
    this.metrics.setFailing(failing);
  }

  private newCall(): AbortController {
    const call = new AbortController();
    this.call = call;
    return call;
  }

  private transformed(obj: T): T {
    return this.config.transform ? this.config.transform(obj) : obj;
  }

  private valid(obj: unknown): obj is T {
    const meta = (obj as { metadata?: { name?: unknown } } | null)?.metadata;
    if (typeof meta?.name === 'string' && meta.name !== '') return true;
    this.log.warn('ignoring an object without metadata.name');
    return false;
  }

  private dispatch(changes: StoreChange<T>[]): void {
    const handlers = this.config.handlers;
    if (!handlers) return;
    for (const change of changes) {
      try {
        if (change.type === 'add') handlers.add?.(change.obj, change.preexisting);
        else if (change.type === 'update') handlers.update?.(change.oldObj, change.newObj);
        else handlers.delete?.(change.obj, change.mayBeStale);
      } catch (err) {
        this.log.error({ error: describeError(err), change: change.type }, 'watch handler threw');
      }
    }
  }
}
