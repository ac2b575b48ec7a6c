import { test } from 'node:test';
import assert from 'node:assert/strict';
import { silentLogger } from '../../../src/logging/logger';
import { Bus } from '../../../src/message/resources';
import { SnapshotCache, XdsCacheRunner } from '../../../src/xds/cache';
import { TypeUrl } from '../../../src/xds/types';
import { basicGateway, endpoints } from './fixtures';

async function eventually(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

test('the runner feeds the cache from bus.xdsResources: existing keys, stores and deletes', async () => {
  const bus = new Bus();
  const cache = new SnapshotCache();
  bus.xdsResources.store('default/a', basicGateway('default/a'));
  const runner = new XdsCacheRunner({ bus, cache, logger: silentLogger() });
  runner.start();
  try {
    await eventually(() => cache.snapshot('default/a') !== undefined, 'the pre-existing gateway');
    bus.xdsResources.store('default/b', basicGateway('default/b'));
    await eventually(() => cache.snapshot('default/b') !== undefined, 'the stored gateway');
    const assignment = () => cache.snapshot('default/a')?.types.get(TypeUrl.ClusterLoadAssignment)?.entries.get('c1');
    const before = assignment();
    bus.xdsResources.store('default/a', { ...basicGateway('default/a'), endpoints: [endpoints('c1', '10.9.9.9')] });
    await eventually(() => assignment() !== before, 'the endpoint change');
    const encodes = cache.encodeCount;
    void assignment()?.bytes;
    assert.equal(cache.encodeCount, encodes + 1, 'the changed assignment alone is encoded');
    bus.xdsResources.delete('default/b');
    await eventually(() => cache.snapshot('default/b') === undefined, 'the deleted gateway');
    assert.deepEqual(cache.gateways(), ['default/a']);
  } finally {
    await runner.stop();
    bus.close();
  }
});
