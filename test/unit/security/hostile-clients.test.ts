/**
 * Hostile and broken xDS clients against the real server over loopback: each gets a clear gRPC
 * status or is served, the server never crashes and keeps serving others, and what one client
 * can make the server hold is bounded (limits.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { Writable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import { createLogger, type Logger } from '../../../src/logging/logger';
import { ADS_SERVICE, DEFAULT_XDS_LIMITS, type XdsLimits } from '../../../src/xds/server';
import { basicGateway, cluster, resources } from '../xds-cache/fixtures';
import {
  CDS, DeltaClient, EDS, LDS, SotwClient, eventually, makeNode, namesOf, startHarness, type Harness,
} from '../xds-server/harness';

const GW = 'default/eg';

async function withServer(fn: (h: Harness) => Promise<void>, o: { limits?: Partial<XdsLimits>; logger?: Logger } = {}): Promise<void> {
  const h = await startHarness({ limits: o.limits, logger: o.logger });
  h.cache.setResources(GW, basicGateway(GW));
  try {
    await fn(h);
    // Whatever happened, the server still serves a well-behaved proxy.
    const good = new SotwClient(h.address, makeNode(GW, 'good'));
    h.clients.push(good);
    good.request(CDS);
    assert.ok(namesOf(await good.next()).includes('c1'));
  } finally {
    await h.close();
  }
}

function codeOf(s: grpc.StatusObject | Error): number {
  return 'code' in s ? s.code : -1;
}

function detailsOf(s: grpc.StatusObject | Error): string {
  return 'code' in s ? s.details : s.message;
}

/** A raw ADS client that sends the given bytes as a request message (no protobuf encoding). */
function rawAdsCall(address: string): { call: grpc.ClientDuplexStream<Buffer, Buffer>; client: grpc.Client } {
  const Ctor = grpc.makeGenericClientConstructor({
    StreamAggregatedResources: {
      path: `/${ADS_SERVICE}/StreamAggregatedResources`, requestStream: true, responseStream: true,
      requestSerialize: (b: Buffer) => b, requestDeserialize: (b: Buffer) => b, responseSerialize: (b: Buffer) => b, responseDeserialize: (b: Buffer) => b,
    },
  }, 'RawAds');
  const client = new Ctor(address, grpc.credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 });
  const call = (client as unknown as { StreamAggregatedResources(): grpc.ClientDuplexStream<Buffer, Buffer> }).StreamAggregatedResources();
  return { call, client };
}

function statusOfCall(call: grpc.ClientDuplexStream<Buffer, Buffer>, timeoutMs = 5000): Promise<grpc.StatusObject> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no status')), timeoutMs);
    call.on('error', () => { /* the status follows */ });
    call.on('data', () => { /* nothing expected */ });
    call.on('status', (s: grpc.StatusObject) => { clearTimeout(t); resolve(s); });
  });
}

describe('hostile and broken xDS clients', () => {
  test('bytes that are not a DiscoveryRequest: a clear gRPC error', () => withServer(async (h) => {
    const { call, client } = rawAdsCall(h.address);
    const status = statusOfCall(call);
    call.write(Buffer.from([0x12, 0x05, 0x01])); // node: a 5-byte field with 1 byte left
    const s = await status;
    client.close();
    assert.ok([grpc.status.INTERNAL, grpc.status.INVALID_ARGUMENT].includes(s.code), `${s.code} ${s.details}`);
    assert.match(s.details, /pars|deserializ/i);
  }));

  test('a request larger than the message limit: RESOURCE_EXHAUSTED', () => withServer(async (h) => {
    const { call, client } = rawAdsCall(h.address);
    const status = statusOfCall(call);
    call.write(Buffer.alloc(DEFAULT_XDS_LIMITS.maxMessageBytes + 1024, 0));
    const s = await status;
    client.close();
    assert.equal(s.code, grpc.status.RESOURCE_EXHAUSTED, s.details);
  }));

  test('a first request without node, or without node.cluster: INVALID_ARGUMENT', () => withServer(async (h) => {
    for (const node of [undefined, makeNode('')]) {
      const c = new SotwClient(h.address, node);
      h.clients.push(c);
      c.request(CDS);
      const s = await c.inbox.status();
      assert.equal(codeOf(s), grpc.status.INVALID_ARGUMENT);
      assert.match(detailsOf(s), /node\.cluster/);
    }
  }));

  test('a request naming 100,000 resources: RESOURCE_EXHAUSTED naming the limit (SotW and Delta)', () => withServer(async (h) => {
    const names = Array.from({ length: 100_000 }, (_, i) => `cluster-${i}`);
    const sotw = new SotwClient(h.address, makeNode(GW, 'many-sotw'));
    h.clients.push(sotw);
    sotw.request(EDS, names);
    const s1 = await sotw.inbox.status(10_000);
    assert.equal(codeOf(s1), grpc.status.RESOURCE_EXHAUSTED);
    assert.match(detailsOf(s1), /names 100000 resources; at most 20000 per request/);
    const delta = new DeltaClient(h.address, makeNode(GW, 'many-delta'));
    h.clients.push(delta);
    delta.subscribe(EDS, names);
    const s2 = await delta.inbox.status(10_000);
    assert.equal(codeOf(s2), grpc.status.RESOURCE_EXHAUSTED);
    assert.equal(sotw.inbox.size + delta.inbox.size, 0);
  }));

  test('subscriptions that grow past the per-stream limit, and over-long names, end the stream clearly', () => withServer(async (h) => {
    const delta = new DeltaClient(h.address, makeNode(GW, 'grower'));
    h.clients.push(delta);
    for (let i = 0; i < 30; i++) delta.subscribe(EDS, Array.from({ length: 10 }, (_, j) => `c-${i}-${j}`));
    const s = await delta.inbox.status();
    assert.equal(codeOf(s), grpc.status.RESOURCE_EXHAUSTED);
    assert.match(detailsOf(s), /subscribed to \d+ resource names; at most 200/);
    const long = new SotwClient(h.address, makeNode(GW, 'long'));
    h.clients.push(long);
    long.request(EDS, ['x'.repeat(5000)]);
    const s2 = await long.inbox.status();
    assert.equal(codeOf(s2), grpc.status.INVALID_ARGUMENT);
    assert.match(detailsOf(s2), /resource name of 5000 bytes; at most 1024/);
  }, { limits: { maxSubscribedNames: 200 } }));

  test('thousands of unknown type URLs: ignored, logged for the first few only, the stream still served', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', destination: new Writable({ write(c, _e, cb) { lines.push(String(c)); cb(); } }) });
    await withServer(async (h) => {
      const c = new SotwClient(h.address, makeNode(GW, 'unknown-types'));
      h.clients.push(c);
      for (let i = 0; i < 3000; i++) c.request(`type.googleapis.com/not.a.Type${i}`);
      c.request(CDS);
      assert.deepEqual(namesOf(await c.next(10_000)), ['c1']);
      const logged = lines.filter((l) => l.includes('request for a resource type this stream does not serve')).length;
      assert.equal(logged, 16);
    }, { logger });
  });

  test('a client that never ACKs: one response in flight per type, whatever changes meanwhile', () => withServer(async (h) => {
    const c = new SotwClient(h.address, makeNode(GW, 'never-acks'));
    h.clients.push(c);
    c.request(CDS);
    const first = await c.next();
    assert.deepEqual(namesOf(first), ['c1']);
    for (let i = 0; i < 200; i++) h.cache.setResources(GW, resources(GW, { clusters: [cluster('c1', 1 + (i % 7)), cluster(`extra-${i}`)] }));
    await c.expectNone(500);
    const p = h.registry.list().find((x) => x.nodeId === 'never-acks');
    assert.equal(p?.types.find((t) => t.typeUrl === CDS)?.awaitingAck, true);
    c.ack(first);
    const latest = await c.next();
    assert.deepEqual(namesOf(latest), ['c1', 'extra-199']);
    await c.expectNone(300);
  }));

  test('thousands of streams on one connection: at most maxStreamsPerConnection are open at once', () => withServer(async (h) => {
    const shared = grpc.credentials.createInsecure();
    const clients: SotwClient[] = [];
    let peak = 0;
    const sampler = setInterval(() => { peak = Math.max(peak, h.server.streamCount); }, 5);
    try {
      // grpc-js shares one connection among clients of one target: these are streams of one connection.
      for (let i = 0; i < 2000; i++) {
        const c = new SotwClient(h.address, makeNode(GW, `s${i}`), 'ads', shared);
        clients.push(c);
        c.request(CDS);
      }
      await eventually(() => h.server.streamCount === 50, 10_000, '50 streams open');
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(h.server.streamCount, 50);
      // Closing some lets the waiting ones in, never more than the limit.
      for (const c of clients.slice(0, 100)) c.close();
      await eventually(() => clients.slice(100, 150).every((c) => c.inbox.size > 0), 10_000, 'the next streams to be served');
    } finally {
      clearInterval(sampler);
      for (const c of clients) c.close();
    }
    assert.ok(peak <= 50, `peak ${peak}`);
    await eventually(() => h.server.streamCount === 0, 10_000, 'every stream gone');
  }, { limits: { maxStreamsPerConnection: 50 } }));

  test('more streams than the server holds: RESOURCE_EXHAUSTED for the excess', () => withServer(async (h) => {
    const ok: SotwClient[] = [];
    for (let i = 0; i < 10; i++) {
      const c = new SotwClient(h.address, makeNode(GW, `k${i}`), 'ads', grpc.credentials.createInsecure());
      h.clients.push(c);
      ok.push(c);
      c.request(CDS);
    }
    await eventually(() => h.server.streamCount === 10, 5000, '10 streams');
    const extra = new SotwClient(h.address, makeNode(GW, 'extra'));
    h.clients.push(extra);
    extra.request(CDS);
    const s = await extra.inbox.status();
    assert.equal(codeOf(s), grpc.status.RESOURCE_EXHAUSTED);
    assert.match(detailsOf(s), /maximum of 10 streams/);
    for (const c of ok) c.close(); // room for the proxy withServer checks last
    await eventually(() => h.server.streamCount === 0, 5000, 'streams closed');
  }, { limits: { maxStreams: 10 } }));

  test('connections that open and close in a loop leave nothing behind', () => withServer(async (h) => {
    for (let i = 0; i < 300; i++) {
      const c = i % 2 === 0
        ? new SotwClient(h.address, makeNode(GW, `loop${i}`), 'ads', grpc.credentials.createInsecure())
        : new DeltaClient(h.address, makeNode(GW, `loop${i}`), 'ads', grpc.credentials.createInsecure());
      if (c instanceof SotwClient) c.request(LDS);
      else c.subscribe(LDS);
      if (i % 3 === 0) await c.next(); // some are served first, others close at once
      c.close();
    }
    await eventually(() => h.server.streamCount === 0 && h.registry.size === 0, 10_000, 'every stream and registry entry gone');
  }));

  test('not HTTP/2 at all, and a peer that never answers keepalive pings: the connection is dropped', () => withServer(async (h) => {
    const port = Number(h.address.split(':')[1]);
    const closed = (socket: net.Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const garbage = net.connect(port, '127.0.0.1');
    garbage.on('error', () => { /* reset by the server */ });
    garbage.resume();
    garbage.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await Promise.race([closed(garbage), new Promise((_, reject) => setTimeout(() => reject(new Error('garbage connection kept open')), 5000))]);

    // HTTP/2 preface and an empty SETTINGS frame, then silence: pings go unanswered.
    const silent = net.connect(port, '127.0.0.1');
    silent.on('error', () => { /* reset by the server */ });
    silent.on('data', () => { /* never answered */ });
    silent.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0])]));
    const started = Date.now();
    await Promise.race([closed(silent), new Promise((_, reject) => setTimeout(() => reject(new Error('silent connection kept open')), 5000))]);
    assert.ok(Date.now() - started >= 200, 'dropped by keepalive, not at once');
  }, { limits: { keepaliveTimeMs: 300, keepaliveTimeoutMs: 300 } }));
});
