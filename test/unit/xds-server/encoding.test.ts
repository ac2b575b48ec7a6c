import { test } from 'node:test';
import assert from 'node:assert/strict';
import { basicGateway, endpoints } from '../xds-cache/fixtures';
import { CDS, DeltaClient, EDS, LDS, RDS, SotwClient, deltaNamesOf, makeNode, namesOf, startHarness } from './harness';

const GW = 'default/eg';

test('each resource is encoded once, whatever the number of streams', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, basicGateway());
    assert.equal(h.cache.encodeCount, 0, 'nothing encoded before a stream needs it');
    const sotw = Array.from({ length: 6 }, (_, i) => new SotwClient(h.address, makeNode(GW, `sotw-${i}`)));
    const delta = Array.from({ length: 4 }, (_, i) => new DeltaClient(h.address, makeNode(GW, `delta-${i}`)));
    h.clients.push(...sotw, ...delta);
    const subscriptions: Array<[string, string[]]> = [[CDS, []], [EDS, ['c1']], [LDS, []], [RDS, ['r1']]];
    for (const [typeUrl, names] of subscriptions) {
      for (const c of sotw) c.request(typeUrl, names);
      for (const c of delta) c.subscribe(typeUrl, names);
      for (const c of sotw) {
        const r = await c.next();
        assert.equal(namesOf(r).length, 1);
        c.ack(r, names);
      }
      for (const c of delta) {
        const r = await c.next();
        assert.equal(deltaNamesOf(r).length, 1);
        c.ack(r);
      }
    }
    assert.equal(h.cache.encodeCount, 4);

    h.cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', '10.0.0.7')] });
    for (const c of sotw) assert.deepEqual(namesOf(await c.next()), ['c1']);
    for (const c of delta) assert.deepEqual(deltaNamesOf(await c.next()), ['c1']);
    assert.equal(h.cache.encodeCount, 5, 'only the changed assignment was encoded, once');
  } finally {
    await h.close();
  }
});
