import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventPublisher, type EventPayload, type EventSink } from '../../../src/admin/events';
import type { ObjectStatus } from '../../../src/message/resources';
import { WatchableMap } from '../../../src/message/watchable';
import { ProxyRegistry } from '../../../src/xds/server';

const LDS = 'type.googleapis.com/envoy.config.listener.v3.Listener';
const cond = (type: string, status: 'True' | 'False', reason = 'Ok') => ({ type, status, reason, message: `${type} is ${status}`, lastTransitionTime: '', observedGeneration: 1 });
const gateway = (name: string): ObjectStatus => ({ kind: 'Gateway', namespace: 'ns', name, status: { conditions: [cond('Accepted', 'True')], listeners: [] } } as unknown as ObjectStatus);
const route = (name: string, parent: string, ok = true): ObjectStatus => ({
  kind: 'HTTPRoute', namespace: 'ns', name,
  status: { parents: [{ parentRef: { name: parent }, controllerName: 'x', conditions: [cond('Accepted', 'True'), cond('ResolvedRefs', ok ? 'True' : 'False', ok ? 'Ok' : 'BackendNotFound')] }] },
} as unknown as ObjectStatus);

/** A sink whose transport takes `room` events, then is full until drain(). */
class FakeSink implements EventSink {
  readonly written: EventPayload[] = [];
  private drainCallbacks: (() => void)[] = [];
  ended = false;
  constructor(public room = Infinity) {}
  write(payload: EventPayload): boolean {
    this.written.push(payload);
    this.room -= 1;
    return this.room > 0;
  }
  onDrain(callback: () => void): void {
    this.drainCallbacks.push(callback);
  }
  end(): void {
    this.ended = true;
  }
  drain(room = Infinity): void {
    this.room = room;
    const callbacks = this.drainCallbacks;
    this.drainCallbacks = [];
    for (const c of callbacks) c();
  }
}

const describeEvent = (p: EventPayload): string => {
  if ('new_snapshot_to_follow' in p) return 'new-snapshot';
  if ('end_of_snapshot' in p) return 'end-of-snapshot';
  if ('status' in p) return `status ${p.status.kind} ${p.status.name}${p.status.deleted ? ' deleted' : ''}${p.status.problems?.length ? ` problems=${p.status.problems.length}` : ''}`;
  return `proxy ${p.proxy.change} ${p.proxy.gateway} ${p.proxy.node_id}${p.proxy.type_url ? ` ${p.proxy.type_url.split('.').pop()}` : ''}${p.proxy.types ? ` ${JSON.stringify(p.proxy.types)}` : ''}`;
};
const tick = () => new Promise((r) => setImmediate(r));

async function setup(maxBacklog?: number) {
  const statuses = new WatchableMap<string, ObjectStatus>();
  const registry = new ProxyRegistry();
  const publisher = new EventPublisher({ statuses, proxies: () => registry.list(), maxBacklog });
  registry.observe(publisher.proxyObserver());
  publisher.start();
  return { statuses, registry, publisher };
}

describe('event stream publisher', () => {
  test('snapshot first (statuses, then proxies with their state), framed; then each change as it happens', async () => {
    const { statuses, registry, publisher } = await setup();
    statuses.store('Gateway/ns/a', gateway('a'));
    statuses.store('HTTPRoute/ns/r', route('r', 'a', false));
    const proxy = registry.register({ streamId: 7, nodeId: 'n1', cluster: 'ns/a', envoyVersion: '', protocol: 'delta', service: 'ads', peer: '' });
    proxy.recordSent(LDS, 'v1', 'x', 1);
    proxy.recordAck(LDS, 'v1');
    await tick();
    const sink = new FakeSink();
    publisher.subscribe('', sink);
    assert.deepEqual(sink.written.map(describeEvent), [
      'new-snapshot', 'status Gateway a', 'status HTTPRoute r problems=1', 'proxy CURRENT ns/a n1 {"LDS":"SYNCED"}', 'end-of-snapshot',
    ]);
    sink.written.length = 0;
    proxy.recordSent(LDS, 'v2', 'y', 1);
    proxy.recordNack(LDS, 'v2', 'y', 'bad listener', 3);
    statuses.store('HTTPRoute/ns/r', route('r', 'a', true));
    await tick();
    statuses.delete('HTTPRoute/ns/r');
    await tick();
    proxy.remove();
    assert.deepEqual(sink.written.map(describeEvent), [
      'proxy NACKED ns/a n1 Listener', 'status HTTPRoute r', 'status HTTPRoute r deleted', 'proxy DISCONNECTED ns/a n1',
    ]);
    const nack = sink.written[0] as { proxy: { error_detail?: string; version?: string } };
    assert.equal(nack.proxy.error_detail, 'bad listener');
    assert.equal(nack.proxy.version, 'v2');
    await publisher.stop();
    assert.equal(sink.ended, true);
  });

  test('a Gateway filter keeps that Gateway, its routes and its proxies', async () => {
    const { statuses, registry, publisher } = await setup();
    statuses.store('Gateway/ns/a', gateway('a'));
    statuses.store('Gateway/ns/b', gateway('b'));
    statuses.store('HTTPRoute/ns/ra', route('ra', 'a'));
    statuses.store('HTTPRoute/ns/rb', route('rb', 'b'));
    await tick();
    const sink = new FakeSink();
    publisher.subscribe('ns/b', sink);
    registry.register({ streamId: 1, nodeId: 'pa', cluster: 'ns/a', envoyVersion: '', protocol: 'sotw', service: 'ads', peer: '' });
    registry.register({ streamId: 2, nodeId: 'pb', cluster: 'ns/b', envoyVersion: '', protocol: 'sotw', service: 'ads', peer: '' });
    // A route that moves from b to a is news to b's subscribers (it left).
    statuses.store('HTTPRoute/ns/rb', route('rb', 'a'));
    statuses.store('HTTPRoute/ns/ra', route('ra', 'a', false));
    await tick();
    assert.deepEqual(sink.written.map(describeEvent), [
      'new-snapshot', 'status Gateway b', 'status HTTPRoute rb', 'end-of-snapshot', 'proxy CONNECTED ns/b pb', 'status HTTPRoute rb',
    ]);
    await publisher.stop();
  });

  test('a slow reader queues at most maxBacklog events, then gets a fresh snapshot instead of the backlog', async () => {
    const { statuses, registry, publisher } = await setup(10);
    statuses.store('Gateway/ns/a', gateway('a'));
    await tick();
    const sink = new FakeSink(3); // full once the snapshot is written
    publisher.subscribe('', sink);
    assert.deepEqual(sink.written.map(describeEvent), ['new-snapshot', 'status Gateway a', 'end-of-snapshot']);
    // Thousands of changes while the reader reads nothing: none is written, none is kept past the bound.
    for (let i = 0; i < 5000; i++) {
      const p = registry.register({ streamId: i, nodeId: `n${i}`, cluster: 'ns/a', envoyVersion: '', protocol: 'delta', service: 'ads', peer: '' });
      if (i % 2 === 0) p.remove();
    }
    assert.equal(sink.written.length, 3, 'nothing written while the transport is full');
    sink.written.length = 0;
    sink.drain();
    const seen = sink.written.map(describeEvent);
    assert.equal(seen[0], 'new-snapshot');
    assert.equal(seen.at(-1), 'end-of-snapshot');
    assert.equal(seen.filter((e) => e.startsWith('proxy CURRENT')).length, 2500, 'the snapshot holds the proxies connected now');
    assert.ok(!seen.some((e) => e.startsWith('proxy CONNECTED') || e.startsWith('proxy DISCONNECTED')), 'no stale backlog');
    // A reader that keeps up again gets changes again.
    sink.written.length = 0;
    registry.register({ streamId: 99999, nodeId: 'late', cluster: 'ns/a', envoyVersion: '', protocol: 'delta', service: 'ads', peer: '' });
    assert.deepEqual(sink.written.map(describeEvent), ['proxy CONNECTED ns/a late']);
    await publisher.stop();
  });

  test('a short stall within the bound delivers the backlog in order, without a new snapshot', async () => {
    const { registry, publisher } = await setup(10);
    const sink = new FakeSink(2);
    publisher.subscribe('', sink);
    for (let i = 0; i < 5; i++) registry.register({ streamId: i, nodeId: `n${i}`, cluster: 'ns/a', envoyVersion: '', protocol: 'delta', service: 'ads', peer: '' });
    assert.deepEqual(sink.written.map(describeEvent), ['new-snapshot', 'end-of-snapshot']);
    sink.drain();
    assert.deepEqual(sink.written.slice(2).map(describeEvent), [0, 1, 2, 3, 4].map((i) => `proxy CONNECTED ns/a n${i}`));
    await publisher.stop();
  });
});
