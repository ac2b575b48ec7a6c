/**
 * The objects of one watch, by namespace/name, with custom indexes. Every method is synchronous
 * and changes the map and all indexes together, so no reader (JavaScript runs one thing at a
 * time) ever sees an index that disagrees with the store. Stored objects are shared: treat them
 * as read-only.
 */
import { type Index, NameIndex, objectName } from './indexes';
import type { WatchedObject } from './types';

export type StoreChange<T> =
  | { type: 'add'; obj: T; preexisting: boolean }
  | { type: 'update'; oldObj: T; newObj: T }
  | { type: 'delete'; obj: T; mayBeStale: boolean };

/** Two versions of one name are the same object unless both carry uids and they differ. */
function sameObject(a: WatchedObject, b: WatchedObject): boolean {
  return !a.metadata.uid || !b.metadata.uid || a.metadata.uid === b.metadata.uid;
}

export class ObjectStore<T extends WatchedObject> {
  private readonly names = new NameIndex<T>();
  private readonly indexes = new Set<Index<T>>();

  get(namespace: string | undefined, name: string): T | undefined {
    return this.names.get(namespace, name);
  }

  /** Every object, in the order the store first took them. */
  items(): T[] {
    return [...this.names.values()];
  }

  get size(): number {
    return this.names.size;
  }

  /** Adds an index, filled with the current objects before this returns. */
  addIndex<I extends Index<T>>(index: I): I {
    for (const obj of this.names.values()) index.add(obj);
    this.indexes.add(index);
    return index;
  }

  removeIndex(index: Index<T>): void {
    this.indexes.delete(index);
  }

  /**
   * Makes the store equal to a full list and returns what changed: objects gone from the list
   * first (mayBeStale: the store only had their last version seen), then new and changed ones.
   */
  replaceAll(items: readonly T[], initial: boolean): StoreChange<T>[] {
    const listed = new Map<string, T>();
    for (const obj of items) listed.set(objectName(obj), obj);
    const changes: StoreChange<T>[] = [];
    for (const old of [...this.names.values()]) {
      if (!listed.has(objectName(old))) changes.push(this.remove(old, true));
    }
    for (const obj of listed.values()) changes.push(...this.put(obj, initial));
    return changes;
  }

  /** An ADDED or MODIFIED event. */
  upsert(obj: T): StoreChange<T>[] {
    return this.put(obj, false);
  }

  /** A DELETED event: obj is the object's final state. */
  delete(obj: T): StoreChange<T>[] {
    const old = this.names.get(obj.metadata.namespace, obj.metadata.name);
    if (!old) return [];
    this.removeStored(old);
    return [{ type: 'delete', obj, mayBeStale: false }];
  }

  private put(obj: T, preexisting: boolean): StoreChange<T>[] {
    const old = this.names.get(obj.metadata.namespace, obj.metadata.name);
    if (!old) {
      this.insert(obj);
      return [{ type: 'add', obj, preexisting }];
    }
    if (!sameObject(old, obj)) {
      // Deleted and created again while we were not watching: two objects, not an update.
      const gone = this.remove(old, true);
      this.insert(obj);
      return [gone, { type: 'add', obj, preexisting }];
    }
    if (old.metadata.resourceVersion !== undefined && old.metadata.resourceVersion === obj.metadata.resourceVersion) return [];
    this.names.update(old, obj);
    for (const index of this.indexes) index.update(old, obj);
    return [{ type: 'update', oldObj: old, newObj: obj }];
  }

  private insert(obj: T): void {
    this.names.add(obj);
    for (const index of this.indexes) index.add(obj);
  }

  private remove(old: T, mayBeStale: boolean): StoreChange<T> {
    this.removeStored(old);
    return { type: 'delete', obj: old, mayBeStale };
  }

  private removeStored(old: T): void {
    this.names.delete(old);
    for (const index of this.indexes) index.delete(old);
  }
}
