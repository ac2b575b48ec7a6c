import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { listener, resources } from '../xds-cache/fixtures';
import { DeltaClient, LDS, SotwClient, decodedOf, makeNode, startHarness, type Harness } from './harness';
import { loadXdsProtos } from '../../../src/xds/proto';

const GW = 'default/eg';
const UPDATES = 60;

function withPort(port: number) {
  return resources(GW, { listeners: [listener('l1', 'r1', port)] });
}

function portOf(value: Buffer | undefined): number {
  const decoded = loadXdsProtos().decode(LDS, value ?? Buffer.alloc(0)) as { address?: { socket_address?: { port_value?: number } } };
  return decoded.address?.socket_address?.port_value ?? -1;
}

/** UPDATES port changes in quick bursts, letting the server run between bursts. */
async function rapidUpdates(h: Harness): Promise<void> {
  for (let i = 1; i <= UPDATES; i++) {
    h.cache.setResources(GW, withPort(20000 + i));
    if (i % 10 === 0) await nextTurn();
  }
}

test('a slow SotW reader gets only the final state after many rapid updates', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, withPort(20000));
    const c = new SotwClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.request(LDS);
    const first = await c.next(); // left unanswered: the reader is busy
    await rapidUpdates(h);
    await c.expectNone();
    c.ack(first);
    const last = await c.next();
    const l1 = decodedOf(last).get('l1') as { address: { socket_address: { port_value: number } } };
    assert.equal(l1.address.socket_address.port_value, 20000 + UPDATES);
    c.ack(last);
    await c.expectNone();
  } finally {
    await h.close();
  }
});

test('a slow Delta reader gets only the final state after many rapid updates', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, withPort(20000));
    const c = new DeltaClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.subscribe(LDS);
    const first = await c.next();
    await rapidUpdates(h);
    await c.expectNone();
    c.ack(first);
    const last = await c.next();
    assert.equal(last.resources?.length, 1);
    assert.equal(portOf(last.resources?.[0]?.resource?.value), 20000 + UPDATES);
    c.ack(last);
    await c.expectNone();
  } finally {
    await h.close();
  }
});

test('updates that end where they started send nothing', async () => {
  const h = await startHarness();
  try {
    h.cache.setResources(GW, withPort(20000));
    const c = new SotwClient(h.address, makeNode(GW));
    h.clients.push(c);
    c.request(LDS);
    const first = await c.next();
    h.cache.setResources(GW, withPort(20001));
    h.cache.setResources(GW, withPort(20000));
    c.ack(first);
    await c.expectNone();
  } finally {
    await h.close();
  }
});
