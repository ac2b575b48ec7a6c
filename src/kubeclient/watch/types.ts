/**
 * The contract between the watch helper and a Kubernetes client: list a collection, stream its
 * changes from a resourceVersion. Objects are the API server's JSON (wire form), typed by kind.
 */

/** What the helper needs of a watched object: its identity and version. */
export interface WatchedObject {
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
  };
}

/** Narrows a list or a watch on the server side. */
export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
}

/** One consistent snapshot of a collection (all pages of one list). */
export interface ObjectList<T> {
  items: T[];
  /** The collection's resourceVersion at the snapshot: a watch from here misses nothing. */
  resourceVersion: string;
}

export interface WatchOptions extends ListOptions {
  /** Stream changes after this version (opaque: never compared, only passed back). */
  resourceVersion: string;
  /** Ask for BOOKMARK events, which advance the version without a change. */
  allowWatchBookmarks: boolean;
  /** The server ends the stream after this long (a normal close). */
  timeoutSeconds: number;
}

/** A metav1.Status, as the API server sends it in ERROR events and error responses. */
export interface ApiStatus {
  kind?: string;
  status?: string;
  code?: number;
  reason?: string;
  message?: string;
}

export type WatchEvent<T> =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: T }
  | { type: 'BOOKMARK'; object: { metadata: { resourceVersion?: string } } }
  | { type: 'ERROR'; object: ApiStatus };

/**
 * A Kubernetes collection as the helper sees it. The API server's is in
 * api-client.ts; unit tests script a fake one.
 */
export interface WatchClient<T extends WatchedObject> {
  /** A consistent (quorum) read of the whole collection; rejects on any failure. */
  list(options: ListOptions, signal: AbortSignal): Promise<ObjectList<T>>;
  /**
   * Streams events to onEvent (synchronously, in order) until the stream ends: resolves when
   * the server closes it, rejects when it cannot be opened or breaks. Aborting signal ends it.
   */
  watch(options: WatchOptions, onEvent: (event: WatchEvent<T>) => void, signal: AbortSignal): Promise<void>;
}

/**
 * Callbacks for every change of the store, from the initial list, relists and watch events.
 * They run synchronously right after the store (and its indexes) took the change.
 */
export interface WatchHandlers<T> {
  /** preexisting: the object was in the initial list (it existed before the watch started). */
  add?(obj: T, preexisting: boolean): void;
  update?(oldObj: T, newObj: T): void;
  /**
   * mayBeStale: the delete was found by a relist, so obj is the last version seen, which may be
   * older than the version that was deleted.
   */
  delete?(obj: T, mayBeStale: boolean): void;
}

/**
 * sync: the initial list is in the store and its add handlers have run when watch() resolves.
 * defer: watch() resolves after the initial list succeeded; the store takes it, and the add
 * handlers run, on a later turn of the event loop (so the caller can finish wiring first).
 */
export type InitMode = 'sync' | 'defer';
