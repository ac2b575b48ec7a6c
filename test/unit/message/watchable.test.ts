import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { WatchableMap, handleSubscription, type Snapshot } from '../../../src/message/watchable';

/** Reads snapshots with a time limit; a read that timed out stays pending for the next call. */
class Reader<K, V> {
  private pending: Promise<IteratorResult<Snapshot<K, V>>> | null = null;
  constructor(private readonly it: AsyncIterator<Snapshot<K, V>>) {}

  private race<T>(ms: number, onTimeout: () => T): Promise<IteratorResult<Snapshot<K, V>> | T> {
    this.pending ??= this.it.next();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<T>((resolve) => { timer = setTimeout(() => resolve(onTimeout()), ms); });
    return Promise.race([this.pending, timeout]).finally(() => clearTimeout(timer));
  }

  async next(timeoutMs = 1000): Promise<Snapshot<K, V>> {
    const r = await this.race(timeoutMs, () => 'timeout' as const);
    if (r === 'timeout') throw new Error('no snapshot in time');
    this.pending = null;
    assert.equal(r.done, false);
    return r.value as Snapshot<K, V>;
  }

  /** True when no snapshot arrives within ms. */
  async quiet(ms = 50): Promise<boolean> {
    return (await this.race(ms, () => 'quiet' as const)) === 'quiet';
  }
}

function reader<K, V>(sub: AsyncIterable<Snapshot<K, V>>): Reader<K, V> {
  return new Reader(sub[Symbol.asyncIterator]());
}

describe('WatchableMap', () => {
  test('store, load, loadAll, delete', () => {
    const m = new WatchableMap<string, { n: number }>();
    assert.equal(m.store('a', { n: 1 }), true);
    assert.deepEqual(m.load('a'), { n: 1 });
    assert.equal(m.delete('a'), true);
    assert.equal(m.delete('a'), false);
    assert.equal(m.load('a'), undefined);
    assert.equal(m.loadAll().size, 0);
  });

  test('a new subscription is immediately readable with the full state and no updates', async () => {
    const m = new WatchableMap<string, number>();
    m.store('a', 1);
    m.store('b', 2);
    const sub = m.subscribe();
    const snap = await reader(sub).next();
    assert.deepEqual([...snap.state], [['a', 1], ['b', 2]]);
    assert.deepEqual(snap.updates, []);
    sub.close();
  });

  test('storing a deep-equal value is a no-op: no event', async () => {
    const m = new WatchableMap<string, { list: number[]; nested: { x: string } }>();
    m.store('k', { list: [1, 2], nested: { x: 'y' } });
    const it = reader(m.subscribe());
    await it.next();
    assert.equal(m.store('k', { list: [1, 2], nested: { x: 'y' } }), false);
    assert.equal(await it.quiet(), true);
    assert.equal(m.store('k', { list: [1, 3], nested: { x: 'y' } }), true);
    const snap = await it.next();
    assert.deepEqual(snap.updates.map((u) => u.key), ['k']);
  });

  test('mutations between reads coalesce into one snapshot with the latest update per key', async () => {
    const m = new WatchableMap<string, number>();
    const it = reader(m.subscribe());
    await it.next();
    m.store('a', 1);
    m.store('b', 1);
    m.store('a', 2);
    m.delete('b');
    const snap = await it.next();
    assert.deepEqual([...snap.state], [['a', 2]]);
    assert.deepEqual(snap.updates.map((u) => [u.key, u.value, u.deleted]), [['a', 2, false], ['b', undefined, true]]);
    assert.equal(await it.quiet(), true);
  });

  test('values are isolated between publisher and subscribers', async () => {
    const m = new WatchableMap<string, { items: string[] }>();
    const original = { items: ['x'] };
    m.store('k', original);
    original.items.push('mutated by publisher');
    const snap = await reader(m.subscribe()).next();
    const seen = snap.state.get('k')!;
    assert.deepEqual(seen.items, ['x']);
    assert.throws(() => { (seen.items as string[]).push('mutated by subscriber'); }, TypeError);
    assert.deepEqual(m.load('k')!.items, ['x']);
  });

  test('binary values are copied, not frozen', () => {
    const m = new WatchableMap<string, { bytes: Uint8Array }>();
    const bytes = new Uint8Array([1, 2, 3]);
    m.store('k', { bytes });
    bytes[0] = 9;
    assert.equal(m.load('k')!.bytes[0], 1);
  });

  test('subscribeSubset sees only its keys', async () => {
    const m = new WatchableMap<string, number>();
    m.store('a', 1);
    m.store('b', 1);
    const it = reader(m.subscribeSubset(['b']));
    const first = await it.next();
    assert.deepEqual([...first.state.keys()], ['b']);
    m.store('a', 2);
    assert.equal(await it.quiet(), true);
    m.store('b', 2);
    const snap = await it.next();
    assert.deepEqual([...snap.state], [['b', 2]]);
  });

  test('closing (or aborting) ends the iteration', async () => {
    const m = new WatchableMap<string, number>();
    const ac = new AbortController();
    const sub = m.subscribe(ac.signal);
    const seen: number[] = [];
    const loop = (async () => { for await (const s of sub) seen.push(s.state.size); })();
    await new Promise((r) => setImmediate(r));
    ac.abort();
    await loop;
    assert.deepEqual(seen, [0]);
    assert.equal(m.subscriberCount, 0);
  });

  test('10,000 rapid stores against a slow subscriber end with the right final state and no backlog', async () => {
    const m = new WatchableMap<string, number>();
    const sub = m.subscribe();
    let reads = 0;
    let last: ReadonlyMap<string, number> = new Map();
    const done = (async () => {
      for await (const snap of sub) {
        reads++;
        last = snap.state;
        assert.ok(snap.updates.length <= 100, 'updates hold at most one entry per key');
        await new Promise((r) => setTimeout(r, 5)); // a slow subscriber
        if (snap.state.get('key-99') === 9999) break;
      }
    })();
    for (let i = 0; i < 10_000; i++) {
      m.store(`key-${i % 100}`, i);
      if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
    }
    await Promise.race([done, new Promise((_, rej) => setTimeout(() => rej(new Error('subscriber did not converge')), 5000))]);
    sub.close();
    assert.equal(last.size, 100);
    for (let k = 0; k < 100; k++) assert.equal(last.get(`key-${k}`), 9900 + k);
    assert.ok(reads < 100, `coalesced into few reads, got ${reads}`);
  });
});

describe('handleSubscription', () => {
  test('hands pre-existing entries over as stores on the first read, then the updates', async () => {
    const m = new WatchableMap<string, number>();
    m.store('a', 1);
    const sub = m.subscribe();
    const seen: string[] = [];
    const done = handleSubscription(sub, (u) => {
      seen.push(`${u.deleted ? 'delete' : 'store'} ${u.key}${u.deleted ? '' : '=' + u.value}`);
      if (seen.length === 3) sub.close();
    });
    await new Promise((r) => setImmediate(r));
    m.store('b', 2);
    await new Promise((r) => setImmediate(r));
    m.delete('a');
    await Promise.race([done, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000))]);
    assert.deepEqual(seen, ['store a=1', 'store b=2', 'delete a']);
  });
});
