import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { createLogger } from '../../../src/logging/logger';
import { loadXdsProtos } from '../../../src/xds/proto';
import { PER_TYPE_SERVICES } from '../../../src/xds/server';
import type { DiscoveryResponse__Output } from '../../../src/generated/envoy/service/discovery/v3/DiscoveryResponse';
import { basicGateway, cluster, endpoints, listener, resources, route } from '../xds-cache/fixtures';
import { CDS, EDS, LDS, RDS, SotwClient, decodedOf, makeNode, namesOf, shortType, startHarness, type Harness, QUIET_MS } from './harness';

const GW = 'default/eg';

async function withHarness(fn: (h: Harness) => Promise<void>, options: Parameters<typeof startHarness>[0] = {}): Promise<void> {
  const h = await startHarness(options);
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

function client(h: Harness, gateway = GW, service: 'ads' | 'lds' | 'rds' | 'cds' | 'eds' | 'sds' = 'ads'): SotwClient {
  const c = new SotwClient(h.address, makeNode(gateway), service);
  h.clients.push(c);
  return c;
}

function twoListeners(port2 = 10081) {
  return resources(GW, {
    listeners: [listener('l1', 'r1', 10080), listener('l2', 'r1', port2)],
    routes: [route('r1')],
    clusters: [cluster('c1')],
    endpoints: [endpoints('c1', '10.0.0.1')],
  });
}

describe('SotW', () => {
  test('the initial response carries every listener, the type version and a nonce', () => withHarness(async (h) => {
    h.cache.setResources(GW, twoListeners());
    const c = client(h);
    c.request(LDS);
    const r = await c.next();
    assert.equal(r.type_url, LDS);
    assert.deepEqual(namesOf(r), ['l1', 'l2']);
    assert.equal(r.version_info, h.cache.snapshot(GW)?.types.get(LDS)?.version);
    assert.ok(r.nonce);
  }));

  test('an ACK causes no resend, and changes to other types do not touch LDS', () => withHarness(async (h) => {
    h.cache.setResources(GW, twoListeners());
    const c = client(h);
    c.request(LDS);
    c.ack(await c.next());
    await c.expectNone();
    h.cache.setResources(GW, { ...twoListeners(), endpoints: [endpoints('c1', '10.0.0.9')] });
    await c.expectNone();
  }));

  test('a request whose nonce is not the latest is stale and ignored', () => withHarness(async (h) => {
    h.cache.setResources(GW, twoListeners());
    const c = client(h);
    c.request(LDS);
    const first = await c.next();
    h.cache.setResources(GW, twoListeners(10090));
    // The first response is not answered yet: the change waits.
    await c.expectNone();
    c.request(LDS, [], { response_nonce: 'not-a-nonce-we-sent', version_info: first.version_info });
    await c.expectNone();
    c.ack(first);
    const second = await c.next();
    assert.notEqual(second.version_info, first.version_info);
    assert.notEqual(second.nonce, first.nonce);
    // An old nonce, even with error_detail, is stale: no NACK is recorded, nothing is sent.
    c.nack(first, 'late complaint', first.version_info);
    await c.expectNone();
    const lds = h.registry.list()[0]?.types.find((t) => t.typeUrl === LDS);
    assert.equal(lds?.lastNack, undefined);
  }));

  test('a NACK is logged, recorded and not answered with the same version; the next version is sent', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', destination: { write: (l: string) => { lines.push(l); } } });
    await withHarness(async (h) => {
      h.cache.setResources(GW, twoListeners());
      const c = client(h);
      c.request(LDS);
      const rejected = await c.next();
      c.nack(rejected, 'Error adding/updating listener(s) l2: duplicate port');
      await c.expectNone();
      // Another type changing does not bring the rejected listeners back.
      h.cache.setResources(GW, { ...twoListeners(), clusters: [cluster('c1', 2)] });
      await c.expectNone();

      const lds = h.registry.list()[0]?.types.find((t) => t.typeUrl === LDS);
      assert.equal(lds?.lastNack?.message, 'Error adding/updating listener(s) l2: duplicate port');
      assert.equal(lds?.lastNack?.version, rejected.version_info);
      assert.equal(lds?.ackedVersion, undefined);
      const warn = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => String(l.msg).includes('NACK'));
      assert.ok(warn, 'a NACK warning was logged');
      assert.equal(warn.level, 40);
      assert.equal(warn.message, 'Error adding/updating listener(s) l2: duplicate port');
      assert.equal(warn.gateway, GW);
      assert.equal(warn.node, 'envoy-1');
      assert.equal(warn.typeUrl, LDS);

      h.cache.setResources(GW, { ...twoListeners(10095), clusters: [cluster('c1', 2)] });
      const fixed = await c.next();
      assert.notEqual(fixed.version_info, rejected.version_info);
      assert.deepEqual(namesOf(fixed), ['l1', 'l2']);
      c.ack(fixed, []);
      await c.expectNone();
      const after = h.registry.list()[0]?.types.find((t) => t.typeUrl === LDS);
      assert.equal(after?.ackedVersion, fixed.version_info);
    }, { logger });
  });

  test('a rejected route is not sent again, even when the client asks again; its next version is', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    c.request(RDS, ['r1']);
    const rejected = await c.next();
    c.nack(rejected, 'route r1: bad regex', '', ['r1']);
    await c.expectNone();
    c.ack(rejected, ['r1']); // the same nonce again: a re-request
    await c.expectNone();
    h.cache.setResources(GW, { ...basicGateway(), routes: [route('r1', ['c1', 'c2'])] });
    const fixed = await c.next();
    assert.deepEqual(namesOf(fixed), ['r1']);
    assert.notEqual(fixed.version_info, rejected.version_info);
  }));

  test('wildcard (no names, or "*") versus explicit names', () => withHarness(async (h) => {
    h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1'), cluster('c2'), cluster('c3')] }));
    const all = client(h);
    all.request(CDS);
    assert.deepEqual(namesOf(await all.next()), ['c1', 'c2', 'c3']);
    const one = client(h);
    one.request(CDS, ['c2']);
    assert.deepEqual(namesOf(await one.next()), ['c2']);
    const star = client(h);
    star.request(CDS, ['*', 'c2']);
    assert.deepEqual(namesOf(await star.next()), ['c1', 'c2', 'c3']);

    // Once names were given, the stream is no longer wildcard: an ACK naming c1 narrows it.
    const narrowing = client(h);
    narrowing.request(CDS);
    const wide = await narrowing.next();
    narrowing.ack(wide, ['c1']);
    assert.deepEqual(namesOf(await narrowing.next()), ['c1']);
  }));

  test('names requested before they exist are sent when they appear', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    c.request(RDS, ['r2']);
    await c.expectNone();
    h.cache.setResources(GW, { ...basicGateway(), routes: [route('r1'), route('r2', ['c1'])] });
    const r = await c.next();
    assert.deepEqual(namesOf(r), ['r2']);
  }));

  test('RDS and EDS responses carry only subscribed resources, and only those that changed', () => withHarness(async (h) => {
    const base = resources(GW, {
      clusters: [cluster('c1'), cluster('c2'), cluster('c3')],
      endpoints: [endpoints('c1', '10.0.0.1'), endpoints('c2', '10.0.0.2'), endpoints('c3', '10.0.0.3')],
      routes: [route('r1'), route('r2')],
    });
    h.cache.setResources(GW, base);
    const c = client(h);
    c.request(EDS, ['c1', 'c2']);
    const first = await c.next();
    assert.deepEqual(namesOf(first), ['c1', 'c2']);
    c.ack(first, ['c1', 'c2']);
    h.cache.setResources(GW, { ...base, endpoints: [endpoints('c1', '10.0.0.1'), endpoints('c2', '10.0.0.22'), endpoints('c3', '10.0.0.33')] });
    const second = await c.next();
    assert.deepEqual(namesOf(second), ['c2']);
    c.ack(second, ['c1', 'c2']);
    await c.expectNone();

    c.request(RDS, ['r2']);
    assert.deepEqual(namesOf(await c.next()), ['r2']);
  }));

  test('LDS responses carry the full set even when one listener changed', () => withHarness(async (h) => {
    h.cache.setResources(GW, twoListeners());
    const c = client(h);
    c.request(LDS);
    const first = await c.next();
    c.ack(first);
    h.cache.setResources(GW, twoListeners(10099));
    const second = await c.next();
    assert.deepEqual(namesOf(second), ['l1', 'l2']);
    const l2 = decodedOf(second).get('l2') as { address: { socket_address: { port_value: number } } };
    assert.equal(l2.address.socket_address.port_value, 10099);
  }));

  test('a listener removed from the gateway disappears from the next LDS response', () => withHarness(async (h) => {
    h.cache.setResources(GW, twoListeners());
    const c = client(h);
    c.request(LDS);
    c.ack(await c.next());
    h.cache.setResources(GW, { ...twoListeners(), listeners: [listener('l1')] });
    const r = await c.next();
    assert.deepEqual(namesOf(r), ['l1']);
    assert.equal(r.version_info, h.cache.snapshot(GW)?.types.get(LDS)?.version);
  }));

  test('an endpoint-only change sends only ClusterLoadAssignments', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    await subscribeAll(c);
    h.cache.setResources(GW, { ...basicGateway(), endpoints: [endpoints('c1', '10.0.0.1', '10.0.0.2')] });
    const r = await c.next();
    assert.equal(r.type_url, EDS);
    assert.deepEqual(namesOf(r), ['c1']);
    c.ack(r, ['c1']);
    await c.expectNone();
  }));

  test('a changed EDS cluster gets its (unchanged) endpoints again, after the cluster', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    await subscribeAll(c);
    h.cache.setResources(GW, { ...basicGateway(), clusters: [cluster('c1', 5)] });
    const cds = await c.next();
    assert.equal(cds.type_url, CDS);
    const eds = await c.next();
    assert.equal(eds.type_url, EDS);
    assert.deepEqual(namesOf(eds), ['c1']);
  }));

  test('a repeated EDS request after its ACK gets the subscribed endpoints again', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    c.request(EDS, ['c1']);
    const first = await c.next();
    c.ack(first, ['c1']);
    await c.expectNone();
    c.ack(first, ['c1']); // same nonce, same names: the client asks again
    const again = await c.next();
    assert.deepEqual(namesOf(again), ['c1']);
  }));

  test('a known gateway with no listeners still answers the first LDS request (empty)', () => withHarness(async (h) => {
    h.cache.setResources(GW, resources(GW));
    const c = client(h);
    c.request(LDS);
    const r = await c.next();
    assert.deepEqual(namesOf(r), []);
    c.ack(r);
    await c.expectNone();
  }));

  test('a reconnecting client that holds the current LDS/CDS version is sent nothing for them', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const first = client(h);
    first.request(CDS);
    const cds = await first.next();
    first.ack(cds);
    first.close();

    // Another replica or a restarted server: versions derive from content, so they match.
    const again = client(h);
    again.request(CDS, [], { version_info: cds.version_info, response_nonce: cds.nonce });
    await again.expectNone();
    again.request(EDS, ['c1'], { version_info: 'whatever' });
    assert.deepEqual(namesOf(await again.next()), ['c1'], 'an EDS claim naming other content gets the assignment');
    h.cache.setResources(GW, { ...basicGateway(), clusters: [cluster('c1', 4)] });
    const changed = await again.next();
    assert.equal(changed.type_url, CDS);
    assert.deepEqual(namesOf(changed), ['c1']);

    // A claim that does not match the current set gets the current set.
    const stale = client(h);
    stale.request(CDS, [], { version_info: cds.version_info });
    assert.deepEqual(namesOf(await stale.next()), ['c1']);
  }));

  test('a reconnecting client may echo a nonce from its previous stream', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    c.request(CDS, [], { version_info: 'old', response_nonce: 'nonce-from-another-server' });
    assert.deepEqual(namesOf(await c.next()), ['c1']);
  }));

  test('the first request must carry node.cluster', () => withHarness(async (h) => {
    const c = new SotwClient(h.address, undefined);
    h.clients.push(c);
    c.request(LDS);
    const status = await c.inbox.status();
    assert.ok('code' in status);
    assert.equal(status.code, grpc.status.INVALID_ARGUMENT);
  }));

  test('types the stream does not serve are ignored', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h);
    c.request('type.googleapis.com/envoy.service.runtime.v3.Runtime');
    await c.expectNone();
    c.request(CDS);
    assert.deepEqual(namesOf(await c.next()), ['c1']);
  }));

  test('per-type services (StreamClusters) serve their type, type_url optional', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const c = client(h, GW, 'cds');
    c.send({ resource_names: [] });
    const r = await c.next();
    assert.equal(r.type_url, CDS);
    assert.deepEqual(namesOf(r), ['c1']);
    c.request(LDS); // not served on this stream
    await c.expectNone();
  }));

  test('Fetch returns the current resources', () => withHarness(async (h) => {
    h.cache.setResources(GW, basicGateway());
    const svc = PER_TYPE_SERVICES.find((s) => s.service === 'lds');
    assert.ok(svc);
    const Ctor = grpc.makeClientConstructor(loadXdsProtos().packageDefinition[svc.name] as grpc.ServiceDefinition, svc.name);
    const raw = new Ctor(h.address, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
      FetchListeners(req: object, cb: (err: grpc.ServiceError | null, res?: DiscoveryResponse__Output) => void): void;
    };
    try {
      const res = await new Promise<DiscoveryResponse__Output>((resolve, reject) => {
        raw.FetchListeners({ node: makeNode(GW) }, (err, r) => (err || !r ? reject(err ?? new Error('no response')) : resolve(r)));
      });
      assert.deepEqual(namesOf(res), ['l1']);
      const missing = await new Promise<grpc.ServiceError | null>((resolve) => {
        raw.FetchListeners({ node: makeNode('default/none') }, (err) => resolve(err));
      });
      assert.equal(missing?.code, grpc.status.UNAVAILABLE);
    } finally {
      raw.close();
    }
  }));
});

/** Subscribes CDS, EDS [c1], LDS, RDS [r1] as Envoy does, ACKing each; leaves nothing pending. */
export async function subscribeAll(c: SotwClient): Promise<void> {
  c.request(CDS);
  const cds = await c.next();
  assert.equal(shortType(cds.type_url), 'Cluster');
  c.ack(cds);
  c.request(EDS, ['c1']);
  const eds = await c.next();
  c.ack(eds, ['c1']);
  c.request(LDS);
  const lds = await c.next();
  c.ack(lds);
  c.request(RDS, ['r1']);
  const rds = await c.next();
  c.ack(rds, ['r1']);
  await c.expectNone(QUIET_MS);
}
