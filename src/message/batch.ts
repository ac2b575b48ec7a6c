/**
 * Following several watchable maps as one stream of batches. A stage that reads more than one
 * map (the translator reads every resource table) gets the mutations of all of them together:
 * everything stored in the same turn of the event loop, and everything the subscriptions
 * coalesced while the stage was busy, arrives as one batch, the latest value per key.
 */
import { setMaxListeners } from 'node:events';
import { handleSubscription, type Update, type WatchableMap } from './watchable';

/** One mutation of one of the followed maps. */
export interface BatchedUpdate<N extends string, V> {
  /** The name the map was given. */
  source: N;
  key: string;
  /** Undefined when the key was deleted. */
  value: V | undefined;
}

export interface BatchFollower {
  /** Resolves when every subscription ended (after stop). */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Subscribes to every map in sources; calls onBatch with the mutations since the previous call
 * (the first call carries every pre-existing entry), at most once per event-loop turn, never
 * while a previous call is running. Errors thrown by onBatch are passed to onError and the
 * following goes on.
 */
export function followBatches<N extends string, V>(
  sources: Readonly<Record<N, WatchableMap<string, V>>>,
  onBatch: (updates: BatchedUpdate<N, V>[]) => void | Promise<void>,
  onError: (err: unknown) => void,
): BatchFollower {
  const abort = new AbortController();
  // One signal ends every subscription: more listeners than Node's leak warning expects.
  setMaxListeners(0, abort.signal);
  let pending = new Map<string, BatchedUpdate<N, V>>();
  let scheduled = false;
  let running: Promise<void> = Promise.resolve();

  const flush = (): void => {
    scheduled = false;
    if (pending.size === 0 || abort.signal.aborted) return;
    const updates = [...pending.values()];
    pending = new Map();
    running = running.then(async () => {
      try {
        await onBatch(updates);
      } catch (err) {
        onError(err);
      }
    });
  };

  const add = (source: N, update: Update<string, V>): void => {
    const id = `${source}\u0000${update.key}`;
    pending.delete(id); // latest last, so a batch keeps the order keys last changed in
    pending.set(id, { source, key: update.key, value: update.deleted ? undefined : update.value });
    if (!scheduled) {
      scheduled = true;
      // After the microtasks of this turn: every subscription woken by the same stores has
      // handed over its updates by then.
      setImmediate(flush);
    }
  };

  const loops = (Object.keys(sources) as N[]).map((source) =>
    handleSubscription(sources[source].subscribe(abort.signal), (u) => add(source, u)).catch(onError));
  const done = Promise.all(loops).then(() => running);
  return {
    done,
    async stop(): Promise<void> {
      abort.abort();
      await done;
    },
  };
}
