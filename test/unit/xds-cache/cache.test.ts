import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SnapshotCache, type CacheRead, type ChangeSet } from '../../../src/xds/cache';
import { createHash } from 'node:crypto';
import { setVersion, type ResourceEntry } from '../../../src/xds/cache/entry';
import { loadXdsProtos } from '../../../src/xds/proto';
import { TypeUrl } from '../../../src/xds/types';
import { basicGateway, cluster, endpoints, listener, resources, route, secret } from './fixtures';

const GW = 'default/eg';

function changed(read: CacheRead | undefined): Record<string, string[]> | 'full' | undefined {
  if (!read) return undefined;
  if (read.changes === 'full') return 'full';
  return toRecord(read.changes);
}

function toRecord(changes: ChangeSet): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [typeUrl, names] of changes) out[typeUrl.slice(typeUrl.lastIndexOf('.') + 1)] = [...names].sort();
  return out;
}

/** Reads every entry's bytes, as streams serving the whole gateway would. */
function readAll(cache: SnapshotCache, gateway: string): void {
  for (const t of cache.snapshot(gateway)?.types.values() ?? []) for (const e of t.entries.values()) void e.bytes;
}

describe('SnapshotCache versions and encoding', () => {
  test('versions derive from content: equal content, equal versions, in another cache too', () => {
    const a = new SnapshotCache();
    const b = new SnapshotCache();
    a.setResources(GW, basicGateway());
    b.setResources('other/gw', basicGateway('other/gw'));
    const va = a.snapshot(GW);
    const vb = b.snapshot('other/gw');
    assert.ok(va && vb);
    for (const typeUrl of [TypeUrl.Listener, TypeUrl.RouteConfiguration, TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.Secret]) {
      assert.equal(va.types.get(typeUrl)?.version, vb.types.get(typeUrl)?.version, typeUrl);
      for (const [name, entry] of va.types.get(typeUrl)?.entries ?? []) {
        assert.equal(entry.version, vb.types.get(typeUrl)?.entries.get(name)?.version);
        assert.match(entry.version, /^[A-Za-z0-9_-]{16}$/);
      }
    }
  });

  test('an entry holds the encoded bytes once, ready as an Any', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, basicGateway());
    const entry = cache.snapshot(GW)?.types.get(TypeUrl.Listener)?.entries.get('l1');
    assert.ok(entry);
    assert.equal(entry.encoded, false, 'nothing is encoded before a stream needs it');
    assert.equal(entry.any.type_url, TypeUrl.Listener);
    assert.equal(entry.any.value, entry.bytes, 'the Any wraps the same bytes, no copy');
    assert.equal(entry.bytes, entry.bytes, 'encoded once, then the same bytes');
    assert.equal(cache.encodeCount, 1);
    const decoded = loadXdsProtos().decode(TypeUrl.Listener, entry.bytes);
    assert.equal(decoded.name, 'l1');
    const c1 = cache.snapshot(GW)?.types.get(TypeUrl.Cluster)?.entries.get('c1');
    assert.equal(c1?.edsServiceName, 'c1');
  });

  test('unchanged resources are not encoded again and keep their entry; changed ones get a new version', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, basicGateway());
    assert.equal(cache.encodeCount, 0, 'encoded when a stream first needs them');
    readAll(cache, GW);
    assert.equal(cache.encodeCount, 4);
    const before = cache.snapshot(GW);
    // A new but deep-equal set: nothing to do.
    assert.equal(cache.setResources(GW, basicGateway()), false);
    assert.equal(cache.encodeCount, 4);
    assert.equal(cache.snapshot(GW), before);

    assert.equal(cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', '10.0.0.2')] }), true);
    readAll(cache, GW);
    assert.equal(cache.encodeCount, 5);
    const after = cache.snapshot(GW);
    assert.ok(before && after);
    // Other types keep their whole snapshot object; the changed type gets a new version.
    assert.equal(after.types.get(TypeUrl.Listener), before.types.get(TypeUrl.Listener));
    assert.equal(after.types.get(TypeUrl.Cluster)?.entries.get('c1'), before.types.get(TypeUrl.Cluster)?.entries.get('c1'));
    assert.notEqual(after.types.get(TypeUrl.ClusterLoadAssignment)?.version, before.types.get(TypeUrl.ClusterLoadAssignment)?.version);
    assert.equal(after.seq, before.seq + 1);
  });

  test('a type version is the hash of its (name, version) pairs in name order, whatever order they come in', () => {
    // Pinned against the digest of the pairs hashed one part at a time: versions stay the same
    // across releases, so proxies holding a version are not sent it again after an upgrade.
    const pairs = [['b', 'v2'], ['a', 'v1'], ['c/x', 'v3']] as const;
    const entries = pairs.map(([name, version]) => ({ name, version }) as ResourceEntry);
    const expected = createHash('sha256');
    for (const [name, version] of [...pairs].sort((x, y) => (x[0] < y[0] ? -1 : 1))) expected.update(name).update('\0').update(version).update('\n');
    assert.equal(setVersion(entries), expected.digest('base64url').slice(0, 16));
    assert.equal(setVersion([...entries].reverse()), setVersion(entries));
    assert.notEqual(setVersion(entries.slice(1)), setVersion(entries));
  });

  test('the type version changes when a resource is added, removed or changed, and only then', () => {
    const cache = new SnapshotCache();
    const version = () => cache.snapshot(GW)?.types.get(TypeUrl.Cluster)?.version;
    cache.setResources(GW, resources(GW, { clusters: [cluster('c1')] }));
    const v1 = version();
    cache.setResources(GW, resources(GW, { clusters: [cluster('c1'), cluster('c2')] }));
    const v2 = version();
    cache.setResources(GW, resources(GW, { clusters: [cluster('c1'), cluster('c2', 3)] }));
    const v3 = version();
    cache.setResources(GW, resources(GW, { clusters: [cluster('c2', 3), cluster('c1')] })); // order does not matter
    const v4 = version();
    cache.setResources(GW, resources(GW, { clusters: [cluster('c1')] }));
    assert.equal(new Set([v1, v2, v3]).size, 3);
    assert.equal(v4, v3);
    assert.equal(version(), v1);
  });

  test('stats count gateways, resources and encodes', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, { ...basicGateway(), secrets: [secret('s1')] });
    cache.setResources('ns/other', resources('ns/other', { clusters: [cluster('x')] }));
    assert.deepEqual(cache.stats(), { gateways: 2, resources: 6, encodes: 0, events: 2, subscribers: 0 });
    readAll(cache, GW);
    assert.deepEqual(cache.stats(), { gateways: 2, resources: 6, encodes: 5, events: 2, subscribers: 0 }, 'only what was read was encoded');
    assert.deepEqual(cache.gateways(), [GW, 'ns/other']);
    cache.deleteGateway('ns/other');
    assert.deepEqual(cache.gateways(), [GW]);
  });
});

describe('SnapshotCache subscriptions', () => {
  test('a new subscription starts from the current snapshot, then follows changes', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, basicGateway());
    const sub = cache.subscribe(GW);
    const first = sub.read();
    assert.equal(changed(first), 'full');
    assert.equal(first?.snapshot, cache.snapshot(GW));
    assert.equal(sub.read(), undefined, 'nothing new');
    cache.setResources(GW, { ...basicGateway(), listeners: [listener('l1'), listener('l2', 'r1', 10081)] });
    assert.deepEqual(changed(sub.read()), { Listener: ['l2'] });
    sub.close();
    assert.equal(sub.read(), undefined);
  });

  test('a slow reader gets one coalesced read: the latest state and every name that changed', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, basicGateway());
    let notified = 0;
    const sub = cache.subscribe(GW, () => { notified += 1; });
    sub.read();
    for (let i = 0; i < 20; i++) cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', `10.0.1.${i}`)] });
    cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', '10.0.1.19')], routes: [route('r1'), route('r2')] });
    assert.equal(notified, 21);
    const read = sub.read();
    assert.deepEqual(changed(read), { ClusterLoadAssignment: ['c1'], RouteConfiguration: ['r2'] });
    assert.equal(read?.snapshot, cache.snapshot(GW));
    assert.equal(sub.read(), undefined);
  });

  test('a reader further behind than the event log gets a fresh snapshot ("full")', () => {
    const cache = new SnapshotCache({ eventLogCapacity: 4 });
    cache.setResources(GW, basicGateway());
    const sub = cache.subscribe(GW);
    sub.read();
    for (let i = 0; i < 4; i++) cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', `10.0.2.${i}`)] });
    assert.deepEqual(changed(sub.read()), { ClusterLoadAssignment: ['c1'] }, 'still within the log');
    for (let i = 0; i < 5; i++) cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', `10.0.3.${i}`)] });
    const read = sub.read();
    assert.equal(changed(read), 'full');
    assert.equal(read?.snapshot, cache.snapshot(GW));
  });

  test('the log is also bounded by the names it holds: churn far larger than the gateway reads "full"', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, basicGateway());
    const sub = cache.subscribe(GW);
    sub.read();
    // Two events of 800 clusters each: more names than the bound (1024 here, the gateway being small).
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => cluster(`c-${tag}-${i}`));
    cache.setResources(GW, { ...basicGateway(), clusters: [cluster('c1'), ...many(800, 'a')] });
    assert.equal(Object.keys(changed(sub.read()) as object).length, 1, 'one event is within the bound');
    cache.setResources(GW, { ...basicGateway(), clusters: [cluster('c1'), ...many(800, 'b')] });
    cache.setResources(GW, basicGateway());
    assert.equal(changed(sub.read()), 'full', 'a reader behind by more names than the bound gets the snapshot');
    assert.equal(sub.read(), undefined);
    cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', '10.0.9.9')] });
    assert.deepEqual(changed(sub.read()), { ClusterLoadAssignment: ['c1'] }, 'and follows changes again');
  });

  test('an unknown gateway has no snapshot until it is stored; deletion reports every name', () => {
    const cache = new SnapshotCache();
    const sub = cache.subscribe('default/later');
    const first = sub.read();
    assert.equal(changed(first), 'full');
    assert.equal(first?.snapshot, undefined);
    cache.setResources('default/later', basicGateway('default/later'));
    const appeared = sub.read();
    assert.deepEqual(changed(appeared), { Listener: ['l1'], RouteConfiguration: ['r1'], Cluster: ['c1'], ClusterLoadAssignment: ['c1'] });
    assert.ok(appeared?.snapshot);
    cache.deleteGateway('default/later');
    const gone = sub.read();
    assert.equal(gone?.snapshot, undefined);
    assert.deepEqual(changed(gone), { Listener: ['l1'], RouteConfiguration: ['r1'], Cluster: ['c1'], ClusterLoadAssignment: ['c1'] });
    // Re-created after deletion: everything is new again (encoded again, same versions).
    cache.setResources('default/later', basicGateway('default/later'));
    assert.ok(sub.read()?.snapshot);
    sub.close();
    assert.deepEqual(cache.stats().subscribers, 0);
  });

  test('subscriptions are async iterables that never queue', async () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, basicGateway());
    const sub = cache.subscribe(GW);
    const reads: CacheRead[] = [];
    const loop = (async () => {
      for await (const read of sub) {
        reads.push(read);
        if (reads.length === 2) break;
      }
    })();
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 10; i++) cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', `10.0.4.${i}`)] });
    await Promise.race([loop, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    assert.equal(reads.length, 2);
    assert.equal(changed(reads[0]), 'full');
    assert.deepEqual(changed(reads[1]), { ClusterLoadAssignment: ['c1'] });
    assert.equal(reads[1]?.snapshot, cache.snapshot(GW), 'the latest state, not one per update');
  });

  test('nameless resources are skipped; duplicate names keep the last one', () => {
    const cache = new SnapshotCache();
    cache.setResources(GW, resources(GW, { clusters: [{ connect_timeout: { seconds: '1' } }, cluster('c1', 1), cluster('c1', 2)] }));
    const clusters = cache.snapshot(GW)?.types.get(TypeUrl.Cluster)?.entries;
    assert.deepEqual([...(clusters?.keys() ?? [])], ['c1']);
    const decoded = loadXdsProtos().decode(TypeUrl.Cluster, clusters?.get('c1')?.bytes ?? new Uint8Array()) as { connect_timeout?: { seconds?: string } };
    assert.equal(decoded.connect_timeout?.seconds, '2');
  });
});

describe('SnapshotCache: lists that differ in a few places', () => {
  /** A small deterministic generator (the sequence is the same on every run). */
  function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  }

  /** What a reader sees of a type: names in order with their versions, and the type's version. */
  function view(cache: SnapshotCache, typeUrl: string): { names: string[]; versions: string[]; version: string } {
    const t = cache.snapshot(GW)?.types.get(typeUrl as typeof TypeUrl.Cluster);
    const entries = [...(t?.entries.values() ?? [])];
    return { names: entries.map((e) => e.name), versions: entries.map((e) => e.version), version: t?.version ?? '' };
  }

  test('each step (edits in place, swaps in name order, renames, duplicates, reorders, growth) gives what a fresh cache gives, and names what changed', () => {
    const next = random(7);
    let list = Array.from({ length: 200 }, (_, i) => endpoints(`c${String(i).padStart(3, '0')}`, `10.0.${i >> 8}.${i & 255}`));
    const cache = new SnapshotCache();
    cache.setResources(GW, resources(GW, { endpoints: list }));
    const sub = cache.subscribe(GW);
    sub.read();
    for (let step = 0; step < 200; step++) {
      const before = view(cache, TypeUrl.ClusterLoadAssignment);
      const copy = [...list];
      const roll = next();
      if (roll < 0.6) {
        // A few assignments replaced by other objects of the same name: new addresses, or the same content.
        for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
          const i = Math.floor(next() * copy.length);
          const name = copy[i]!.cluster_name!;
          copy[i] = next() < 0.3 ? endpoints(name, ...(copy[i]!.endpoints![0]!.lb_endpoints!.map((e) => e.endpoint!.address!.socket_address!.address!))) : endpoints(name, `10.9.${step}.${k}`);
        }
      } else if (roll < 0.7) {
        const i = Math.floor(next() * copy.length);
        copy[i] = endpoints(`renamed-${step}`, '10.8.0.1'); // another name in that place
      } else if (roll < 0.78) {
        const i = Math.floor(next() * (copy.length - 1));
        copy[i] = endpoints(copy[i + 1]!.cluster_name!, '10.7.0.1'); // a name listed twice: the last one wins
      } else if (roll < 0.86) {
        const i = Math.floor(next() * (copy.length - 1));
        [copy[i], copy[i + 1]] = [copy[i + 1]!, copy[i]!]; // the same objects in another order
      } else if (roll < 0.88) {
        copy.push(endpoints(`added-${step}`, '10.6.0.1')); // out of name order
      } else if (roll < 0.94) {
        // One assignment swapped for another of a new name, each in its name order place.
        const i = Math.floor(next() * copy.length);
        copy.splice(i, 1);
        const j = Math.floor(next() * copy.length);
        copy.splice(j + 1, 0, endpoints(`${copy[j]!.cluster_name!}-${step}`, '10.5.0.1'));
      } else {
        copy.splice(Math.floor(next() * copy.length), 1);
      }
      if (next() < 0.05) copy.sort((a, b) => (a.cluster_name! < b.cluster_name! ? -1 : 1)); // in order again
      list = copy;
      cache.setResources(GW, resources(GW, { endpoints: list }));
      const fresh = new SnapshotCache();
      fresh.setResources(GW, resources(GW, { endpoints: list }));
      const got = view(cache, TypeUrl.ClusterLoadAssignment);
      assert.deepEqual(got, view(fresh, TypeUrl.ClusterLoadAssignment), `step ${step}`);
      // The changes named are the names whose version changed, came or went; a name listed
      // twice may be named too (the whole comparison looks at both of its objects).
      const was = new Map(before.names.map((n, i) => [n, before.versions[i]]));
      const now = new Map(got.names.map((n, i) => [n, got.versions[i]]));
      const expected = [...new Set([...was.keys(), ...now.keys()])].filter((n) => was.get(n) !== now.get(n)).sort();
      const listedTwice = new Set(list.map((e) => e.cluster_name!).filter((n, i, all) => all.indexOf(n) !== i));
      const read = sub.read();
      const named = read && read.changes !== 'full' ? [...(read.changes.get(TypeUrl.ClusterLoadAssignment) ?? [])].sort() : expected.length === 0 ? [] : read?.changes;
      assert.deepEqual(Array.isArray(named) ? named.filter((n) => !listedTwice.has(n) || expected.includes(n)) : named, expected, `step ${step}: changes`);
    }
    sub.close();
  });
});
