import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { silentLogger } from '../../../../src/logging/logger';
import { KeyIndex, WatchMetrics, WatchStoppedError, watch, type WatchConfig, type WatchStore } from '../../../../src/kubeclient/watch';
import { backoffDelay } from '../../../../src/kubeclient/watch/backoff';
import { metricValue } from '../../../helpers/metrics';
import { WatchRecorder } from '../../../helpers/watch-recorder';
import { FakeWatchClient, obj, type TestObject } from './fake-watch-client';

const PREFIX = 'test_watchers';

class Recorder extends WatchRecorder<TestObject> {
  constructor() {
    super({ versions: true });
  }
}

interface Setup {
  client: FakeWatchClient;
  registry: Registry;
  recorder: Recorder;
  store: WatchStore<TestObject>;
}

const running: WatchStore<TestObject>[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function start(initial: { rv: string; items: TestObject[] }, config: Partial<WatchConfig<TestObject>> = {}): Promise<Setup> {
  const client = new FakeWatchClient();
  const registry = new Registry();
  const recorder = new Recorder();
  const started = watch<TestObject>({
    instance: 'configmaps', client, logger: silentLogger(), metrics: new WatchMetrics({ registry, prefix: PREFIX }),
    handlers: recorder.handlers, backoff: { initialMs: 2, maxMs: 10 }, ...config,
  });
  (await client.nextList()).respond(initial.rv, initial.items);
  const store = await started;
  running.push(store);
  return { client, registry, recorder, store };
}

function metric(registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number> {
  return metricValue(registry, `${PREFIX}_${name}`, labels);
}

const names = (store: WatchStore<TestObject>): string[] => store.items().map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`).sort();
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('watch: initial list', () => {
  test('sync: the store is full and the add handlers ran (preexisting) before watch() resolves', async () => {
    const { store, recorder, client } = await start({ rv: '10', items: [obj('a', '5'), obj('b', '7')] });
    assert.deepEqual(recorder.take(), ['add ns/a@5 preexisting', 'add ns/b@7 preexisting']);
    assert.deepEqual(names(store), ['a@5', 'b@7']);
    assert.equal(store.synced, true);
    assert.equal(store.get('ns', 'a')?.metadata.resourceVersion, '5');
    const stream = await client.nextWatch();
    assert.equal(stream.options.resourceVersion, '10');
    assert.equal(stream.options.allowWatchBookmarks, true);
  });

  test('defer: watch() resolves with an empty store; the adds run on a later turn', async () => {
    const { store, recorder, client } = await start({ rv: '10', items: [obj('a', '5')] }, { initMode: 'defer' });
    assert.equal(store.size, 0);
    assert.equal(store.synced, false);
    assert.deepEqual(recorder.take(), []);
    const stream = await client.nextWatch();
    assert.deepEqual(recorder.take(), ['add ns/a@5 preexisting']);
    assert.equal(store.synced, true);
    assert.equal(stream.options.resourceVersion, '10');
  });

  test('a failed initial list rejects, naming the watch and the cause, and leaves nothing alive', async () => {
    const client = new FakeWatchClient();
    const registry = new Registry();
    const started = watch<TestObject>({ instance: 'gateways', client, logger: silentLogger(), metrics: new WatchMetrics({ registry, prefix: PREFIX }) });
    (await client.nextList()).fail(new Error('404 NotFound: the server could not find the requested resource'));
    await assert.rejects(started, /watch gateways: initial list failed: 404 NotFound/);
    assert.equal(await metric(registry, 'alive_current'), 0);
    assert.equal(await metric(registry, 'errors_total'), 0, 'a failed start is the caller\'s error, not a watch error');
    assert.equal(client.watchCalls, 0);
  });

  test('objects without metadata.name are ignored', async () => {
    const { store } = await start({ rv: '1', items: [obj('a', '1'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} } as TestObject] });
    assert.deepEqual(names(store), ['a@1']);
  });
});

describe('watch: events', () => {
  test('ADDED, MODIFIED, DELETED reach the store and the handlers; versions follow events and bookmarks', async () => {
    const { store, recorder, client } = await start({ rv: '10', items: [obj('a', '5')] });
    recorder.take();
    const stream = await client.nextWatch();
    stream.added(obj('b', '11'));
    stream.modified(obj('a', '12', { data: { k: 'v' } }));
    stream.deleted(obj('b', '13'));
    assert.deepEqual(recorder.take(), ['add ns/b@11', 'update ns/a@5->12', 'delete ns/b@13']);
    assert.deepEqual(names(store), ['a@12']);
    assert.deepEqual(store.get('ns', 'a')?.data, { k: 'v' });
    assert.equal(store.resourceVersion, '13');
    stream.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '20' } } });
    assert.equal(store.resourceVersion, '20');
    assert.deepEqual(recorder.take(), []);
  });

  test('transform: applied to listed and watched objects before the store and the handlers see them', async () => {
    const transform = (o: TestObject): TestObject => ({ ...o, data: { seen: o.data?.k ?? '-' } });
    const { store, client } = await start({ rv: '10', items: [obj('a', '5', { data: { k: 'listed' } })] }, { transform });
    assert.deepEqual(store.get('ns', 'a')?.data, { seen: 'listed' });
    const stream = await client.nextWatch();
    stream.modified(obj('a', '12', { data: { k: 'watched' } }));
    assert.deepEqual(store.get('ns', 'a')?.data, { seen: 'watched' });
  });

  test('a MODIFIED for an unknown object is an add; a DELETED for an unknown one is nothing', async () => {
    const { store, recorder, client } = await start({ rv: '1', items: [] });
    const stream = await client.nextWatch();
    stream.modified(obj('x', '2'));
    stream.deleted(obj('y', '3'));
    assert.deepEqual(recorder.take(), ['add ns/x@2']);
    assert.deepEqual(names(store), ['x@2']);
  });

  test('a closed watch is resumed from the latest version seen, without a list', async () => {
    const { client, registry } = await start({ rv: '10', items: [] });
    const first = await client.nextWatch();
    first.added(obj('a', '11'));
    first.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '15' } } });
    first.close();
    const second = await client.nextWatch();
    assert.equal(second.options.resourceVersion, '15');
    assert.equal(client.listCalls, 1);
    assert.equal(await metric(registry, 'client_calls_total', { method: 'Watch' }), 2);
    assert.equal(await metric(registry, 'client_calls_total', { method: 'List' }), 1);
    assert.equal(await metric(registry, 'errors_total'), 0);
  });

  test('a watch that closes at once without events is not retried in a tight loop', async () => {
    const { client } = await start({ rv: '10', items: [] }, { backoff: { initialMs: 40, maxMs: 40 }, healthyWatchMs: 1000 });
    const first = await client.nextWatch();
    const closedAt = Date.now();
    first.close();
    const second = await client.nextWatch();
    assert.ok(Date.now() - closedAt >= 20, `the next watch waited for the backoff (${Date.now() - closedAt} ms)`);
    assert.equal(second.options.resourceVersion, '10');
    assert.equal(client.listCalls, 1);
  });

  test('a handler that throws does not stop the watch', async () => {
    const client = new FakeWatchClient();
    const seen: string[] = [];
    const started = watch<TestObject>({
      instance: 'configmaps', client, logger: silentLogger(), metrics: new WatchMetrics({ registry: new Registry(), prefix: PREFIX }),
      handlers: { add: (o) => { seen.push(o.metadata.name); if (o.metadata.name === 'bad') throw new Error('boom'); } },
    });
    (await client.nextList()).respond('1', []);
    const store = await started;
    running.push(store);
    const stream = await client.nextWatch();
    stream.added(obj('bad', '2'));
    stream.added(obj('good', '3'));
    assert.deepEqual(seen, ['bad', 'good']);
    assert.equal(store.size, 2);
  });
});

describe('watch: errors and relists', () => {
  test('410 Gone (an ERROR event) relists, then watches from the new list version', async () => {
    const { client, registry, recorder, store } = await start({ rv: '10', items: [obj('a', '5'), obj('b', '6')] });
    recorder.take();
    const stream = await client.nextWatch();
    stream.gone();
    assert.equal(stream.signal.aborted, true, 'the broken watch is cut');
    const relist = await client.nextList();
    assert.equal(store.failing, true);
    assert.equal(await metric(registry, 'failing_current'), 1);
    relist.respond('100', [obj('a', '5'), obj('b', '60')]);
    const next = await client.nextWatch();
    assert.equal(next.options.resourceVersion, '100');
    assert.deepEqual(recorder.take(), ['update ns/b@6->60']);
    assert.equal(store.failing, false);
    assert.equal(await metric(registry, 'failing_current'), 0);
    assert.equal(await metric(registry, 'errors_total', { source: 'Watch.Event' }), 1);
    assert.equal(await metric(registry, 'events_total', { type: 'ERROR' }), 1);
  });

  test('deletes missed while the watch was down come from the relist with mayBeStale', async () => {
    const { client, registry, recorder, store } = await start({ rv: '10', items: [obj('keep', '1'), obj('gone', '2'), obj('changed', '3')] });
    recorder.take();
    (await client.nextWatch()).fail(new Error('socket hang up'));
    (await client.nextList()).respond('50', [obj('keep', '1'), obj('changed', '30'), obj('new', '40')]);
    await client.nextWatch();
    assert.deepEqual(recorder.take(), ['delete ns/gone@2 mayBeStale', 'update ns/changed@3->30', 'add ns/new@40']);
    assert.deepEqual(names(store), ['changed@30', 'keep@1', 'new@40']);
    assert.equal(await metric(registry, 'errors_total', { source: 'Watch' }), 1);
  });

  test('a name deleted and created again while down is a delete and an add, not an update', async () => {
    const { client, recorder } = await start({ rv: '10', items: [obj('a', '1', { uid: 'one' })] });
    recorder.take();
    (await client.nextWatch()).fail(new Error('reset'));
    (await client.nextList()).respond('20', [obj('a', '15', { uid: 'two' })]);
    await client.nextWatch();
    assert.deepEqual(recorder.take(), ['delete ns/a@1 mayBeStale', 'add ns/a@15']);
  });

  test('a watch still open well past its timeout is taken for dead: cut, counted, relisted', async () => {
    const { client, registry } = await start({ rv: '10', items: [] }, { watchTimeoutSeconds: { min: 0, max: 0 }, stallGraceMs: 20 });
    const stream = await client.nextWatch();
    assert.equal(stream.options.timeoutSeconds, 0);
    const relist = await client.nextList();
    assert.equal(stream.signal.aborted, true);
    assert.equal(await metric(registry, 'errors_total', { source: 'Watch' }), 1);
    relist.respond('11', []);
    await client.nextWatch();
  });

  test('a failing list is retried with backoff until it succeeds; failing and the metrics say so', async () => {
    const { client, registry, store } = await start({ rv: '10', items: [obj('a', '1')] });
    (await client.nextWatch()).fail(new Error('connection refused'));
    (await client.nextList()).fail(new Error('connection refused'));
    assert.equal(store.failing, true);
    (await client.nextList()).fail(new Error('503 ServiceUnavailable'));
    assert.equal(await metric(registry, 'failing_current'), 1);
    assert.equal(await metric(registry, 'alive_current'), 1);
    (await client.nextList()).respond('30', [obj('a', '1')]);
    const stream = await client.nextWatch();
    assert.equal(stream.options.resourceVersion, '30');
    assert.equal(store.failing, false);
    assert.equal(await metric(registry, 'errors_total', { source: 'List' }), 2);
    assert.equal(await metric(registry, 'errors_total', { source: 'Watch' }), 1);
    assert.equal(await metric(registry, 'client_calls_total', { method: 'List' }), 4);
    assert.equal(await metric(registry, 'failing_current'), 0);
  });

  test('backoff doubles from initialMs, is capped at maxMs and jittered within its upper half', () => {
    const options = { initialMs: 100, maxMs: 1000 };
    assert.deepEqual([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(options, n, () => 1)), [100, 200, 400, 800, 1000, 1000]);
    assert.deepEqual([0, 1, 4].map((n) => backoffDelay(options, n, () => 0)), [50, 100, 500]);
  });
});

describe('watch: relist()', () => {
  test('cuts the watch, lists, and resolves only once that list is in the store', async () => {
    const { client, registry, recorder, store } = await start({ rv: '10', items: [obj('a', '1')] });
    recorder.take();
    const stream = await client.nextWatch();
    let resolved = false;
    const relisted = store.relist().then(() => { resolved = true; });
    assert.equal(stream.signal.aborted, true);
    const list = await client.nextList();
    await tick();
    assert.equal(resolved, false);
    list.respond('20', [obj('a', '2')]);
    await relisted;
    assert.equal(store.get('ns', 'a')?.metadata.resourceVersion, '2');
    assert.deepEqual(recorder.take(), ['update ns/a@1->2']);
    assert.equal((await client.nextWatch()).options.resourceVersion, '20');
    assert.equal(await metric(registry, 'relist_requests_total'), 1);
    assert.equal(await metric(registry, 'errors_total'), 0, 'a requested relist is no error');
  });

  test('a request made while a list is in flight waits for a list that started after it', async () => {
    const { client, store } = await start({ rv: '10', items: [] });
    const stream = await client.nextWatch();
    const first = store.relist();
    const inFlight = await client.nextList();
    let secondDone = false;
    const second = store.relist().then(() => { secondDone = true; });
    assert.equal(stream.signal.aborted, true);
    inFlight.respond('20', [obj('a', '20')]);
    await first;
    await tick();
    assert.equal(secondDone, false, 'the in-flight list started before the second request');
    (await client.nextList()).respond('30', [obj('a', '30')]);
    await second;
    assert.equal(store.get('ns', 'a')?.metadata.resourceVersion, '30');
  });

  test('requests made together share one list', async () => {
    const { client, store } = await start({ rv: '10', items: [] });
    await client.nextWatch();
    const both = Promise.all([store.relist(), store.relist()]);
    (await client.nextList()).respond('20', []);
    await both;
    await client.nextWatch();
    assert.equal(client.listCalls, 2);
  });

  test('a failing list keeps the request pending until a list succeeds', async () => {
    const { client, store } = await start({ rv: '10', items: [] });
    await client.nextWatch();
    let done = false;
    const relisted = store.relist().then(() => { done = true; });
    (await client.nextList()).fail(new Error('etcdserver: request timed out'));
    await tick();
    assert.equal(done, false);
    (await client.nextList()).respond('20', [obj('x', '20')]);
    await relisted;
    assert.equal(store.size, 1);
  });

  test('stop() rejects a pending request', async () => {
    const { client, store } = await start({ rv: '10', items: [] });
    await client.nextWatch();
    const relisted = store.relist();
    await client.nextList();
    await store.stop();
    await assert.rejects(relisted, WatchStoppedError);
    await assert.rejects(store.relist(), WatchStoppedError);
  });
});

describe('watch: indexes', () => {
  const byTeam = (): KeyIndex<TestObject> => new KeyIndex<TestObject>((o) => (o.metadata.labels?.team ? [o.metadata.labels.team] : []));
  const team = (name: string, rv: string, t: string): TestObject => obj(name, rv, { labels: { team: t } });
  const listed = (index: KeyIndex<TestObject>, key: string): string[] => index.list(key).map((o) => o.metadata.name);

  test('an index added after start holds the current objects and follows every change', async () => {
    const { client, store } = await start({ rv: '10', items: [team('a', '1', 'red'), team('b', '2', 'blue')] });
    const index = store.addIndex(byTeam());
    assert.deepEqual(listed(index, 'red'), ['a']);
    const stream = await client.nextWatch();
    stream.added(team('c', '11', 'red'));
    stream.modified(team('a', '12', 'blue'));
    stream.deleted(team('b', '13', 'blue'));
    assert.deepEqual(listed(index, 'red'), ['c']);
    assert.deepEqual(listed(index, 'blue'), ['a']);
    stream.fail(new Error('reset'));
    (await client.nextList()).respond('40', [team('a', '12', 'blue'), team('d', '30', 'green')]);
    await client.nextWatch();
    assert.deepEqual(index.keys(), ['blue', 'green']);
    assert.deepEqual(listed(index, 'red'), []);
  });

  test('handlers see the index and the store already changed, together', async () => {
    const client = new FakeWatchClient();
    const index = byTeam();
    const views: string[] = [];
    let store: WatchStore<TestObject> | undefined;
    const look = (what: string, o: TestObject): void => {
      views.push(`${what} ${o.metadata.name}: store=${store?.get('ns', o.metadata.name)?.metadata.resourceVersion ?? '-'} red=${listed(index, 'red').join(',')}`);
    };
    const started = watch<TestObject>({
      instance: 'configmaps', client, logger: silentLogger(), metrics: new WatchMetrics({ registry: new Registry(), prefix: PREFIX }),
      initMode: 'defer', handlers: { add: (o) => look('add', o), update: (_, o) => look('update', o), delete: (o) => look('delete', o) },
    });
    (await client.nextList()).respond('1', [team('a', '1', 'red')]);
    store = await started;
    running.push(store);
    store.addIndex(index);
    const stream = await client.nextWatch();
    stream.modified(team('a', '2', 'blue'));
    stream.deleted(team('a', '3', 'blue'));
    assert.deepEqual(views, ['add a: store=1 red=a', 'update a: store=2 red=', 'delete a: store=- red=']);
  });

  test('a removed index no longer changes', async () => {
    const { client, store } = await start({ rv: '10', items: [] });
    const index = store.addIndex(byTeam());
    store.removeIndex(index);
    (await client.nextWatch()).added(team('a', '11', 'red'));
    assert.deepEqual(index.keys(), []);
    assert.equal(store.size, 1);
  });
});

describe('watch: stop and metrics', () => {
  test('stop() cuts the watch in flight, makes no more calls and sets alive to 0', async () => {
    const { client, registry, store } = await start({ rv: '10', items: [] });
    const stream = await client.nextWatch();
    assert.equal(await metric(registry, 'alive_current', { watcher_instance: 'configmaps' }), 1);
    await store.stop();
    assert.equal(stream.signal.aborted, true);
    assert.equal(store.stopped, true);
    assert.equal(await metric(registry, 'alive_current'), 0);
    stream.added(obj('late', '11'));
    assert.equal(store.size, 0, 'events after stop are dropped');
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(client.watchCalls, 1);
    assert.equal(client.listCalls, 1);
  });

  test('stop() during a backoff ends the wait at once', async () => {
    const { client, store } = await start({ rv: '10', items: [] }, { backoff: { initialMs: 60_000, maxMs: 60_000 } });
    (await client.nextWatch()).fail(new Error('reset'));
    await tick();
    assert.equal(store.failing, true, 'the relist waits out a 60 s backoff');
    // "At once": stop() settles within a bounded number of event-loop turns, which the 60 s
    // timer cannot fire in; counted in turns, not measured in time.
    let stopped = false;
    const stopping = store.stop().then(() => { stopped = true; });
    for (let turns = 0; !stopped && turns < 1000; turns++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stopped, true, 'stop() waited for the backoff');
    await stopping;
    assert.equal(client.listCalls, 1);
  });

  test('events are counted by type and client calls by method, per watch instance', async () => {
    const { client, registry } = await start({ rv: '10', items: [] });
    const stream = await client.nextWatch();
    stream.added(obj('a', '11'));
    stream.modified(obj('a', '12'));
    stream.modified(obj('a', '13'));
    stream.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '14' } } });
    stream.deleted(obj('a', '15'));
    const labels = { watcher_instance: 'configmaps' };
    assert.equal(await metric(registry, 'events_total', { ...labels, type: 'ADDED' }), 1);
    assert.equal(await metric(registry, 'events_total', { ...labels, type: 'MODIFIED' }), 2);
    assert.equal(await metric(registry, 'events_total', { ...labels, type: 'BOOKMARK' }), 1);
    assert.equal(await metric(registry, 'events_total', { ...labels, type: 'DELETED' }), 1);
    assert.equal(await metric(registry, 'client_calls_total', { ...labels, method: 'List' }), 1);
    assert.equal(await metric(registry, 'client_calls_total', { ...labels, method: 'Watch' }), 1);
  });

  test('two watches in one registry keep their own figures', async () => {
    const registry = new Registry();
    const metrics = new WatchMetrics({ registry, prefix: PREFIX });
    const stores: WatchStore<TestObject>[] = [];
    for (const instance of ['one', 'two']) {
      const client = new FakeWatchClient();
      const started = watch<TestObject>({ instance, client, logger: silentLogger(), metrics });
      (await client.nextList()).respond('1', []);
      const store = await started;
      stores.push(store);
      running.push(store);
      if (instance === 'two') (await client.nextWatch()).added(obj('x', '2'));
    }
    assert.equal(await metric(registry, 'events_total', { watcher_instance: 'one' }), 0);
    assert.equal(await metric(registry, 'events_total', { watcher_instance: 'two' }), 1);
    await stores[0].stop();
    assert.equal(await metric(registry, 'alive_current', { watcher_instance: 'one' }), 0);
    assert.equal(await metric(registry, 'alive_current', { watcher_instance: 'two' }), 1);
  });
});
