import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { basicGateway, cluster, endpoints, listener, resources, route } from '../xds-cache/fixtures';
import { CDS, DeltaClient, LDS, SotwClient, deltaNamesOf, makeNode, namesOf, removedOf, startHarness } from './harness';

describe('gateway isolation', () => {
  test('each proxy only receives its own gateway', async () => {
    const h = await startHarness();
    try {
      h.cache.setResources('ns-a/a', resources('ns-a/a', { clusters: [cluster('a-c1')], listeners: [listener('a-l1')] }));
      h.cache.setResources('ns-b/b', resources('ns-b/b', { clusters: [cluster('b-c1'), cluster('b-c2')], listeners: [listener('b-l1')] }));
      const a = new SotwClient(h.address, makeNode('ns-a/a', 'envoy-a'));
      const b = new DeltaClient(h.address, makeNode('ns-b/b', 'envoy-b'));
      h.clients.push(a, b);
      a.request(CDS);
      b.subscribe(CDS);
      const ra = await a.next();
      const rb = await b.next();
      assert.deepEqual(namesOf(ra), ['a-c1']);
      assert.deepEqual(deltaNamesOf(rb), ['b-c1', 'b-c2']);
      a.ack(ra);
      b.ack(rb);
      h.cache.setResources('ns-a/a', resources('ns-a/a', { clusters: [cluster('a-c1'), cluster('a-c2')], listeners: [listener('a-l1')] }));
      assert.deepEqual(namesOf(await a.next()), ['a-c1', 'a-c2']);
      await b.expectNone();
    } finally {
      await h.close();
    }
  });

  test('an unknown gateway gets nothing, then everything once it exists (SotW and Delta)', async () => {
    const h = await startHarness();
    try {
      const gw = 'default/later';
      const s = new SotwClient(h.address, makeNode(gw, 'sotw'));
      const d = new DeltaClient(h.address, makeNode(gw, 'delta'));
      h.clients.push(s, d);
      s.request(CDS);
      s.request(LDS);
      s.request('type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment', ['c1']);
      d.subscribe(CDS);
      d.subscribe('type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment', ['c1', 'missing']);
      await s.expectNone();
      await d.expectNone();

      h.cache.setResources(gw, basicGateway(gw));
      const cds = await s.next();
      assert.equal(cds.type_url, CDS);
      assert.deepEqual(namesOf(cds), ['c1']);
      const eds = await s.next();
      assert.equal(eds.type_url, 'type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment');
      assert.deepEqual(namesOf(eds), ['c1']);
      s.ack(cds); // clusters warm: listeners follow
      const lds = await s.next();
      assert.equal(lds.type_url, LDS);
      assert.deepEqual(namesOf(lds), ['l1']);
      const d1 = await d.next();
      const d2 = await d.next();
      assert.deepEqual(deltaNamesOf(d1), ['c1']);
      assert.equal(d1.type_url, CDS);
      assert.deepEqual(deltaNamesOf(d2), ['c1']);
      assert.deepEqual(removedOf(d2), ['missing']);
    } finally {
      await h.close();
    }
  });

  test('a deleted gateway takes its resources away from its proxies', async () => {
    const h = await startHarness();
    try {
      const gw = 'default/gone';
      h.cache.setResources(gw, resources(gw, {
        listeners: [listener('l1')], routes: [route('r1')], clusters: [cluster('c1')], endpoints: [endpoints('c1', '10.0.0.1')],
      }));
      const s = new SotwClient(h.address, makeNode(gw));
      const d = new DeltaClient(h.address, makeNode(gw));
      h.clients.push(s, d);
      s.request(LDS);
      d.subscribe(CDS);
      s.ack(await s.next());
      d.ack(await d.next());
      h.cache.deleteGateway(gw);
      const sr = await s.next();
      assert.deepEqual(namesOf(sr), []);
      const dr = await d.next();
      assert.deepEqual(removedOf(dr), ['c1']);
    } finally {
      await h.close();
    }
  });
});
