import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diffNameOrdered, inStrictNameOrder } from '../../../src/message/ordered-diff';

interface Item { name: string; v: number }
const nameOf = (i: Item): string => i.name;

describe('diffNameOrdered', () => {
  test('finds what was replaced, added and removed between name-ordered lists, as a naive comparison does', () => {
    let seed = 7;
    const next = (): number => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let round = 0; round < 200; round++) {
      const names = Array.from({ length: 40 }, (_, i) => `n${String(i).padStart(2, '0')}`);
      const before: Item[] = names.filter(() => next() < 0.6).map((name) => ({ name, v: 0 }));
      const after: Item[] = [];
      for (const name of names) {
        const was = before.find((b) => b.name === name);
        const roll = next();
        if (was && roll < 0.8) after.push(was);
        else if (was && roll < 0.9) after.push({ name, v: 1 });
        else if (!was && roll < 0.1) after.push({ name, v: 2 });
      }
      const diff = diffNameOrdered(before, after, nameOf, Infinity);
      assert.ok(diff);
      const byName = (list: Item[]) => new Map(list.map((i) => [i.name, i]));
      const b = byName(before);
      const a = byName(after);
      assert.deepEqual(diff.replaced.map(([n, x, y]) => [n, x, y]), [...a].filter(([n, i]) => b.has(n) && b.get(n) !== i).map(([n, i]) => [n, b.get(n), i]));
      assert.deepEqual(diff.added, [...a].filter(([n]) => !b.has(n)));
      assert.deepEqual(diff.removed, [...b].filter(([n]) => !a.has(n)));
    }
  });

  test('gives up past the limit of differing places', () => {
    const before = ['a', 'b', 'c', 'd'].map((name) => ({ name, v: 0 }));
    const after = before.map((i) => ({ ...i, v: 1 }));
    assert.equal(diffNameOrdered(before, after, nameOf, 3), undefined);
    assert.equal(diffNameOrdered(before, after, nameOf, 4)?.replaced.length, 4);
    assert.deepEqual(diffNameOrdered(before, before, nameOf, 0), { replaced: [], added: [], removed: [] });
  });

  test('inStrictNameOrder: strictly increasing, non-empty names only', () => {
    const items = (...names: string[]): Item[] => names.map((name) => ({ name, v: 0 }));
    assert.ok(inStrictNameOrder(items(), nameOf));
    assert.ok(inStrictNameOrder(items('a', 'b', 'c'), nameOf));
    assert.ok(!inStrictNameOrder(items('a', 'c', 'b'), nameOf));
    assert.ok(!inStrictNameOrder(items('a', 'a'), nameOf));
    assert.ok(!inStrictNameOrder(items('', 'a'), nameOf));
  });
});
