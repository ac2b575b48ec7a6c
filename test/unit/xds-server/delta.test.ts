import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { basicGateway, cluster, endpoints, resources, route } from '../xds-cache/fixtures';
import { CDS, DeltaClient, EDS, LDS, RDS, deltaNamesOf, makeNode, removedOf, startHarness, type Harness } from './harness';

const GW = 'default/eg';

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await startHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

function client(h: Harness, service: 'ads' | 'cds' = 'ads', gateway = GW): DeltaClient {
  const c = new DeltaClient(h.address, makeNode(gateway), service);
  h.clients.push(c);
  return c;
}

function threeClusters(c2ip = '10.0.0.2') {
  return resources(GW, {
    clusters: [cluster('c1'), cluster('c2'), cluster('c3')],
    endpoints: [endpoints('c1', '10.0.0.1'), endpoints('c2', c2ip), endpoints('c3', '10.0.0.3')],
    routes: [route('r1'), route('r2')],
  });
}

describe('Delta', () => {
  test('a first CDS request without names is a wildcard subscription', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(CDS);
    const r = await c.next();
    assert.deepEqual(deltaNamesOf(r), ['c1', 'c2', 'c3']);
    assert.deepEqual(removedOf(r), []);
    const snap = h.cache.snapshot(GW)?.types.get(CDS);
    assert.equal(r.system_version_info, snap?.version);
    for (const res of r.resources ?? []) assert.equal(res.version, snap?.entries.get(res.name ?? '')?.version);
    assert.ok(r.nonce);
    c.ack(r);
    await c.expectNone();
  }));

  test('"*" subscribes any type to everything', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(RDS, ['*']);
    assert.deepEqual(deltaNamesOf(await c.next()), ['r1', 'r2']);
  }));

  test('subscribe and unsubscribe', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(EDS, ['c1']);
    const first = await c.next();
    assert.deepEqual(deltaNamesOf(first), ['c1']);
    c.ack(first);
    c.subscribe(EDS, ['c2']);
    const second = await c.next();
    assert.deepEqual(deltaNamesOf(second), ['c2']);
    c.ack(second);
    c.unsubscribe(EDS, ['c1']);
    await c.expectNone();
    // c1 is no longer followed; c2 is.
    h.cache.setResources(GW, { ...threeClusters(), endpoints: [endpoints('c1', '10.1.1.1'), endpoints('c2', '10.0.0.2')] });
    await c.expectNone();
    h.cache.setResources(GW, { ...threeClusters(), endpoints: [endpoints('c1', '10.1.1.1'), endpoints('c2', '10.2.2.2')] });
    const third = await c.next();
    assert.deepEqual(deltaNamesOf(third), ['c2']);
    assert.deepEqual(removedOf(third), []);
  }));

  test('deletions are sent as removed_resources', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(CDS);
    c.ack(await c.next());
    h.cache.setResources(GW, { ...threeClusters(), clusters: [cluster('c1'), cluster('c3')] });
    const r = await c.next();
    assert.deepEqual(deltaNamesOf(r), []);
    assert.deepEqual(removedOf(r), ['c2']);
    c.ack(r);
    await c.expectNone();
  }));

  test('explicitly subscribed names that do not exist are reported removed, then sent when they appear', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(EDS, ['c1', 'c9']);
    const r = await c.next();
    assert.deepEqual(deltaNamesOf(r), ['c1']);
    assert.deepEqual(removedOf(r), ['c9']);
    c.ack(r);
    await c.expectNone();
    h.cache.setResources(GW, { ...threeClusters(), endpoints: [...threeClusters().endpoints, endpoints('c9', '10.9.9.9')] });
    const appeared = await c.next();
    assert.deepEqual(deltaNamesOf(appeared), ['c9']);
    c.ack(appeared);
    // A wildcard-only name that does not exist is never reported.
    c.subscribe(RDS, ['*']);
    const routes = await c.next();
    assert.deepEqual(removedOf(routes), []);
  }));

  test('a reconnect with initial_resource_versions gets only what differs', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const first = client(h);
    first.subscribe(CDS);
    const r = await first.next();
    first.ack(r);
    const versions = Object.fromEntries((r.resources ?? []).map((x) => [x.name ?? '', x.version ?? '']));
    first.close();

    // Unchanged: nothing to send at all.
    const same = client(h);
    same.subscribe(CDS, [], { initial_resource_versions: versions });
    await same.expectNone();
    same.close();

    // c1 changed, c2 went away, c4 is new; c3 is as the client has it.
    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1', 9), cluster('c3'), cluster('c4')] }));
    const again = client(h);
    again.subscribe(CDS, [], { initial_resource_versions: versions });
    const upserts = await again.next();
    assert.deepEqual(deltaNamesOf(upserts), ['c1', 'c4']);
    // Removing what the client holds comes last (break after make), once the upserts are ACKed.
    assert.deepEqual(removedOf(upserts), []);
    again.ack(upserts);
    const removal = await again.next();
    assert.deepEqual(deltaNamesOf(removal), []);
    assert.deepEqual(removedOf(removal), ['c2']);
  }));

  test('a client that comes back to a server without its gateway yet (a replica just started) keeps what it holds until the gateway is there', () => withHarness(async (h) => {
    const c = client(h);
    c.subscribe(CDS, [], { initial_resource_versions: { c1: 'v-old', gone: 'v-old' } });
    await c.expectNone();
    h.cache.setResources(GW, threeClusters());
    // Then only what differs: the three clusters (c1 at another version), and last the one gone.
    const upserts = await c.next();
    assert.deepEqual(deltaNamesOf(upserts), ['c1', 'c2', 'c3']);
    assert.deepEqual(removedOf(upserts), []);
    c.ack(upserts);
    const removal = await c.next();
    assert.deepEqual(removedOf(removal), ['gone']);
  }));

  test('a NACK is recorded and not answered with the same resources; the next version is sent', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(CDS);
    const rejected = await c.next();
    c.nack(rejected, 'cluster c2: invalid');
    await c.expectNone();
    const cds = h.registry.list()[0]?.types.find((t) => t.typeUrl === CDS);
    assert.equal(cds?.lastNack?.message, 'cluster c2: invalid');
    assert.equal(cds?.lastNack?.version, rejected.system_version_info);
    // An unrelated type changing does not bring the rejected clusters back.
    h.cache.setResources(GW, threeClusters('10.0.0.22'));
    await c.expectNone();
    h.cache.setResources(GW, { ...threeClusters('10.0.0.22'), clusters: [cluster('c1'), cluster('c2', 3), cluster('c3')] });
    const fixed = await c.next();
    assert.deepEqual(deltaNamesOf(fixed), ['c2']);
    c.ack(fixed);
    await c.expectNone();
    const after = h.registry.list()[0]?.types.find((t) => t.typeUrl === CDS);
    assert.equal(after?.ackedVersion, fixed.system_version_info);
  }));

  test('a rejected resource is not sent again on re-subscription; its next version is', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(EDS, ['c1']);
    const rejected = await c.next();
    c.nack(rejected, 'c1: bad endpoints');
    c.unsubscribe(EDS, ['c1']);
    c.subscribe(EDS, ['c1']);
    await c.expectNone();
    h.cache.setResources(GW, { ...threeClusters(), endpoints: [endpoints('c1', '10.0.0.11')] });
    const fixed = await c.next();
    assert.deepEqual(deltaNamesOf(fixed), ['c1']);
    assert.notEqual(fixed.resources?.[0]?.version, rejected.resources?.[0]?.version);
  }));

  test('a stale nonce does not ACK, but its subscription change counts', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(EDS, ['c1']);
    const first = await c.next();
    c.subscribe(EDS, ['c2'], { response_nonce: 'old-nonce' });
    await c.expectNone(); // the first response is not ACKed yet
    c.ack(first);
    assert.deepEqual(deltaNamesOf(await c.next()), ['c2']);
  }));

  test('unsubscribing a name the wildcard still covers sends it again', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h);
    c.subscribe(CDS, ['*', 'c1']);
    c.ack(await c.next());
    c.unsubscribe(CDS, ['c1']);
    assert.deepEqual(deltaNamesOf(await c.next()), ['c1']);
  }));

  test('a changed EDS cluster gets its (unchanged) endpoints again', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    c.subscribe(CDS);
    c.ack(await c.next());
    c.subscribe(EDS, ['c1']);
    c.ack(await c.next());
    h.cache.setResources(GW, { ...basicGateway(), clusters: [cluster('c1', 7)] });
    const cds = await c.next();
    assert.equal(cds.type_url, CDS);
    const eds = await c.next();
    assert.equal(eds.type_url, EDS);
    assert.deepEqual(deltaNamesOf(eds), ['c1']);
  }));

  test('a known gateway owes a wildcard subscriber one (possibly empty) first response', () => withHarness(async (h) => {
    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1')] }));
    const c = client(h);
    c.subscribe(LDS);
    const r = await c.next();
    assert.deepEqual(deltaNamesOf(r), []);
    assert.deepEqual(removedOf(r), []);
    c.ack(r);
    await c.expectNone();
  }));

  test('per-type service DeltaClusters', () => withHarness(async (h) => {
    h.cache.setResources(GW, threeClusters());
    const c = client(h, 'cds');
    c.send({ resource_names_subscribe: [] });
    const r = await c.next();
    assert.equal(r.type_url, CDS);
    assert.deepEqual(deltaNamesOf(r), ['c1', 'c2', 'c3']);
  }));
});
