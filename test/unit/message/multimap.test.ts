import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { SetMultimap } from '../../../src/message/multimap';

describe('SetMultimap', () => {
  test('a key holds its values in insertion order, each once', () => {
    const m = new SetMultimap<string, string>();
    m.add('svc', 'a');
    assert.deepEqual([...m.get('svc')], ['a']);
    m.add('svc', 'a');
    assert.deepEqual([...m.get('svc')], ['a']);
    m.add('svc', 'b');
    m.add('svc', 'c');
    m.add('svc', 'b');
    assert.deepEqual([...m.get('svc')], ['a', 'b', 'c']);
    assert.deepEqual([...m.get('other')], []);
    assert.equal(m.size, 1);
  });

  test('deleting values down to one, then none, drops the key; adding again starts over', () => {
    const m = new SetMultimap<string, number>();
    for (const v of [1, 2, 3]) m.add('k', v);
    m.delete('k', 2);
    assert.deepEqual([...m.get('k')], [1, 3]);
    m.delete('k', 1);
    assert.deepEqual([...m.get('k')], [3]);
    m.add('k', 4);
    assert.deepEqual([...m.get('k')], [3, 4]);
    m.delete('k', 3);
    m.delete('k', 99);
    assert.deepEqual([...m.get('k')], [4]);
    m.delete('k', 4);
    assert.equal(m.size, 0);
    assert.deepEqual([...m.get('k')], []);
    m.delete('k', 4);
    assert.equal(m.size, 0);
  });

  test('a lone value other than the one deleted stays', () => {
    const m = new SetMultimap<string, string>();
    m.add('k', 'x');
    m.delete('k', 'y');
    assert.deepEqual([...m.get('k')], ['x']);
  });
});
