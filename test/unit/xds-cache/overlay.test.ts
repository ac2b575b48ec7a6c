import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OverlayMap } from '../../../src/xds/cache/overlay';

describe('OverlayMap', () => {
  test('reads like the flat map with the same replacements, in the base order, across overlays and flattenings', () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${String(i).padStart(3, '0')}`);
    let flat = new Map(keys.map((k) => [k, 0]));
    let map: ReadonlyMap<string, number> = new Map(flat);
    let overlays = 0;
    for (let step = 1; step <= 60; step++) {
      const values = new Map([keys[(step * 7) % 100]!, keys[(step * 13) % 100]!].map((k) => [k, step]));
      map = OverlayMap.replacing(map, values);
      flat = new Map(flat);
      for (const [k, v] of values) flat.set(k, v);
      if (map instanceof OverlayMap) overlays += 1;
      assert.deepEqual([...map], [...flat], `step ${step}: entries`);
      assert.deepEqual([...map.keys()], keys);
      assert.deepEqual([...map.values()], [...flat.values()]);
      assert.equal(map.size, 100);
      for (const k of ['k007', 'k013', 'k050', 'nope']) {
        assert.equal(map.get(k), flat.get(k));
        assert.equal(map.has(k), flat.has(k));
      }
      const seen: [string, number][] = [];
      map.forEach((v, k) => seen.push([k, v]));
      assert.deepEqual(seen, [...flat]);
    }
    // Most steps are overlays; some flattened (more than 32 replaced values).
    assert.ok(overlays > 30 && overlays < 60, `overlays: ${overlays}`);
  });
});
