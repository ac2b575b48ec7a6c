/**
 * A scripted WatchClient for unit tests: every list and watch call waits for the test to answer
 * it (respond, fail, emit events, close), so each test decides the exact order of things.
 */
import type { ListOptions, ObjectList, WatchClient, WatchEvent, WatchOptions } from '../../../../src/kubeclient/watch';

export interface TestObject {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: { name: string; namespace?: string; uid?: string; resourceVersion?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
}

export function obj(name: string, resourceVersion: string, extra: { namespace?: string; uid?: string; labels?: Record<string, string>; data?: Record<string, string> } = {}): TestObject {
  return {
    apiVersion: 'v1', kind: 'ConfigMap',
    metadata: { name, namespace: extra.namespace ?? 'ns', uid: extra.uid ?? `uid-${name}`, resourceVersion, ...(extra.labels ? { labels: extra.labels } : {}) },
    ...(extra.data ? { data: extra.data } : {}),
  };
}

export class PendingList {
  private settle!: { resolve(list: ObjectList<TestObject>): void; reject(err: Error): void };
  readonly promise: Promise<ObjectList<TestObject>>;

  constructor(readonly options: ListOptions, readonly signal: AbortSignal) {
    this.promise = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
  }

  respond(resourceVersion: string, items: TestObject[]): void {
    this.settle.resolve({ resourceVersion, items });
  }

  fail(err: Error): void {
    this.settle.reject(err);
  }
}

export class FakeStream {
  private settle!: { resolve(): void; reject(err: Error): void };
  readonly promise: Promise<void>;
  constructor(readonly options: WatchOptions, private readonly onEvent: (e: WatchEvent<TestObject>) => void, readonly signal: AbortSignal) {
    this.promise = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
    signal.addEventListener('abort', () => this.settle.resolve(), { once: true });
  }

  emit(event: WatchEvent<TestObject>): void {
    this.onEvent(event);
  }

  added(o: TestObject): void { this.emit({ type: 'ADDED', object: o }); }
  modified(o: TestObject): void { this.emit({ type: 'MODIFIED', object: o }); }
  deleted(o: TestObject): void { this.emit({ type: 'DELETED', object: o }); }
  gone(): void { this.emit({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version' } }); }

  /** The server ends the stream normally. */
  close(): void {
    this.settle.resolve();
  }

  /** The connection breaks. */
  fail(err: Error): void {
    this.settle.reject(err);
  }
}

/** Hands each call to whoever waits for it (or queues it until someone does). */
class CallQueue<C> {
  private readonly calls: C[] = [];
  private readonly waiters: ((call: C) => void)[] = [];

  push(call: C): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(call);
    else this.calls.push(call);
  }

  next(what: string, timeoutMs = 2000): Promise<C> {
    const call = this.calls.shift();
    if (call) return Promise.resolve(call);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} call within ${timeoutMs}ms`));
      }, timeoutMs);
      const waiter = (c: C): void => { clearTimeout(timer); resolve(c); };
      this.waiters.push(waiter);
    });
  }

  get queued(): number {
    return this.calls.length;
  }
}

export class FakeWatchClient implements WatchClient<TestObject> {
  private readonly lists = new CallQueue<PendingList>();
  private readonly watches = new CallQueue<FakeStream>();
  listCalls = 0;
  watchCalls = 0;

  list(options: ListOptions, signal: AbortSignal): Promise<ObjectList<TestObject>> {
    this.listCalls++;
    const pending = new PendingList(options, signal);
    this.lists.push(pending);
    return pending.promise;
  }

  watch(options: WatchOptions, onEvent: (event: WatchEvent<TestObject>) => void, signal: AbortSignal): Promise<void> {
    this.watchCalls++;
    const stream = new FakeStream(options, onEvent, signal);
    this.watches.push(stream);
    return stream.promise;
  }

  nextList(timeoutMs?: number): Promise<PendingList> {
    return this.lists.next('list', timeoutMs);
  }

  nextWatch(timeoutMs?: number): Promise<FakeStream> {
    return this.watches.next('watch', timeoutMs);
  }

  /** Calls made and not yet taken by the test. */
  get unanswered(): { lists: number; watches: number } {
    return { lists: this.lists.queued, watches: this.watches.queued };
  }
}
