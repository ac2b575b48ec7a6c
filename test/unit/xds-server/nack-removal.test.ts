/**
 * A rejected LDS/CDS resource is not something the client holds: when the next update drops it,
 * it must not be carried along as "stale, removed later" (make-before-break), which would send
 * the rejected content again and provoke the same NACK (found with a real Envoy: two
 * listeners on one address, then a valid update).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cluster, listener, resources } from '../xds-cache/fixtures';
import { CDS, DeltaClient, LDS, SotwClient, decodedOf, deltaNamesOf, makeNode, namesOf, removedOf, startHarness } from './harness';

const GW = 'default/eg';

test('SotW: a NACKed listener that the next update drops is not sent again', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, resources(GW, { listeners: [listener('l1', 'r1', 10080)] }));
    const c = new SotwClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.request(LDS);
    const accepted = await c.next();
    c.ack(accepted);

    h.cache.setResources(GW, resources(GW, { listeners: [listener('l1', 'r1', 10080), listener('clash', 'r1', 10080)] }));
    const rejected = await c.next();
    assert.deepEqual(namesOf(rejected), ['clash', 'l1']);
    c.nack(rejected, 'clash: duplicate address', accepted.version_info);
    await c.expectNone();

    h.cache.setResources(GW, resources(GW, { listeners: [listener('l1', 'r1', 10080), listener('l2', 'r1', 10081)] }));
    const fixed = await c.next();
    assert.deepEqual(namesOf(fixed), ['l1', 'l2'], 'the rejected listener is not carried along');
    assert.equal(fixed.version_info, h.cache.snapshot(GW)?.types.get(LDS)?.version);
    c.ack(fixed);
    await c.expectNone();
    const lds = h.registry.list()[0]?.types.find((t) => t.typeUrl === LDS);
    assert.equal(lds?.ackedVersion, fixed.version_info);
  } finally {
    await h.close();
  }
});

test('SotW: a NACKed cluster that the next update drops is not sent again', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1')] }));
    const c = new SotwClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.request(CDS);
    const accepted = await c.next();
    c.ack(accepted);

    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1'), cluster('bad')] }));
    const rejected = await c.next();
    c.nack(rejected, 'bad: invalid', accepted.version_info);
    await c.expectNone();

    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1'), cluster('c2')] }));
    const fixed = await c.next();
    assert.deepEqual(namesOf(fixed), ['c1', 'c2']);
    c.ack(fixed);
    await c.expectNone();
  } finally {
    await h.close();
  }
});

test('SotW: a cluster whose change was NACKed is carried until its removal at the version the client accepted', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1', 1), cluster('c2')] }));
    const c = new SotwClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.request(CDS);
    const accepted = await c.next();
    c.ack(accepted);

    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1', 2), cluster('c2')] }));
    const rejected = await c.next();
    c.nack(rejected, 'c1: invalid', accepted.version_info);
    await c.expectNone();

    // c1 goes away: it stays one more response (make-before-break), as the client holds it.
    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c2'), cluster('c3')] }));
    const added = await c.next();
    assert.deepEqual(namesOf(added), ['c1', 'c2', 'c3']);
    const c1 = decodedOf(added).get('c1') as { connect_timeout?: { seconds?: string } };
    assert.equal(c1.connect_timeout?.seconds, '1', 'the accepted c1, not the rejected one');
    c.ack(added);
    const removal = await c.next();
    assert.deepEqual(namesOf(removal), ['c2', 'c3']);
    c.ack(removal);
    await c.expectNone();
  } finally {
    await h.close();
  }
});

test('Delta: a NACKed new listener that the next update drops is not sent again, nor removed (never held)', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, resources(GW, { listeners: [listener('l1', 'r1', 10080)] }));
    const c = new DeltaClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.subscribe(LDS);
    c.ack(await c.next());

    h.cache.setResources(GW, resources(GW, { listeners: [listener('l1', 'r1', 10080), listener('clash', 'r1', 10080)] }));
    const rejected = await c.next();
    assert.deepEqual(deltaNamesOf(rejected), ['clash']);
    c.nack(rejected, 'clash: duplicate address');
    await c.expectNone();

    h.cache.setResources(GW, resources(GW, { listeners: [listener('l1', 'r1', 10080), listener('l2', 'r1', 10081)] }));
    const added = await c.next();
    assert.deepEqual(deltaNamesOf(added), ['l2']);
    assert.deepEqual(removedOf(added), []);
    c.ack(added);
    // The client never took "clash": there is nothing to remove.
    await c.expectNone();
  } finally {
    await h.close();
  }
});
