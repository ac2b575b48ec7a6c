/**
 * The API server status writer and its merge, on a scripted in-memory API (unit level; the real
 * API server tests are in test/kubernetes/).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { Bus, statusKey, type ObjectStatus } from '../../../src/message/resources';
import { KubernetesStatusWriter, onlyRouteCountsChanged } from '../../../src/status/kubernetes/writer';
import { mergeStatus, type LiveObject } from '../../../src/status/kubernetes/merge';
import { KubeRequestError, type KubeRequester, type KubeRequestOptions } from '../../../src/kubeclient/rest';
import { silentLogger } from '../../../src/logging/logger';
import { metricValue } from '../../helpers/metrics';
import { waitFor } from '../../helpers/net';

const OURS = 'pier.dev/gateway-controller';
const THEIRS = 'example.com/other';
const NOW = '2026-01-01T00:00:00.000Z';

function routeStatus(parent: string, generation: number, accepted: 'True' | 'False' = 'True'): ObjectStatus {
  return {
    kind: 'HTTPRoute', namespace: 'default', name: 'web',
    status: {
      parents: [{
        parentRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', namespace: 'default', name: parent },
        controllerName: OURS,
        conditions: [{ type: 'Accepted', status: accepted, reason: accepted === 'True' ? 'Accepted' : 'NotAllowedByListeners', message: '', observedGeneration: generation }],
      }],
    },
  };
}
const theirEntry = { parentRef: { name: 'theirs' }, controllerName: THEIRS, conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted', message: 'theirs', lastTransitionTime: '2025-01-01T00:00:00Z' }] };

test('merge: other controllers\' route entries kept, ours replaced (a stale parent goes), nothing when unchanged', () => {
  const live: LiveObject = { metadata: { name: 'web', namespace: 'default', generation: 2 }, status: { parents: [theirEntry, ...(routeStatus('old', 1).status as { parents: unknown[] }).parents] } };
  const merged = mergeStatus('HTTPRoute', live, routeStatus('edge', 2), OURS, NOW);
  assert.deepEqual((merged?.parents as { controllerName: string; parentRef: { name: string } }[]).map((p) => `${p.controllerName}:${p.parentRef.name}`), [`${THEIRS}:theirs`, `${OURS}:edge`]);
  assert.equal(mergeStatus('HTTPRoute', { ...live, status: merged }, routeStatus('edge', 2), OURS, '2027-01-01T00:00:00.000Z'), undefined, 'unchanged: nothing to write, times kept');
  const removed = mergeStatus('HTTPRoute', { ...live, status: merged }, undefined, OURS, NOW);
  assert.deepEqual(removed?.parents, [theirEntry], 'no status of ours: only our entries go');
  assert.equal(mergeStatus('Gateway', { metadata: { name: 'g' } }, undefined, OURS, NOW), undefined, 'no Gateway status: nothing written');
});

test('merge: other controllers\' (domain-prefixed) conditions on a Gateway and its listeners kept; ours replaced', () => {
  const foreign = { type: 'example.com/Seeded', status: 'True', reason: 'Seeded', message: '', observedGeneration: 1, lastTransitionTime: '2025-01-01T00:00:00Z' };
  const stale = { type: 'Programmed', status: 'False', reason: 'Pending', message: '', observedGeneration: 1, lastTransitionTime: '2025-01-01T00:00:00Z' };
  const live: LiveObject = { metadata: { name: 'g', namespace: 'default', generation: 2 }, status: {
    conditions: [stale, foreign],
    listeners: [{ name: 'http', attachedRoutes: 0, supportedKinds: [], conditions: [foreign] }, { name: 'gone', attachedRoutes: 0, supportedKinds: [], conditions: [foreign] }],
  } };
  const accepted = { type: 'Accepted', status: 'True', reason: 'Accepted', message: '', observedGeneration: 2 };
  const ours: ObjectStatus = { kind: 'Gateway', namespace: 'default', name: 'g', status: {
    conditions: [accepted], listeners: [{ name: 'http', attachedRoutes: 1, supportedKinds: [], conditions: [accepted] }],
  } } as ObjectStatus;
  const merged = mergeStatus('Gateway', live, ours, OURS, NOW) as { conditions: { type: string }[]; listeners: { name: string; conditions: { type: string }[] }[] };
  assert.deepEqual(merged.conditions.map((c) => c.type), ['Accepted', 'example.com/Seeded'], 'Pier\'s stale Programmed goes, the foreign condition stays');
  assert.deepEqual(merged.conditions[1], foreign, 'unchanged');
  assert.deepEqual(merged.listeners.map((l) => [l.name, l.conditions.map((c) => c.type)]), [['http', ['Accepted', 'example.com/Seeded']]]);
  assert.equal(mergeStatus('Gateway', { ...live, status: merged }, ours, OURS, NOW), undefined, 'unchanged: nothing to write');
});

/** An in-memory API for one route: GET and PUT /status with resourceVersion checks, and scripted faults. */
class FakeApi implements KubeRequester {
  object: LiveObject = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web', namespace: 'default', resourceVersion: '1', generation: 1 }, status: { parents: [theirEntry] } };
  puts = 0;
  /** When each accepted PUT arrived (ms, monotonic). */
  putTimes: number[] = [];
  gets = 0;
  inFlight = 0;
  maxInFlight = 0;
  /** PUTs answered 409 before the next succeeds (another writer moved the object on). */
  conflicts = 0;
  /** PUTs answered 403 before the next succeeds. */
  forbidden = 0;
  /** Held requests, released by the test. */
  hold: (() => void)[] | undefined;

  async request<T>(method: string, path: string, options: KubeRequestOptions = {}): Promise<T> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.hold) await new Promise<void>((resolve, reject) => { this.hold!.push(resolve); options.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }); });
      if (options.signal?.aborted) throw new Error('aborted');
      if (method === 'GET') {
        this.gets++;
        return structuredClone(this.object) as T;
      }
      assert.equal(method, 'PUT');
      assert.ok(path.endsWith('/status'));
      const body = options.body as LiveObject;
      if (this.forbidden > 0) {
        this.forbidden--;
        throw new KubeRequestError('403 Forbidden', 403);
      }
      if (this.conflicts > 0) {
        this.conflicts--;
        this.object.metadata.resourceVersion = String(Number(this.object.metadata.resourceVersion) + 1);
      }
      if (body.metadata.resourceVersion !== this.object.metadata.resourceVersion) throw new KubeRequestError('409 Conflict', 409);
      this.puts++;
      this.putTimes.push(performance.now());
      this.object = { ...structuredClone(body), metadata: { ...body.metadata, resourceVersion: String(Number(body.metadata.resourceVersion) + 1) } };
      return structuredClone(this.object) as T;
    } finally {
      this.inFlight--;
    }
  }
}

function setup(api: FakeApi, options: { leading?: boolean; minIntervalMs?: number } = {}) {
  const bus = new Bus();
  const registry = new Registry();
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry, logger: silentLogger(), leading: options.leading ?? true, minIntervalMs: options.minIntervalMs ?? 0 });
  writer.start();
  return { bus, writer, registry, key: statusKey('HTTPRoute', 'default', 'web') };
}

test('writes once per change, keeps the other controller\'s entry, retries a conflict by reading again', async () => {
  const api = new FakeApi();
  const { bus, writer, registry, key } = setup(api);
  try {
    api.conflicts = 2;
    bus.statuses.store(key, routeStatus('edge', 1));
    await waitFor('the write', () => (api.puts === 1 ? true : undefined));
    await writer.idle();
    assert.ok(api.gets >= 3, 'read again after each conflict');
    assert.equal(await metricValue(registry, 'pier_kubernetes_status_conflicts_total'), 2);
    const parents = api.object.status?.parents as { controllerName: string }[];
    assert.deepEqual(parents.map((p) => p.controllerName), [THEIRS, OURS]);
    // The same status again (a new object identity on the bus, same content): no write.
    bus.statuses.store(key, routeStatus('edge', 1));
    bus.statuses.store(key, routeStatus('edge', 2));
    await waitFor('the second write', () => (api.puts === 2 ? true : undefined));
    await writer.idle();
    assert.equal(api.puts, 2);
  } finally {
    await writer.stop();
  }
});

test('coalesced: a burst of changes to one object while a write is in flight ends in at most one more write, of the latest', async () => {
  const api = new FakeApi();
  api.hold = [];
  const { bus, writer, key } = setup(api);
  try {
    bus.statuses.store(key, routeStatus('edge', 1));
    await waitFor('the first request', () => (api.hold!.length === 1 ? true : undefined));
    for (let g = 2; g <= 50; g++) bus.statuses.store(key, routeStatus('edge', g));
    const release = api.hold;
    api.hold = undefined;
    for (const r of release) r();
    await waitFor('settled at generation 50', () => {
      const c = (api.object.status?.parents as { controllerName: string; conditions: { observedGeneration: number }[] }[]).find((p) => p.controllerName === OURS)?.conditions[0];
      return c?.observedGeneration === 50 ? true : undefined;
    });
    await writer.idle();
    // The write in flight may already merge the latest status (the burst arrived before its read
    // returned): then it is the only one. Never one per change.
    assert.ok(api.puts <= 2, `at most the first status, then the latest: ${api.puts} writes`);
  } finally {
    await writer.stop();
  }
});

test('bounded concurrency; a minimum interval between writes of one object', async () => {
  const api = new FakeApi();
  const bus = new Bus();
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry: new Registry(), logger: silentLogger(), leading: true, concurrency: 3, minIntervalMs: 200 });
  writer.start();
  try {
    for (let i = 0; i < 20; i++) bus.statuses.store(statusKey('HTTPRoute', 'default', `r${i}`), { ...routeStatus('edge', 1), name: `r${i}` });
    await waitFor('20 syncs', () => (api.gets >= 20 ? true : undefined));
    assert.ok(api.maxInFlight <= 3, `at most 3 requests at once (saw ${api.maxInFlight})`);
    await writer.idle();
    // One object changing fast: the second write waits out the interval.
    const key = statusKey('HTTPRoute', 'default', 'web');
    const before = api.puts;
    bus.statuses.store(key, routeStatus('edge', 5));
    await waitFor('the first', () => (api.puts === before + 1 ? true : undefined));
    bus.statuses.store(key, routeStatus('edge', 6));
    await waitFor('the second', () => (api.puts === before + 2 ? true : undefined), { timeoutMs: 3000 });
    // Measured where the writes arrive (not where the test noticed them): timers never fire early
    // by more than a millisecond.
    const gap = api.putTimes[before + 1] - api.putTimes[before];
    assert.ok(gap >= 195, `the second write waited out the 200 ms interval (came ${gap.toFixed(1)} ms after the first)`);
  } finally {
    await writer.stop();
  }
});

test('leadership: nothing written while not leading; losing it aborts the request in flight; gaining it re-syncs', async () => {
  const api = new FakeApi();
  const { bus, writer, key } = setup(api, { leading: false });
  try {
    bus.statuses.store(key, routeStatus('edge', 1));
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(api.gets + api.puts, 0, 'a follower does not touch the API');
    api.hold = [];
    writer.setLeading(true);
    await waitFor('a request', () => (api.hold!.length === 1 ? true : undefined));
    writer.setLeading(false);
    api.hold = undefined;
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(api.puts, 0, 'the aborted sync wrote nothing');
    writer.setLeading(true);
    await waitFor('the write after leading again', () => (api.puts === 1 ? true : undefined));
  } finally {
    await writer.stop();
  }
});

test('a failed write is tried again after a delay, not in a tight loop', async () => {
  const api = new FakeApi();
  api.forbidden = 1;
  const { bus, writer, registry, key } = setup(api);
  try {
    bus.statuses.store(key, routeStatus('edge', 1));
    await waitFor('the refused write', async () => ((await metricValue(registry, 'pier_kubernetes_status_write_failures_total')) === 1 ? true : undefined));
    const gets = api.gets;
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(api.gets, gets, 'no retry within half a second');
    await waitFor('the retry', () => (api.puts === 1 ? true : undefined), { timeoutMs: 3000 });
  } finally {
    await writer.stop();
  }
});

test('with the watch\'s statuses: one request per write (no read); a stale watch costs a conflict and one read; its own write stands in until the watch shows it', async () => {
  const api = new FakeApi();
  const bus = new Bus();
  const registry = new Registry();
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry, logger: silentLogger(), leading: true, minIntervalMs: 0, observed: bus.observedStatuses });
  const key = statusKey('HTTPRoute', 'default', 'web');
  /** What the provider's watch publishes: the object's status and version as the API holds them now. */
  const watchSees = (): void => { bus.observedStatuses.store(key, { resourceVersion: api.object.metadata.resourceVersion!, status: structuredClone(api.object.status) }); };
  writer.start();
  try {
    watchSees();
    bus.statuses.store(key, routeStatus('edge', 1));
    await waitFor('the first write', () => (api.puts === 1 ? true : undefined));
    await writer.idle();
    assert.equal(api.gets, 0, 'written against the watched status, without a read');
    assert.deepEqual((api.object.status?.parents as { controllerName: string }[]).map((p) => p.controllerName), [THEIRS, OURS], 'the other controller\'s entry kept');

    // The watch has not shown that write yet: the next change is written over the object the write returned.
    bus.statuses.store(key, routeStatus('edge', 2));
    await waitFor('the second write', () => (api.puts === 2 ? true : undefined));
    await writer.idle();
    assert.equal(api.gets, 0, 'no read while the watch lags behind Pier\'s own write');
    assert.equal(await metricValue(registry, 'pier_kubernetes_status_conflicts_total'), 0);

    // Someone else wrote since (the watch has not shown it): one conflict, one read, then the write.
    watchSees();
    api.conflicts = 1;
    bus.statuses.store(key, routeStatus('edge', 3));
    await waitFor('the third write', () => (api.puts === 3 ? true : undefined));
    await writer.idle();
    assert.equal(api.gets, 1);
    assert.equal(await metricValue(registry, 'pier_kubernetes_status_conflicts_total'), 1);

    // Gone from the watch: nothing written, nothing read.
    bus.observedStatuses.delete(key);
    bus.statuses.store(key, routeStatus('edge', 4));
    await writer.idle();
    assert.deepEqual([api.puts, api.gets], [3, 1]);
  } finally {
    await writer.stop();
  }
});

test('a Gateway whose only change is attachedRoutes is paced while routes keep coming (a token bucket); the last count lands; another change goes out at once', async () => {
  const api = new FakeApi();
  api.object = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge', namespace: 'default', resourceVersion: '1', generation: 1 }, status: {} };
  const bus = new Bus();
  const key = statusKey('Gateway', 'default', 'edge');
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry: new Registry(), logger: silentLogger(), leading: true, minIntervalMs: 10, countOnlyBurst: 2, countOnlyRefillMs: 80, countOnlyMaxRefillMs: 80 });
  const gateway = (attachedRoutes: number, programmed: 'True' | 'False' = 'True'): ObjectStatus => ({
    kind: 'Gateway', namespace: 'default', name: 'edge',
    status: {
      conditions: [{ type: 'Programmed', status: programmed, reason: programmed === 'True' ? 'Programmed' : 'Pending', message: '', observedGeneration: 1, lastTransitionTime: NOW }],
      listeners: [{ name: 'http', supportedKinds: [], attachedRoutes, conditions: [] }],
    },
  } as unknown as ObjectStatus);
  writer.start();
  try {
    // A new route every 5 ms for 400 ms: at the 10 ms interval alone that is up to 40 writes.
    const started = Date.now();
    for (let n = 1; n <= 80; n++) {
      bus.statuses.store(key, gateway(n));
      await new Promise((r) => setTimeout(r, 5));
    }
    await waitFor('the last count written', () => ((api.object.status?.listeners as { attachedRoutes: number }[] | undefined)?.[0]?.attachedRoutes === 80 ? true : undefined), { timeoutMs: 3000 });
    await writer.idle();
    // However long that took on this machine, the bucket allowed no more than this.
    const bound = maxPacedWrites(Date.now() - started, 2, 80, 80);
    assert.ok(api.puts <= bound, `paced while only the count moved: ${api.puts} writes for 80 changes (at most ${bound})`);
    const paced = api.puts;
    // Another kind of change goes out as one write, with the count as it is then.
    bus.statuses.store(key, gateway(81, 'False'));
    await waitFor('the condition written', () => ((api.object.status?.conditions as { status: string }[] | undefined)?.[0]?.status === 'False' ? true : undefined), { timeoutMs: 3000 });
    assert.equal(api.puts, paced + 1);
  } finally {
    await writer.stop();
  }
});

/**
 * The most writes in elapsedMs: the first (a new status, not a count-only change), the burst, one
 * per period as it doubles from base to max, and one for the part of a token that accrues while
 * the burst goes out.
 */
function maxPacedWrites(elapsedMs: number, burst: number, baseMs: number, maxMs: number): number {
  let writes = 1 + burst + 1;
  for (let t = 0, period = baseMs; t + period <= elapsedMs; t += period, period = Math.min(maxMs, period * 2)) writes++;
  return writes;
}

test('routes that keep coming slow the Gateway\'s count-only writes further (the period doubles up to its maximum); the last count lands', async () => {
  const api = new FakeApi();
  api.object = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge', namespace: 'default', resourceVersion: '1', generation: 1 }, status: {} };
  const bus = new Bus();
  const key = statusKey('Gateway', 'default', 'edge');
  // At a fixed 30 ms period, 1.2 s of changes would be about 40 writes.
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry: new Registry(), logger: silentLogger(), leading: true, minIntervalMs: 1, countOnlyBurst: 2, countOnlyRefillMs: 30, countOnlyMaxRefillMs: 240 });
  const gateway = (attachedRoutes: number): ObjectStatus => ({
    kind: 'Gateway', namespace: 'default', name: 'edge',
    status: { conditions: [{ type: 'Programmed', status: 'True', reason: 'Programmed', message: '', observedGeneration: 1, lastTransitionTime: NOW }], listeners: [{ name: 'http', supportedKinds: [], attachedRoutes, conditions: [] }] },
  } as unknown as ObjectStatus);
  writer.start();
  try {
    let n = 0;
    const started = Date.now();
    for (const end = Date.now() + 1200; Date.now() < end && n < 1000;) {
      bus.statuses.store(key, gateway(++n));
      await new Promise((r) => setTimeout(r, 5));
    }
    await waitFor('the last count written', () => ((api.object.status?.listeners as { attachedRoutes: number }[] | undefined)?.[0]?.attachedRoutes === n ? true : undefined), { timeoutMs: 5000 });
    await writer.idle();
    // 2 at once, then after 30, 60, 120, 240, 240, ... ms: about 8 over 1.2 s, where a fixed period would allow 40.
    const elapsed = Date.now() - started;
    const bound = maxPacedWrites(elapsed, 2, 30, 240);
    assert.ok(api.puts <= bound, `${api.puts} writes for ${n} changes in ${elapsed} ms (at most ${bound})`);
    assert.ok(bound < maxPacedWrites(elapsed, 2, 30, 30), 'the doubling allows fewer writes than a fixed period');
  } finally {
    await writer.stop();
  }
});

test('onlyRouteCountsChanged: listeners\' attachedRoutes alone, for Gateways and ListenerSets', () => {
  const status = (count: number, reason = 'Programmed'): Record<string, unknown> => ({ conditions: [{ type: 'Programmed', reason }], listeners: [{ name: 'http', attachedRoutes: count, conditions: [] }] });
  assert.equal(onlyRouteCountsChanged('Gateway', status(1), status(2)), true);
  assert.equal(onlyRouteCountsChanged('ListenerSet', status(1), status(2)), true);
  assert.equal(onlyRouteCountsChanged('Gateway', status(1), status(2, 'Pending')), false);
  assert.equal(onlyRouteCountsChanged('Gateway', undefined, status(2)), false);
  assert.equal(onlyRouteCountsChanged('HTTPRoute', status(1), status(2)), false);
});

test('thousands of statuses that are already current (a restart) are checked without a write, letting the event loop turn between batches', async () => {
  const api = new FakeApi();
  const bus = new Bus();
  const count = 2000;
  for (let i = 0; i < count; i++) {
    const desired = { ...routeStatus('edge', 1), name: `r${i}` };
    const key = statusKey('HTTPRoute', 'default', `r${i}`);
    // What the watch shows: exactly what Pier would write, so every check finds nothing to do.
    const current = mergeStatus('HTTPRoute', { metadata: { name: `r${i}`, namespace: 'default', generation: 1 } }, desired, OURS, NOW);
    bus.observedStatuses.store(key, { resourceVersion: '7', status: current });
    bus.statuses.store(key, desired);
  }
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry: new Registry(), logger: silentLogger(), leading: true, observed: bus.observedStatuses });
  // Turns of the event loop while the writer works through them (a stage waiting behind it would run in these).
  let turns = 0;
  let ticking = true;
  const tick = (): void => { if (ticking) { turns++; setImmediate(tick); } };
  setImmediate(tick);
  writer.start();
  try {
    // The statuses arrive through the writer's subscription first; then it works until idle.
    await waitFor('statuses to check', () => ((writer as unknown as { dirty: Set<string> }).dirty.size > 0 || turns > 50 ? true : undefined), { timeoutMs: 5000, intervalMs: 0 });
    const before = turns;
    await writer.idle();
    ticking = false;
    assert.equal(api.puts + api.gets, 0, 'no request for a status already current');
    // In batches of at most a few hundred: the loop turns between them (in one go it would not turn at all).
    assert.ok(turns - before >= 5, `the event loop turned ${turns - before} times while ${count} statuses were checked`);
  } finally {
    ticking = false;
    await writer.stop();
  }
});

test('a field the API server prunes (status.addresses[].routability with v1.6 or standard-channel CRDs) is not written again and again', async () => {
  /** A Gateway whose CRD lacks routability: a status PUT keeps everything else. */
  class PruningApi implements KubeRequester {
    object: LiveObject = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge', namespace: 'default', resourceVersion: '1', generation: 1 } };
    puts = 0;
    async request<T>(method: string, _path: string, options: KubeRequestOptions = {}): Promise<T> {
      if (method === 'GET') return structuredClone(this.object) as T;
      const body = structuredClone(options.body as LiveObject);
      if (body.metadata.resourceVersion !== this.object.metadata.resourceVersion) throw new KubeRequestError('409 Conflict', 409);
      for (const a of (body.status?.addresses ?? []) as Record<string, unknown>[]) delete a.routability;
      this.puts++;
      this.object = { ...body, metadata: { ...body.metadata, resourceVersion: String(Number(body.metadata.resourceVersion) + 1) } };
      return structuredClone(this.object) as T;
    }
  }
  const api = new PruningApi();
  const bus = new Bus();
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry: new Registry(), logger: silentLogger(), leading: true, minIntervalMs: 0, observed: bus.observedStatuses });
  const key = statusKey('Gateway', 'default', 'edge');
  const watchSees = (): void => { bus.observedStatuses.store(key, { resourceVersion: api.object.metadata.resourceVersion!, status: structuredClone(api.object.status) }); };
  const gatewayStatus = (programmed: 'True' | 'False'): ObjectStatus => ({
    kind: 'Gateway', namespace: 'default', name: 'edge',
    status: {
      addresses: [{ type: 'IPAddress', value: '10.96.0.42', routability: 'Cluster' }],
      conditions: [{ type: 'Programmed', status: programmed, reason: programmed === 'True' ? 'Programmed' : 'Pending', message: '', observedGeneration: 1 }],
    },
  });
  writer.start();
  try {
    watchSees();
    bus.statuses.store(key, gatewayStatus('True'));
    await waitFor('the first write', () => (api.puts === 1 ? true : undefined));
    await writer.idle();
    watchSees();
    assert.deepEqual(api.object.status?.addresses, [{ type: 'IPAddress', value: '10.96.0.42' }], 'the server kept the address without routability');
    // A re-sync of every status (leadership regained) finds nothing to write.
    writer.setLeading(false);
    writer.setLeading(true);
    await new Promise((r) => setTimeout(r, 100));
    await writer.idle();
    assert.equal(api.puts, 1, 'not written again over what the server pruned');
    // A real change is written.
    bus.statuses.store(key, gatewayStatus('False'));
    await waitFor('the second write', () => (api.puts === 2 ? true : undefined));
    await writer.idle();
    watchSees();
    writer.setLeading(false);
    writer.setLeading(true);
    await new Promise((r) => setTimeout(r, 100));
    await writer.idle();
    assert.equal(api.puts, 2);
  } finally {
    await writer.stop();
  }
});

test('a new leader reads from the stored Gateway that its CRD prunes routability, and writes nothing that would change nothing', async () => {
  // What an earlier Pier wrote on a CRD without the field: the AddressesAssigned condition kept, routability dropped.
  const conditions = [
    { type: 'Programmed', status: 'True' as const, reason: 'Programmed', message: '', observedGeneration: 1, lastTransitionTime: '2026-01-01T00:00:00Z' },
    { type: 'AddressesAssigned', status: 'True' as const, reason: 'AddressesAssigned', message: '', observedGeneration: 1, lastTransitionTime: '2026-01-01T00:00:00Z' },
  ];
  let object: LiveObject = {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge', namespace: 'default', resourceVersion: '7', generation: 1 },
    status: { addresses: [{ type: 'IPAddress', value: '127.33.0.9' }], conditions },
  };
  let puts = 0;
  const api: KubeRequester = {
    async request<T>(method: string, _path: string, options: KubeRequestOptions = {}): Promise<T> {
      if (method === 'GET') return structuredClone(object) as T;
      puts++;
      object = structuredClone(options.body as LiveObject);
      return structuredClone(object) as T;
    },
  };
  const bus = new Bus();
  const writer = new KubernetesStatusWriter({ bus, client: api, controllerName: OURS, registry: new Registry(), logger: silentLogger(), leading: true, minIntervalMs: 0, observed: bus.observedStatuses });
  const key = statusKey('Gateway', 'default', 'edge');
  bus.observedStatuses.store(key, { resourceVersion: '7', status: structuredClone(object.status) });
  const desired = (value: string): ObjectStatus => ({
    kind: 'Gateway', namespace: 'default', name: 'edge',
    status: { addresses: [{ type: 'IPAddress', value, routability: '' }], conditions: conditions.map(({ lastTransitionTime: _t, ...c }) => c) },
  });
  writer.start();
  try {
    bus.statuses.store(key, desired('127.33.0.9'));
    await new Promise((r) => setTimeout(r, 100));
    await writer.idle();
    assert.equal(puts, 0, 'the same status but for the pruned field is not written');
    bus.statuses.store(key, desired('127.33.0.10'));
    await waitFor('a real change written', () => (puts === 1 ? true : undefined));
  } finally {
    await writer.stop();
  }
});
