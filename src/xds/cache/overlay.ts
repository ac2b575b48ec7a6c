/**
 * A read-only map made of a shared base and a few replaced values: the entries of a type
 * snapshot in which a few resources changed. Copying a type's map of thousands of entries for
 * each changed assignment cost more than everything else an endpoint edit does in the cache;
 * an overlay shares the base and holds only what was replaced, and is flattened into a new
 * base once it holds more than a small share of it, so reads stay cheap and the copies are
 * amortized over many edits.
 *
 * Only values are replaced: the keys, and so the order and size, are the base's.
 */
const MIN_OVERLAY = 32;

export class OverlayMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly replaced: ReadonlyMap<K, V>,
  ) {}

  /**
   * previous with the values of the given keys (all present in it) replaced: an overlay on
   * previous's base while the replaced values are few, else a new flat map.
   */
  static replacing<K, V>(previous: ReadonlyMap<K, V>, values: ReadonlyMap<K, V>): ReadonlyMap<K, V> {
    const base = previous instanceof OverlayMap ? (previous as OverlayMap<K, V>).base : previous;
    const replaced = new Map(previous instanceof OverlayMap ? (previous as OverlayMap<K, V>).replaced : undefined);
    for (const [k, v] of values) replaced.set(k, v);
    if (replaced.size <= Math.max(MIN_OVERLAY, base.size >>> 4)) return new OverlayMap(base, replaced);
    const flat = new Map(base);
    for (const [k, v] of replaced) flat.set(k, v);
    return flat;
  }

  get size(): number {
    return this.base.size;
  }

  has(key: K): boolean {
    return this.base.has(key);
  }

  get(key: K): V | undefined {
    return this.replaced.has(key) ? this.replaced.get(key) : this.base.get(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [k, v] of this.base) yield [k, this.replaced.has(k) ? this.replaced.get(k)! : v];
  }

  keys(): MapIterator<K> {
    return this.base.keys();
  }

  *values(): MapIterator<V> {
    for (const [k, v] of this.base) yield this.replaced.has(k) ? this.replaced.get(k)! : v;
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
