import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { compactCopy } from '../../../src/provider/compact';

describe('compactCopy', () => {
  it('is a deep copy equal to its input, sharing nothing', () => {
    const input = { a: 'x'.repeat(40), list: [1, 'two', { three: true }], nested: { deep: { n: 1.5 } } };
    const copy = compactCopy(input);
    assert.deepEqual(copy, input);
    assert.notEqual(copy, input);
    assert.notEqual(copy.list, input.list);
    assert.notEqual(copy.nested.deep, input.nested.deep);
    copy.nested.deep.n = 2;
    assert.equal(input.nested.deep.n, 1.5);
  });

  it('keeps what JSON cannot carry: NaN, infinities, null list items', () => {
    const input = { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, list: [null, 1], text: 'null' };
    const copy = compactCopy(input);
    assert.ok(Number.isNaN(copy.nan));
    assert.equal(copy.inf, Number.POSITIVE_INFINITY);
    assert.deepEqual(copy.list, [null, 1]);
    assert.equal(copy.text, 'null');
    assert.notEqual(copy, input);
  });

  it('keeps a "__proto__" key as data, not as the prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": 1}, "b": 2}') as Record<string, unknown>;
    const copy = compactCopy(input);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.deepEqual(Object.keys(copy), ['__proto__', 'b']);
  });

  it('returns scalars as they are', () => {
    assert.equal(compactCopy('s'), 's');
    assert.equal(compactCopy(3), 3);
    assert.equal(compactCopy(null), null);
  });
});
