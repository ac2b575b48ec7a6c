import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DiscoveryResponse';
import type { DeltaDiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DeltaDiscoveryResponse';
import { cluster, endpoints, listener, resources, route } from '../xds-cache/fixtures';
import { CDS, DeltaClient, EDS, LDS, RDS, SotwClient, deltaNamesOf, makeNode, namesOf, removedOf, shortType, startHarness, type Harness } from './harness';

const GW = 'default/eg';

/** c1 served by r1 on l1; the update adds c2 and points the route (and listener) at it. */
function before() {
  return resources(GW, {
    listeners: [listener('l1', 'r1', 10080)],
    routes: [route('r1', ['c1'])],
    clusters: [cluster('c1')],
    endpoints: [endpoints('c1', '10.0.0.1')],
  });
}
function withC2() {
  return resources(GW, {
    listeners: [listener('l1', 'r1', 10081)],
    routes: [route('r1', ['c1', 'c2'])],
    clusters: [cluster('c1'), cluster('c2')],
    endpoints: [endpoints('c1', '10.0.0.1'), endpoints('c2', '10.0.0.2')],
  });
}
function onlyC2() {
  return resources(GW, {
    listeners: [listener('l1', 'r1', 10081)],
    routes: [route('r1', ['c2'])],
    clusters: [cluster('c2')],
    endpoints: [endpoints('c2', '10.0.0.2')],
  });
}

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await startHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

async function sotwSubscribed(h: Harness): Promise<SotwClient> {
  const c = new SotwClient(h.address, makeNode(GW));
  h.clients.push(c);
  const subscriptions: Array<[string, string[]]> = [[CDS, []], [EDS, ['c1', 'c2']], [LDS, []], [RDS, ['r1']]];
  for (const [typeUrl, names] of subscriptions) {
    c.request(typeUrl, names);
    const r = await c.next();
    c.ack(r, names);
  }
  await c.expectNone();
  return c;
}

async function deltaSubscribed(h: Harness): Promise<DeltaClient> {
  const c = new DeltaClient(h.address, makeNode(GW));
  h.clients.push(c);
  const subscriptions: Array<[string, string[]]> = [[CDS, []], [EDS, ['c1', 'c2']], [LDS, []], [RDS, ['r1']]];
  for (const [typeUrl, names] of subscriptions) {
    c.subscribe(typeUrl, names);
    const r = await c.next();
    c.ack(r);
  }
  await c.expectNone();
  return c;
}

async function take<T>(c: { next(): Promise<T> }, n: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await c.next());
  return out;
}

const types = (rs: Array<{ type_url?: string }>): string[] => rs.map((r) => shortType(r.type_url));

describe('make-before-break ordering', () => {
  test('SotW: a new cluster and its endpoints go first; listeners and routes wait for the CDS ACK (clusters warm)', () => withHarness(async (h) => {
    h.cache.setResources(GW, before());
    const c = await sotwSubscribed(h);
    h.cache.setResources(GW, withC2());
    const [cds, eds] = await take<DiscoveryResponse__Output>(c, 2) as [DiscoveryResponse__Output, DiscoveryResponse__Output];
    assert.deepEqual(types([cds, eds]), ['Cluster', 'ClusterLoadAssignment']);
    assert.deepEqual(namesOf(cds), ['c1', 'c2']);
    assert.deepEqual(namesOf(eds), ['c2']);
    // Envoy ACKs CDS once the new cluster warmed on its endpoints; until then routes wait.
    await c.expectNone();
    c.ack(eds, ['c1', 'c2']);
    await c.expectNone();
    c.ack(cds);
    const rest = await take<DiscoveryResponse__Output>(c, 2);
    assert.deepEqual(types(rest), ['Listener', 'RouteConfiguration']);
  }));

  test('SotW: a removed cluster goes after the route stops referring to it', () => withHarness(async (h) => {
    h.cache.setResources(GW, withC2());
    const c = await sotwSubscribed(h);
    h.cache.setResources(GW, resources(GW, { ...withC2(), routes: [route('r1', ['c2'])], clusters: [cluster('c2')], endpoints: [endpoints('c2', '10.0.0.2')] }));
    const rs = await take<DiscoveryResponse__Output>(c, 2);
    assert.deepEqual(types(rs), ['RouteConfiguration', 'Cluster']);
    assert.deepEqual(namesOf(rs[1] as DiscoveryResponse__Output), ['c2']);
    await c.expectNone();
  }));

  test('SotW: replacing a cluster keeps the old one until routes moved, then removes it', () => withHarness(async (h) => {
    h.cache.setResources(GW, before());
    const c = await sotwSubscribed(h);
    h.cache.setResources(GW, onlyC2());
    const [cds, eds] = await take<DiscoveryResponse__Output>(c, 2) as [DiscoveryResponse__Output, DiscoveryResponse__Output];
    assert.deepEqual(types([cds, eds]), ['Cluster', 'ClusterLoadAssignment']);
    assert.deepEqual(namesOf(cds), ['c1', 'c2'], 'the old cluster stays while routes still use it');
    c.ack(eds, ['c1', 'c2']);
    c.ack(cds);
    const rest = await take<DiscoveryResponse__Output>(c, 3);
    assert.deepEqual(types(rest), ['Listener', 'RouteConfiguration', 'Cluster']);
    const removal = rest[2] as DiscoveryResponse__Output;
    assert.deepEqual(namesOf(removal), ['c2']);
    assert.equal(removal.version_info, h.cache.snapshot(GW)?.types.get(CDS)?.version);
  }));

  test('Delta: adds go CDS, EDS, then (after the CDS ACK) LDS, RDS; removals go RDS before EDS and CDS', () => withHarness(async (h) => {
    h.cache.setResources(GW, before());
    const c = await deltaSubscribed(h);
    h.cache.setResources(GW, withC2());
    const adds = await take<DeltaDiscoveryResponse__Output>(c, 2);
    assert.deepEqual(types(adds), ['Cluster', 'ClusterLoadAssignment']);
    assert.deepEqual(deltaNamesOf(adds[0] as DeltaDiscoveryResponse__Output), ['c2']);
    await c.expectNone();
    for (const r of adds) c.ack(r);
    const refs = await take<DeltaDiscoveryResponse__Output>(c, 2);
    assert.deepEqual(types(refs), ['Listener', 'RouteConfiguration']);
    for (const r of refs) c.ack(r);
    await c.expectNone();

    h.cache.setResources(GW, onlyC2());
    const removes = await take<DeltaDiscoveryResponse__Output>(c, 3);
    assert.deepEqual(types(removes), ['RouteConfiguration', 'ClusterLoadAssignment', 'Cluster']);
    assert.deepEqual(removedOf(removes[1] as DeltaDiscoveryResponse__Output), ['c1']);
    assert.deepEqual(removedOf(removes[2] as DeltaDiscoveryResponse__Output), ['c1']);
  }));

  test('an unsent cluster push holds back routes; endpoints never wait for clusters', () => withHarness(async (h) => {
    h.cache.setResources(GW, before());
    const c = new SotwClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.request(CDS);
    const cds = await c.next(); // not ACKed: the cluster is still warming
    c.request(EDS, ['c1', 'c2']);
    const eds = await c.next(); // endpoints flow although CDS is unanswered
    assert.deepEqual(namesOf(eds), ['c1']);
    c.ack(eds, ['c1', 'c2']);
    c.request(RDS, ['r1']);
    await c.expectNone(); // routes wait for the CDS ACK
    c.ack(cds);
    const rds = await c.next();
    assert.equal(rds.type_url, RDS);
    c.ack(rds, ['r1']);

    c.nack(cds, 'ignored'); // a second answer to an answered response changes nothing
    h.cache.setResources(GW, withC2());
    const [cds2, eds2] = await take<DiscoveryResponse__Output>(c, 2) as [DiscoveryResponse__Output, DiscoveryResponse__Output];
    assert.deepEqual(types([cds2, eds2]), ['Cluster', 'ClusterLoadAssignment']);
    await c.expectNone();
    c.ack(cds2);
    const rds2 = await c.next();
    assert.equal(rds2.type_url, RDS);
  }));
});
