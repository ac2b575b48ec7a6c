import { deepEqual } from 'fast-equals';

/** One mutation of a watchable map: a store (value set) or a delete (value undefined). */
export interface Update<K, V> {
  key: K;
  /** The stored value, or undefined when the key was deleted. */
  value: V | undefined;
  deleted: boolean;
}

/**
 * What a subscriber reads: the whole current map and the mutations since its previous read,
 * the latest per key. The first read after subscribing has no updates for pre-existing entries.
 */
export interface Snapshot<K, V> {
  state: ReadonlyMap<K, V>;
  updates: Update<K, V>[];
}

export interface Subscription<K, V> extends AsyncIterable<Snapshot<K, V>> {
  /** Ends the subscription; a pending read resolves with done. */
  close(): void;
}

/**
 * Objects this module deep-froze. A frozen subtree is immutable for everyone, so a stored value
 * may share it with what was stored before instead of copying it: storing a value that reuses
 * most of an earlier one costs only its new parts (compare, copy and freeze).
 */
const deepFrozen = new WeakSet<object>();

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A deep copy that keeps values isolated between the publisher and each subscriber: new parts
 * are copied, parts frozen by an earlier store are shared (nobody can change them), binary
 * data is always copied (typed arrays cannot be frozen).
 */
function isolate<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (deepFrozen.has(value)) return value;
  if (ArrayBuffer.isView(value)) return structuredClone(value);
  if (Array.isArray(value)) return value.map(isolate) as V;
  if (!isPlainObject(value)) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isolate(v);
  return out as V;
}

function deepFreeze<V>(value: V): V {
  // Typed arrays cannot be frozen; they are copies already, so leave them as they are.
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !deepFrozen.has(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
    deepFrozen.add(value);
  }
  return value;
}

/**
 * Makes value immutable in place (no copy) and returns it. Publishers that build values from
 * parts they keep (memoised translations) freeze those parts once; stores then share them.
 */
export function freezeValue<V>(value: V): V {
  return deepFreeze(value);
}

class SubscriptionImpl<K, V> implements Subscription<K, V> {
  private pending = new Map<K, Update<K, V>>();
  private dirty = true; // a new subscription is immediately readable
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly map: WatchableMap<K, V>,
    private readonly keys: ReadonlySet<K> | null,
    signal: AbortSignal | undefined,
    private readonly onClose: (s: SubscriptionImpl<K, V>) => void,
  ) {
    if (signal) {
      if (signal.aborted) this.close();
      else signal.addEventListener('abort', () => this.close(), { once: true });
    }
  }

  wants(key: K): boolean {
    return this.keys === null || this.keys.has(key);
  }

  notify(update: Update<K, V>): void {
    if (this.closed) return;
    // Coalesce: only the latest mutation per key is kept until the next read.
    this.pending.delete(update.key);
    this.pending.set(update.key, update);
    this.dirty = true;
    this.wake?.();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending.clear();
    this.onClose(this);
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Snapshot<K, V>> {
    while (!this.closed) {
      if (!this.dirty) {
        await new Promise<void>((resolve) => { this.wake = resolve; });
        this.wake = null;
        continue;
      }
      this.dirty = false;
      const updates = [...this.pending.values()];
      this.pending = new Map();
      yield { state: this.map.loadSubset(this.keys), updates };
    }
  }
}

/**
 * A typed map that publishers store into and subscribers watch (Envoy Gateway's watchable
 * map). Storing a value deep-equal to the current one is a no-op. Values are frozen deep
 * copies: nobody can mutate what another holds. Parts of a value that are frozen already (by an
 * earlier store, or freezeValue) are shared, not copied, so the cost of a store follows what is
 * new in the value.
 */
export class WatchableMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly subscriptions = new Set<SubscriptionImpl<K, V>>();

  /** Stores a copy of value. Returns true when the map changed. */
  store(key: K, value: V): boolean {
    const current = this.entries.get(key);
    if (current !== undefined && deepEqual(current, value)) return false;
    const copy = deepFreeze(isolate(value));
    this.entries.set(key, copy);
    this.publish({ key, value: copy, deleted: false });
    return true;
  }

  /** Deletes key. Returns true when the map changed. */
  delete(key: K): boolean {
    if (!this.entries.has(key)) return false;
    this.entries.delete(key);
    this.publish({ key, value: undefined, deleted: true });
    return true;
  }

  load(key: K): V | undefined {
    return this.entries.get(key);
  }

  loadAll(): ReadonlyMap<K, V> {
    return new Map(this.entries);
  }

  /** Keys currently stored, in insertion order. */
  keys(): K[] {
    return [...this.entries.keys()];
  }

  /** @internal used by subscriptions to read their view of the map. */
  loadSubset(keys: ReadonlySet<K> | null): ReadonlyMap<K, V> {
    if (keys === null) return this.loadAll();
    const out = new Map<K, V>();
    for (const k of keys) {
      const v = this.entries.get(k);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  }

  /** Watches the whole map until signal aborts or the subscription is closed. */
  subscribe(signal?: AbortSignal): Subscription<K, V> {
    return this.add(null, signal);
  }

  /** Watches only the given keys. */
  subscribeSubset(keys: Iterable<K>, signal?: AbortSignal): Subscription<K, V> {
    return this.add(new Set(keys), signal);
  }

  /** Closes every subscription (their loops end). */
  close(): void {
    for (const s of [...this.subscriptions]) s.close();
  }

  get subscriberCount(): number {
    return this.subscriptions.size;
  }

  private add(keys: ReadonlySet<K> | null, signal?: AbortSignal): Subscription<K, V> {
    const sub = new SubscriptionImpl<K, V>(this, keys, signal, (s) => this.subscriptions.delete(s));
    this.subscriptions.add(sub);
    return sub;
  }

  private publish(update: Update<K, V>): void {
    for (const s of this.subscriptions) if (s.wants(update.key)) s.notify(update);
  }
}

/**
 * Runs handler for each mutation a subscription reports. The first read carries no updates
 * for entries that existed before subscribing; they are handed over as stores here, so the
 * handler sees every key exactly as if it had been subscribed from the start.
 */
export async function handleSubscription<K, V>(
  subscription: Subscription<K, V>,
  handler: (update: Update<K, V>, state: ReadonlyMap<K, V>) => void | Promise<void>,
): Promise<void> {
  let first = true;
  for await (const snap of subscription) {
    // In a frame of its own: the suspended loop frame must not keep an earlier snapshot's
    // values alive once V8 has optimised this function (bench/RESULTS.md, churn).
    await handleSnapshot(snap, first, handler);
    first = false;
  }
}

async function handleSnapshot<K, V>(
  snap: Snapshot<K, V>,
  first: boolean,
  handler: (update: Update<K, V>, state: ReadonlyMap<K, V>) => void | Promise<void>,
): Promise<void> {
  const updates: Update<K, V>[] = first
    ? [...snap.state].map(([key, value]) => ({ key, value, deleted: false }))
    : snap.updates;
  // Deletes reported on the first read concern keys that are gone already: pass them on too.
  if (first) for (const u of snap.updates) if (u.deleted) updates.push(u);
  for (const u of updates) await handler(u, snap.state);
}
