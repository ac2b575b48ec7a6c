/**
 * Where two lists in strict name order differ. Both the snapshot cache and the endpoint
 * translator patch what they keep from a list that differs from the last one in a few places;
 * this is the walk they share. A data structure, not part of the bus.
 */

/** The places where after differs from before, each with its name. */
export interface NameOrderedDiff<T> {
  /** Same name, another object: [name, before's, after's]. */
  replaced: [string, T, T][];
  added: [string, T][];
  removed: [string, T][];
}

/**
 * before and after, both in strict name order, walked side by side: items identical by pointer
 * are passed over, so only the places where the lists differ cost a name. Undefined when they
 * differ in more than limit places (a caller then compares them whole).
 */
export function diffNameOrdered<T>(before: readonly T[], after: readonly T[], nameOf: (item: T) => string, limit: number): NameOrderedDiff<T> | undefined {
  const diff: NameOrderedDiff<T> = { replaced: [], added: [], removed: [] };
  let places = 0;
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      i += 1;
      j += 1;
      continue;
    }
    if (places === limit) return undefined;
    places += 1;
    const was = i < before.length ? nameOf(before[i]!) : undefined;
    const now = j < after.length ? nameOf(after[j]!) : undefined;
    if (was !== undefined && was === now) diff.replaced.push([was, before[i++]!, after[j++]!]);
    else if (now === undefined || (was !== undefined && was < now)) diff.removed.push([was!, before[i++]!]);
    else diff.added.push([now, after[j++]!]);
  }
  return diff;
}

/** Whether the items' names strictly increase (so each is listed once); an empty name never counts as ordered. */
export function inStrictNameOrder<T>(items: readonly T[], nameOf: (item: T) => string): boolean {
  let last: string | undefined;
  for (let i = 0; i < items.length; i++) {
    const name = nameOf(items[i]!);
    if (!name || (last !== undefined && !(last < name))) return false;
    last = name;
  }
  return true;
}
