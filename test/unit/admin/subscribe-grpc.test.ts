/**
 * The event stream over real gRPC (grpc-js server and client on loopback): a client that stops
 * reading is not buffered without bound; when it reads again it gets a fresh snapshot.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { EventPublisher } from '../../../src/admin/events';
import { ADMIN_SERVICE, adminServiceHandlers } from '../../../src/admin/subscribe';
import { silentLogger } from '../../../src/logging/logger';
import type { ObjectStatus } from '../../../src/message/resources';
import { WatchableMap } from '../../../src/message/watchable';
import { SnapshotCache } from '../../../src/xds/cache';
import { loadXdsProtos } from '../../../src/xds/proto';
import { ProxyRegistry, XdsServer } from '../../../src/xds/server';

interface WireEvent {
  index: string;
  payload: string;
  status?: { name: string; status?: { fields?: { conditions?: { listValue?: { values?: { structValue?: { fields?: { message?: { stringValue?: string } } } }[] } } } } };
}

const statusWith = (message: string, name = 'a'): ObjectStatus => ({
  kind: 'Gateway', namespace: 'ns', name,
  status: { conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted', message, lastTransitionTime: '', observedGeneration: 1 }], listeners: [] },
} as unknown as ObjectStatus);
const messageOf = (e: WireEvent): string | undefined => e.status?.status?.fields?.conditions?.listValue?.values?.[0]?.structValue?.fields?.message?.stringValue;
const tick = () => new Promise((r) => setImmediate(r));

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('event stream over gRPC', () => {
  test('a paused reader gets a fresh snapshot, not the backlog, once it reads again', async () => {
    const statuses = new WatchableMap<string, ObjectStatus>();
    const registry = new ProxyRegistry();
    const publisher = new EventPublisher({ statuses, proxies: () => registry.list(), maxBacklog: 50 });
    publisher.start();
    const server = new XdsServer({
      cache: new SnapshotCache(), registry, logger: silentLogger(),
      extraServices: [{ name: ADMIN_SERVICE, implementation: (scope) => adminServiceHandlers(publisher, scope) }],
    });
    const port = await server.listen('127.0.0.1:0');
    const Client = grpc.makeGenericClientConstructor(loadXdsProtos().packageDefinition[ADMIN_SERVICE] as grpc.ServiceDefinition, 'Admin');
    const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const received: WireEvent[] = [];
    const call = (client as unknown as { Subscribe(req: object): grpc.ClientReadableStream<WireEvent> }).Subscribe({});
    call.on('data', (e: WireEvent) => received.push(e));
    call.on('error', () => undefined);
    try {
      statuses.store('Gateway/ns/a', statusWith('first'));
      await until('the first snapshot and a change', () => received.some((e) => e.payload === 'end_of_snapshot') && received.some((e) => messageOf(e) === 'first'));
      call.pause();
      // 2,000 changes of ~8 KiB each while the client reads nothing: far more than the
      // transport's buffers, so the server side sees backpressure and the backlog bound.
      const filler = 'x'.repeat(8192);
      let stored = 0;
      for (let batch = 0; batch < 40; batch++) {
        // Fifty Gateways, each changed once per batch (the bus coalesces changes of one key).
        for (let i = 0; i < 50; i++) statuses.store(`Gateway/ns/g${i}`, statusWith(`${stored++} ${filler}`, `g${i}`));
        await tick();
        await tick();
      }
      const last = `${stored - 1} ${filler}`;
      const beforeResume = received.length;
      call.resume();
      await until('the last change', () => received.some((e) => messageOf(e) === last), 20_000);
      const after = received.slice(beforeResume);
      const snapshots = received.filter((e) => e.payload === 'new_snapshot_to_follow').length;
      // The initial snapshot, then at least one fresh snapshot in place of a dropped backlog
      // (more when the transport fills again while the changes keep coming).
      assert.ok(snapshots >= 2, `${snapshots} snapshots`);
      assert.ok(received.length < stored / 2, `${received.length} events delivered for ${stored} changes: the backlog was dropped`);
      assert.ok(after.length > 0);
      assert.deepEqual(received.map((e) => Number(e.index)), received.map((_, i) => i + 1), 'indexes stay consecutive');
    } finally {
      call.cancel();
      client.close();
      await publisher.stop();
      await server.shutdown(1000);
    }
  });
});
