/**
 * SotW RDS/EDS on a new stream (another replica, a restart): version_info digests what the
 * client holds (src/xds/server/held.ts), so a client that comes back holding the current
 * resources for its names is sent nothing, and one that lacks some is sent what it lacks.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DiscoveryResponse';
import { HeldResources } from '../../../src/xds/server/held';
import type { XdsResources } from '../../../src/xds/types';
import { cluster, endpoints, listener, resources, route, secret } from '../xds-cache/fixtures';
import { CDS, EDS, LDS, RDS, SDS, SotwClient, makeNode, namesOf, shortType, startHarness, type Harness } from './harness';

const GW = 'default/eg';

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await startHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

function client(h: Harness, nodeId = 'envoy-1'): SotwClient {
  const c = new SotwClient(h.address, makeNode(GW, nodeId));
  h.clients.push(c);
  return c;
}

function gateway(ips: { c1?: string; c2?: string } = {}, r2Clusters = ['c2'], c1Timeout = 1): XdsResources {
  return resources(GW, {
    listeners: [listener('l1', 'r1', 10080), listener('l2', 'r2', 10081)],
    routes: [route('r1', ['c1']), route('r2', r2Clusters)],
    clusters: [cluster('c1', c1Timeout), cluster('c2')],
    endpoints: [endpoints('c1', ips.c1 ?? '10.0.0.1'), endpoints('c2', ips.c2 ?? '10.0.0.2')],
    secrets: [secret('s1')],
  });
}

/** Subscribes SDS [s1], CDS, EDS [c1, c2], LDS, RDS [r1, r2], ACKing each; returns the last response of each type. */
async function holdAll(c: SotwClient): Promise<Map<string, DiscoveryResponse__Output>> {
  const last = new Map<string, DiscoveryResponse__Output>();
  for (const [typeUrl, names] of [[SDS, ['s1']], [CDS, []], [EDS, ['c1', 'c2']], [LDS, []], [RDS, ['r1', 'r2']]] as const) {
    c.request(typeUrl, [...names]);
    const r = await c.next();
    c.ack(r, [...names]);
    last.set(typeUrl, r);
  }
  await c.expectNone();
  return last;
}

/** A new stream asking for what the old one held: each type's last version_info and names. */
function resume(c: SotwClient, held: Map<string, DiscoveryResponse__Output>, names: Partial<Record<string, string[]>> = {}): void {
  for (const [typeUrl, defaults] of [[SDS, ['s1']], [CDS, []], [EDS, ['c1', 'c2']], [LDS, []], [RDS, ['r1', 'r2']]] as const) {
    const r = held.get(typeUrl);
    c.request(typeUrl, names[typeUrl] ?? [...defaults], { version_info: r?.version_info ?? '', response_nonce: r?.nonce ?? '' });
  }
}

function typeStatus(h: Harness, nodeId: string, typeUrl: string) {
  return h.registry.list().find((p) => p.nodeId === nodeId)?.types.find((t) => t.typeUrl === typeUrl);
}

describe('SotW RDS/EDS resume', () => {
  test('version_info digests what the client holds: every RDS/EDS response says so, whatever it carries', () => withHarness(async (h) => {
    h.cache.setResources(GW, gateway());
    const c = client(h);
    const held = await holdAll(c);
    const snap = h.cache.snapshot(GW);
    const digest = (typeUrl: string, names: string[]) => new HeldResources(names.map((n) => snap?.types.get(typeUrl as typeof EDS)?.entries.get(n)).filter((e) => e !== undefined)).version;
    assert.equal(held.get(EDS)?.version_info, digest(EDS, ['c1', 'c2']));
    assert.equal(held.get(RDS)?.version_info, digest(RDS, ['r1', 'r2']));
    assert.match(held.get(EDS)?.version_info ?? '', /^2:[A-Za-z0-9_-]{22}$/, 'the count, then the digest');

    // One assignment changes: the response carries it alone, under the digest of both.
    h.cache.setResources(GW, gateway({ c2: '10.0.0.22' }));
    const eds = await c.next();
    assert.deepEqual(namesOf(eds), ['c2']);
    assert.equal(eds.version_info, new HeldResources(['c1', 'c2'].map((n) => h.cache.snapshot(GW)?.types.get(EDS)?.entries.get(n)).filter((e) => e !== undefined)).version);
  }));

  test('a client holding exactly the current RDS/EDS/SDS resources for its names is sent nothing, and is recorded holding them', () => withHarness(async (h) => {
    h.cache.setResources(GW, gateway());
    const first = client(h, 'envoy-a');
    const held = await holdAll(first);
    first.close();

    const again = client(h, 'envoy-b');
    resume(again, held);
    await again.expectNone();
    for (const typeUrl of [SDS, CDS, EDS, LDS, RDS]) {
      assert.equal(typeStatus(h, 'envoy-b', typeUrl)?.ackedVersion, held.get(typeUrl)?.version_info, `${shortType(typeUrl)} recorded as held`);
    }
    // Held means the stream knows it: later changes go out as on any stream.
    h.cache.setResources(GW, gateway({ c1: '10.0.0.11' }));
    const eds = await again.next();
    assert.deepEqual(namesOf(eds), ['c1']);
    assert.equal(eds.version_info, new HeldResources(['c1', 'c2'].map((n) => h.cache.snapshot(GW)?.types.get(EDS)?.entries.get(n)).filter((e) => e !== undefined)).version);
  }));

  test('a client missing one name (subscribed as the stream broke) is sent that one alone', () => withHarness(async (h) => {
    h.cache.setResources(GW, resources(GW, { ...gateway(), routes: [route('r1', ['c1']), route('r2', ['c2']), route('r3', ['c1'])] }));
    const first = client(h);
    const held = await holdAll(first);
    first.close();

    const again = client(h);
    resume(again, held, { [RDS]: ['r1', 'r2', 'r3'] });
    const rds = await again.next();
    assert.equal(rds.type_url, RDS);
    assert.deepEqual(namesOf(rds), ['r3'], 'only what it lacks');
    again.ack(rds, ['r1', 'r2', 'r3']);
    await again.expectNone();
  }));

  test('a client holding an older resource is sent every resource of that type for its names (the digest cannot say which is older)', () => withHarness(async (h) => {
    h.cache.setResources(GW, gateway());
    const first = client(h);
    const held = await holdAll(first);
    first.close();

    h.cache.setResources(GW, gateway({ c2: '10.0.0.22' }, ['c1']));
    const again = client(h);
    resume(again, held);
    const eds = await again.next();
    assert.equal(eds.type_url, EDS);
    assert.deepEqual(namesOf(eds), ['c1', 'c2']);
    again.ack(eds, ['c1', 'c2']);
    const rds = await again.next();
    assert.equal(rds.type_url, RDS);
    assert.deepEqual(namesOf(rds), ['r1', 'r2']);
    again.ack(rds, ['r1', 'r2']);
    await again.expectNone();
  }));

  test('a resumed stream whose clusters changed gets their assignments again, though it holds them (they warm on them)', () => withHarness(async (h) => {
    h.cache.setResources(GW, gateway());
    const first = client(h);
    const held = await holdAll(first);
    first.close();
    h.cache.setResources(GW, gateway({}, ['c2'], 7));

    // Clusters asked first (as Envoy does): they are sent, and then every assignment is.
    const again = client(h);
    resume(again, held);
    const cds = await again.next();
    assert.equal(cds.type_url, CDS);
    const eds = await again.next();
    assert.equal(eds.type_url, EDS);
    assert.deepEqual(namesOf(eds), ['c1', 'c2']);
    again.ack(cds);
    again.ack(eds, ['c1', 'c2']);
    await again.expectNone();

    // Assignments asked first, their claim taken; the clusters' claim does not match: the
    // clusters go, and then their assignments again.
    const late = client(h);
    late.request(EDS, ['c1', 'c2'], { version_info: held.get(EDS)?.version_info ?? '' });
    await late.expectNone();
    late.request(CDS, [], { version_info: held.get(CDS)?.version_info ?? '' });
    const lateCds = await late.next();
    assert.equal(lateCds.type_url, CDS);
    const lateEds = await late.next();
    assert.equal(lateEds.type_url, EDS);
    assert.deepEqual(namesOf(lateEds), ['c1', 'c2']);
  }));

  test('a NACKed route is not sent again; its rejected version is counted as sent, so a later claim does not bring it back', () => withHarness(async (h) => {
    h.cache.setResources(GW, gateway());
    const first = client(h);
    const held = await holdAll(first);
    const accepted = held.get(RDS) as DiscoveryResponse__Output;

    h.cache.setResources(GW, gateway({}, ['c1']));
    const bad = await first.next();
    assert.deepEqual(namesOf(bad), ['r2']);
    first.nack(bad, 'route r2: bad', accepted.version_info ?? '', ['r1', 'r2']);
    await first.expectNone();
    assert.equal(typeStatus(h, 'envoy-1', RDS)?.ackedVersion, accepted.version_info);
    assert.equal(typeStatus(h, 'envoy-1', RDS)?.lastNack?.version, bad.version_info);

    // r1 changes: the response carries r1 alone, not the rejected r2.
    h.cache.setResources(GW, resources(GW, { ...gateway({}, ['c1']), routes: [route('r1', ['c1', 'c2']), route('r2', ['c1'])] }));
    const next = await first.next();
    assert.deepEqual(namesOf(next), ['r1']);
    first.ack(next, ['r1', 'r2']);
    await first.expectNone();
    first.close();

    // Moved with that version: it names r2 as sent (rejected), which a new stream does not send
    // again either: it could only be rejected again.
    const again = client(h, 'envoy-2');
    again.request(RDS, ['r1', 'r2'], { version_info: next.version_info ?? '' });
    await again.expectNone();
  }));

  test('two servers with the same snapshot give the same version_info, however the names were subscribed', async () => {
    const [a, b] = [await startHarness(), await startHarness()];
    try {
      a.cache.setResources(GW, gateway());
      b.cache.setResources(GW, gateway());
      const ca = new SotwClient(a.address, makeNode(GW));
      const cb = new SotwClient(b.address, makeNode(GW));
      a.clients.push(ca);
      b.clients.push(cb);
      ca.request(RDS, ['r2']);
      const r2 = await ca.next();
      ca.ack(r2, ['r2', 'r1']);
      const both = await ca.next();
      assert.deepEqual(namesOf(both), ['r1']);
      cb.request(RDS, ['r1', 'r2']);
      const once = await cb.next();
      assert.deepEqual(namesOf(once), ['r1', 'r2']);
      assert.equal(both.version_info, once.version_info);
      assert.notEqual(r2.version_info, once.version_info);

      // The client moves from a to b with a's version: b sends nothing.
      ca.ack(both, ['r1', 'r2']);
      const moved = new SotwClient(b.address, makeNode(GW, 'moved'));
      b.clients.push(moved);
      moved.request(RDS, ['r2', 'r1'], { version_info: both.version_info ?? '' });
      await moved.expectNone();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
