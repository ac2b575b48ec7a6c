/**
 * Helpers for the parts of a translation patched from the last one (route configurations,
 * clusters): the IR of a gateway shares its unchanged (frozen) virtual hosts from one
 * translation to the next, and the unchanged (frozen) routes within them, so what changed is
 * found by identity.
 */
/**
 * The changed stretch of two lists (virtual hosts, or the routes of one), around their common
 * start and end: what only before has, and what only after has.
 */
export function changedStretch<T>(before: readonly T[], after: readonly T[]): { gone: T[]; added: T[] } {
  if (before === after) return { gone: [], added: [] };
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return { gone: before.slice(start, endBefore), added: after.slice(start, endAfter) };
}

/** Where name goes in items sorted by nameOf (code unit order): the first index whose name is not before it. */
export function sortedIndex<T>(items: readonly T[], name: string, nameOf: (item: T) => string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (nameOf(items[mid]!) < name) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
