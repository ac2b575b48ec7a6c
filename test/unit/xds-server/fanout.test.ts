/**
 * Fan-out: many Delta streams of one gateway all get one update, and the changed resource is
 * encoded once for all of them (the cost of a push is copying bytes, whatever the proxy count).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadXdsProtos, type XdsProtos } from '../../../src/xds/proto';
import { SnapshotCache } from '../../../src/xds/cache';
import type { DeltaDiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DeltaDiscoveryResponse';
import { cluster, endpoints, listener, resources, route } from '../xds-cache/fixtures';
import { CDS, DeltaClient, EDS, LDS, RDS, deltaNamesOf, makeNode, removedOf, shortType, startHarness } from './harness';

const GW = 'default/fanout';
const STREAMS = 200;
/** The whole fan-out (200 streams, one response each) must land well within this. */
const UPDATE_BUDGET_MS = 5000;
const SETUP_BUDGET_MS = 15_000;

function gateway(c1ip: string) {
  return resources(GW, {
    listeners: [listener('l1', 'r1')],
    routes: [route('r1', ['c1', 'c2'])],
    clusters: [cluster('c1'), cluster('c2')],
    endpoints: [endpoints('c1', c1ip), endpoints('c2', '10.0.0.2')],
  });
}

/** The shared protos, with a count of encode calls per type name (what the cache serializes). */
function countingProtos(): { protos: XdsProtos; encodes: Map<string, number> } {
  const base = loadXdsProtos();
  const encodes = new Map<string, number>();
  const protos: XdsProtos = {
    ...base,
    encode(typeName, message) {
      encodes.set(typeName, (encodes.get(typeName) ?? 0) + 1);
      return base.encode(typeName, message);
    },
  };
  return { protos, encodes };
}

/** Reads responses until every type has answered once, ACKing each; bounded by the inbox wait. */
async function ackInitial(c: DeltaClient, types: readonly string[], timeoutMs: number): Promise<void> {
  const pending = new Set(types);
  while (pending.size > 0) {
    const r = await c.next(timeoutMs);
    pending.delete(r.type_url ?? '');
    c.ack(r);
  }
}

test(`${STREAMS} Delta streams of one gateway all receive one endpoint update, encoded once`, { timeout: 60_000 }, async (t) => {
  const { protos, encodes } = countingProtos();
  const cache = new SnapshotCache({ protos });
  const h = await startHarness({ cache });
  try {
    cache.setResources(GW, gateway('10.0.0.1'));
    const types = [CDS, EDS, LDS, RDS] as const;

    const setupStarted = Date.now();
    const clients: DeltaClient[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const c = new DeltaClient(h.address, makeNode(GW, `envoy-${i}`));
      h.clients.push(c);
      clients.push(c);
      c.subscribe(CDS);
      c.subscribe(EDS, ['c1', 'c2']);
      c.subscribe(LDS);
      c.subscribe(RDS, ['r1']);
    }
    await Promise.all(clients.map((c) => ackInitial(c, types, SETUP_BUDGET_MS)));
    const setupMs = Date.now() - setupStarted;
    assert.equal(h.registry.size, STREAMS);
    assert.equal(h.server.streamCount, STREAMS);
    assert.equal(cache.stats().subscribers, STREAMS);

    const encodesBefore = cache.encodeCount;
    encodes.clear();
    const updateStarted = Date.now();
    assert.equal(cache.setResources(GW, gateway('10.9.9.9')), true);
    // The cache encodes synchronously in setResources: exactly the one changed resource.
    assert.equal(cache.encodeCount - encodesBefore, 1, 'one changed resource, one encoding');
    assert.deepEqual([...encodes], [[EDS, 1]]);

    const updates: DeltaDiscoveryResponse__Output[] = await Promise.all(clients.map((c) => c.next(UPDATE_BUDGET_MS)));
    const updateMs = Date.now() - updateStarted;
    const c1Version = cache.snapshot(GW)?.types.get(EDS)?.entries.get('c1')?.version;
    assert.ok(c1Version);
    const seenBytes = new Set<string>();
    for (const u of updates) {
      assert.equal(shortType(u.type_url), shortType(EDS));
      assert.deepEqual(deltaNamesOf(u), ['c1'], 'only the changed assignment is sent');
      assert.deepEqual(removedOf(u), []);
      assert.equal(u.resources?.[0]?.version, c1Version);
      seenBytes.add(Buffer.from(u.resources?.[0]?.resource?.value ?? Buffer.alloc(0)).toString('base64'));
    }
    assert.equal(seenBytes.size, 1, 'every stream got the same bytes');
    const decoded = loadXdsProtos().decode(EDS, Buffer.from([...seenBytes][0] as string, 'base64')) as {
      endpoints?: { lb_endpoints?: { endpoint?: { address?: { socket_address?: { address?: string } } } }[] }[];
    };
    assert.equal(decoded.endpoints?.[0]?.lb_endpoints?.[0]?.endpoint?.address?.socket_address?.address, '10.9.9.9');
    assert.ok(updateMs < UPDATE_BUDGET_MS, `fan-out took ${updateMs} ms`);

    // ACK, then nothing else is owed to anyone and nothing was encoded on the way out.
    for (const [i, c] of clients.entries()) c.ack(updates[i] as DeltaDiscoveryResponse__Output);
    await Promise.all(clients.map((c) => c.expectNone()));
    assert.equal(cache.encodeCount - encodesBefore, 1, 'sending to the streams encoded nothing more');
    const acked = h.registry.list().filter((p) => p.types.find((t) => t.typeUrl === EDS)?.ackedVersion === cache.snapshot(GW)?.types.get(EDS)?.version);
    assert.equal(acked.length, STREAMS, 'every proxy ACKed the new EDS version');
    const connections = new Set(h.registry.list().map((p) => p.peer)).size;
    t.diagnostic(`fan-out: ${STREAMS} streams over ${connections} connection(s) set up in ${setupMs} ms; one update delivered to all in ${updateMs} ms`);
  } finally {
    await h.close();
  }
});
