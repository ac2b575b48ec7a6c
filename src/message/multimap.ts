/**
 * A map from a key to a set of values that holds a key's lone value directly. The stages'
 * indexes (Service -> its slices, dependency -> the routes that read it, ...) have one value
 * for almost every key, and a one-entry Set costs ~200 bytes of hash table where the value
 * itself costs nothing more (bench/RESULTS.md, section 8, memory fifth pass).
 */
export class SetMultimap<K, V extends string | number> {
  private readonly map = new Map<K, V | Set<V>>();

  /** Keys with at least one value. */
  get size(): number {
    return this.map.size;
  }

  add(key: K, value: V): void {
    const current = this.map.get(key);
    if (current === undefined) this.map.set(key, value);
    else if (current instanceof Set) current.add(value);
    else if (current !== value) this.map.set(key, new Set([current, value]));
  }

  /** Removes value from key's set; a key left without values is dropped. */
  delete(key: K, value: V): void {
    const current = this.map.get(key);
    if (current === undefined) return;
    if (!(current instanceof Set)) {
      if (current === value) this.map.delete(key);
      return;
    }
    current.delete(value);
    if (current.size === 1) this.map.set(key, current.values().next().value as V);
    else if (current.size === 0) this.map.delete(key);
  }

  /** Key's values (empty when it has none), in the order they were added. */
  get(key: K): Iterable<V> {
    const current = this.map.get(key);
    if (current === undefined) return NO_VALUES;
    return current instanceof Set ? current : [current];
  }
}

const NO_VALUES: readonly never[] = Object.freeze([]);
