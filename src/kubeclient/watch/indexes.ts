/**
 * Indexes over a watch store. The store feeds every change to its indexes in the same
 * synchronous step that changes its own map, so a lookup never sees one without the other.
 */
import type { WatchedObject } from './types';

export interface Index<T> {
  add(obj: T): void;
  update(oldObj: T, newObj: T): void;
  delete(obj: T): void;
}

/** "<namespace>/<name>", or "<name>" for cluster-scoped objects. */
export function namespacedName(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

export function objectName(obj: WatchedObject): string {
  return namespacedName(obj.metadata.namespace, obj.metadata.name);
}

/** One object per namespace/name: the store's own lookup. */
export class NameIndex<T extends WatchedObject> implements Index<T> {
  private readonly byName = new Map<string, T>();

  add(obj: T): void {
    this.byName.set(objectName(obj), obj);
  }

  update(oldObj: T, newObj: T): void {
    if (objectName(oldObj) !== objectName(newObj)) this.byName.delete(objectName(oldObj));
    this.byName.set(objectName(newObj), newObj);
  }

  delete(obj: T): void {
    this.byName.delete(objectName(obj));
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.byName.get(namespacedName(namespace, name));
  }

  get size(): number {
    return this.byName.size;
  }

  values(): IterableIterator<T> {
    return this.byName.values();
  }
}

/**
 * Objects by any number of keys each (a label value, a referenced Secret, the namespace...):
 * keysOf must be a pure function of the object.
 */
export class KeyIndex<T extends WatchedObject> implements Index<T> {
  private readonly byKey = new Map<string, Map<string, T>>();

  constructor(private readonly keysOf: (obj: T) => Iterable<string>) {}

  add(obj: T): void {
    const name = objectName(obj);
    for (const key of new Set(this.keysOf(obj))) {
      let objects = this.byKey.get(key);
      if (!objects) this.byKey.set(key, (objects = new Map()));
      objects.set(name, obj);
    }
  }

  update(oldObj: T, newObj: T): void {
    this.delete(oldObj);
    this.add(newObj);
  }

  delete(obj: T): void {
    const name = objectName(obj);
    for (const key of new Set(this.keysOf(obj))) {
      const objects = this.byKey.get(key);
      if (!objects) continue;
      objects.delete(name);
      if (objects.size === 0) this.byKey.delete(key);
    }
  }

  /** The objects under key, ordered by namespace/name. */
  list(key: string): T[] {
    const objects = this.byKey.get(key);
    if (!objects) return [];
    return [...objects.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, obj]) => obj);
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  keys(): string[] {
    return [...this.byKey.keys()].sort();
  }
}
