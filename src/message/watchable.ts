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
 * Values on the bus are deeply frozen, children before parents, and nothing else on the bus is
 * frozen: so a frozen object is a deeply frozen one. A frozen subtree is immutable for
 * everyone, so a stored value may share it with what was stored before instead of copying it:
 * storing a value that reuses most of an earlier one costs only its new parts.
 */
function isShared(value: object): boolean {
  return Object.isFrozen(value);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A frozen deep copy that keeps values isolated between the publisher and each subscriber: new
 * parts are copied and frozen in one pass; frozen parts are shared (nobody can change them);
 * binary data is always copied (typed arrays cannot be frozen).
 */
function isolate<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return structuredClone(value);
  if (isShared(value)) return value;
  let out: object;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = isolate(value[i]);
    out = copy;
  } else if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(value)) copy[k] = isolate((value as Record<string, unknown>)[k]);
    out = copy;
  } else {
    return deepFreeze(structuredClone(value));
  }
  return Object.freeze(out) as V;
}

/** Freezes value in place, children first (see isShared). */
function deepFreeze<V>(value: V): V {
  // Typed arrays cannot be frozen; they are copies already, so leave them as they are.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || isShared(value)) return value;
  // Indexed for arrays, own keys for objects: for...in would walk array indexes as strings.
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  else for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k]);
  return Object.freeze(value);
}

/**
 * Makes value immutable in place (no copy) and returns it. Publishers that build values from
 * parts they keep (memoised translations) freeze those parts once; stores then share them.
 */
export function freezeValue<V>(value: V): V {
  return deepFreeze(value);
}

/**
 * A snapshot whose state is copied only when read: most subscribers only look at updates, and
 * copying a table of 10,000 entries on every change would make each change cost the table.
 * The state is the map as it is when first read (in the same turn as the updates, unless the
 * reader awaited something in between).
 */
function lazySnapshot<K, V>(load: () => ReadonlyMap<K, V>, updates: Update<K, V>[]): Snapshot<K, V> {
  let state: ReadonlyMap<K, V> | undefined;
  return {
    get state(): ReadonlyMap<K, V> {
      state ??= load();
      return state;
    },
    updates,
  };
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
      yield lazySnapshot(() => this.map.loadSubset(this.keys), updates);
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
  private mutations = 0;

  /** Stores and deletes that changed the map since it was made (metrics). */
  get mutationCount(): number {
    return this.mutations;
  }

  /** Stores a copy of value. Returns true when the map changed. */
  store(key: K, value: V): boolean {
    const current = this.entries.get(key);
    if (current !== undefined && deepEqual(current, value)) return false;
    const copy = isolate(value);
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
    this.mutations += 1;
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
  // The state is handed over lazily: handlers that never look at it never pay for a copy.
  const view = lazyState(snap);
  for (const u of updates) await handler(u, view);
}

/** A read-only map that reads snap.state only when used. */
function lazyState<K, V>(snap: Snapshot<K, V>): ReadonlyMap<K, V> {
  return new Proxy(new Map<K, V>(), {
    get(_target, prop) {
      const state = snap.state as Map<K, V>;
      const value: unknown = Reflect.get(state, prop, state);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(state) : value;
    },
  });
}
