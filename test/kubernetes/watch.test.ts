/**
 * The watch helper (src/kubeclient/watch) against a real kube-apiserver + etcd:
 * changes, relist(), an API server and etcd restart (with changes the watcher missed), and 410
 * Gone after an etcd compaction.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { silentLogger } from '../../src/logging/logger';
import {
  ApiWatchClient, KeyIndex, WatchMetrics, watch, type ResourceKind, type WatchConfig, type WatchStore, type WatchedObject,
} from '../../src/kubeclient/watch';
import { metricValue } from '../helpers/metrics';
import { waitFor } from '../helpers/net';
import { WatchRecorder } from '../helpers/watch-recorder';
import { startControlPlane, type ControlPlane } from './harness';
import { TcpGate } from './tcp-gate';

const CONFIGMAPS: ResourceKind = { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true };
const SERVICES: ResourceKind = { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true };
const HTTPROUTES: ResourceKind = { group: 'gateway.networking.k8s.io', version: 'v1', kind: 'HTTPRoute', plural: 'httproutes', namespaced: true };
const PREFIX = 'test_watchers';

interface KubeObj extends WatchedObject {
  apiVersion?: string;
  kind?: string;
  metadata: WatchedObject['metadata'] & { labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: { parentRefs?: { name: string }[] };
}

interface Started {
  store: WatchStore<KubeObj>;
  recorder: WatchRecorder<KubeObj>;
  registry: Registry;
  metric(name: string, labels?: Record<string, string>): Promise<number>;
}

describe('watch helper on a real API server', { timeout: 900_000 }, () => {
  let cp: ControlPlane;
  const stores: WatchStore<KubeObj>[] = [];

  // ConfigMaps bypass the API server's watch cache, so a compacted etcd shows through as 410.
  before(async () => {
    cp = await startControlPlane({ watchCacheDisabled: ['configmaps'], controllerManager: false });
  }, { timeout: 300_000 });
  after(async () => {
    await Promise.all(stores.map((s) => s.stop()));
    await cp?.stop();
  });

  async function startWatch(resource: ResourceKind, options: { namespace?: string; server?: string } & Partial<WatchConfig<KubeObj>> = {}): Promise<Started> {
    const registry = new Registry();
    const recorder = new WatchRecorder<KubeObj>();
    const { namespace, server, ...config } = options;
    const store = await watch<KubeObj>({
      instance: resource.plural,
      client: new ApiWatchClient<KubeObj>({ connection: cp.kubeConfig(server), resource, namespace }),
      logger: silentLogger(),
      metrics: new WatchMetrics({ registry, prefix: PREFIX }),
      handlers: recorder.handlers,
      backoff: { initialMs: 100, maxMs: 1000 },
      ...config,
    });
    stores.push(store);
    return { store, recorder, registry, metric: (name, labels) => metricValue(registry, `${PREFIX}_${name}`, labels) };
  }

  async function namespace(name: string): Promise<string> {
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    return name;
  }

  const configMap = (name: string, data: Record<string, string> = {}, labels: Record<string, string> = { 'pier-test': 'watch' }): KubeObj =>
    ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data });
  const service = (name: string): KubeObj => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }] } } as KubeObj);
  const names = (store: WatchStore<KubeObj>): string[] => store.items().map((o) => o.metadata.name).sort();
  /** Waits until the recorder has n calls, then returns them (sorted when asked). */
  const calls = (recorder: WatchRecorder<KubeObj>, n: number, what: string): Promise<string[]> =>
    waitFor(what, () => (recorder.calls.length >= n ? recorder.take() : undefined), { timeoutMs: 30_000 });

  test('ConfigMaps: the initial list, then adds, updates and deletes, within a label selector', async () => {
    const ns = await namespace('watch-configmaps');
    const cms = `/api/v1/namespaces/${ns}/configmaps`;
    await cp.api.create(cms, configMap('a', { v: '1' }));
    await cp.api.create(cms, configMap('b'));
    const { store, recorder } = await startWatch(CONFIGMAPS, { namespace: ns, listOptions: { labelSelector: 'pier-test=watch' } });
    assert.deepEqual(recorder.take().sort(), [`add ${ns}/a preexisting`, `add ${ns}/b preexisting`]);

    await cp.api.create(cms, configMap('c'));
    await cp.api.create(cms, configMap('unlabelled', {}, {}));
    await cp.api.patch(`${cms}/a`, { data: { v: '2' } });
    await cp.api.delete(`${cms}/b`);
    assert.deepEqual(await calls(recorder, 3, 'three changes'), [`add ${ns}/c`, `update ${ns}/a`, `delete ${ns}/b`]);
    assert.deepEqual(names(store), ['a', 'c']);
    assert.deepEqual(store.get(ns, 'a')?.data, { v: '2' });
    assert.equal(store.failing, false);
  });

  test('HTTPRoutes (a Gateway API CRD) in all namespaces: the store holds what the API server holds; an index follows', async () => {
    const namespaces = [await namespace('routes-1'), await namespace('routes-2')];
    const route = (name: string, parent: string): unknown => ({
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name }, spec: { parentRefs: [{ name: parent }] },
    });
    const path = (ns: string, name = ''): string => `/apis/gateway.networking.k8s.io/v1/namespaces/${ns}/httproutes${name ? `/${name}` : ''}`;
    await cp.api.create(path(namespaces[0]), route('listed', 'gw-a'));
    const { store, recorder } = await startWatch(HTTPROUTES);
    const byParent = store.addIndex(new KeyIndex<KubeObj>((o) => (o.spec?.parentRefs ?? []).map((p) => p.name)));
    recorder.take();
    await cp.api.create(path(namespaces[1]), route('watched', 'gw-a'));
    await cp.api.patch(path(namespaces[0], 'listed'), { spec: { parentRefs: [{ name: 'gw-b' }] } });
    assert.deepEqual(await calls(recorder, 2, 'two route changes'), ['add routes-2/watched', 'update routes-1/listed']);
    assert.deepEqual(byParent.list('gw-a').map((o) => o.metadata.name), ['watched']);
    assert.deepEqual(byParent.list('gw-b').map((o) => o.metadata.name), ['listed']);
    // One form whether an object came from a list or an event: the API server's JSON, apiVersion and kind included.
    for (const [ns, name] of [[namespaces[0], 'listed'], [namespaces[1], 'watched']]) {
      assert.deepEqual(store.get(ns, name), await cp.api.get(path(ns, name)));
    }
    await cp.api.delete(path(namespaces[1], 'watched'));
    assert.deepEqual(await calls(recorder, 1, 'the delete'), ['delete routes-2/watched']);
    assert.deepEqual(byParent.keys(), ['gw-b']);
  });

  test('relist() resolves with the store at least as fresh as the request', async () => {
    const ns = await namespace('watch-relist');
    const { store, metric } = await startWatch(CONFIGMAPS, { namespace: ns });
    for (let i = 0; i < 15; i++) {
      const created = await cp.api.create<KubeObj>(`/api/v1/namespaces/${ns}/configmaps`, configMap(`r${i}`));
      await store.relist();
      assert.equal(store.get(ns, `r${i}`)?.metadata.resourceVersion, created.metadata.resourceVersion, `r${i} is in the store once relist() resolves`);
    }
    assert.equal(await metric('relist_requests_total'), 15);
    assert.ok(await metric('client_calls_total', { method: 'List' }) >= 16);
    assert.equal(await metric('errors_total'), 0);
  });

  test('a kind the API server does not serve fails the start with the path and the 404', async () => {
    const widgets: ResourceKind = { group: 'example.pier.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true };
    await assert.rejects(startWatch(widgets), /watch widgets: initial list failed: list \/apis\/example\.pier\.dev\/v1\/widgets: 404 Not Found: 404 page not found/);
  });

  test('a user without the permission fails the start with the verb and the resource (403)', async () => {
    const client = new ApiWatchClient<KubeObj>({ connection: await cp.userKubeConfig('nobody'), resource: HTTPROUTES });
    await assert.rejects(
      watch<KubeObj>({ instance: 'httproutes', client, logger: silentLogger(), metrics: new WatchMetrics({ registry: new Registry(), prefix: PREFIX }) }),
      /initial list failed: list \/apis\/gateway\.networking\.k8s\.io\/v1\/httproutes: 403 Forbidden: httproutes\.gateway\.networking\.k8s\.io is forbidden: User "nobody" cannot list resource "httproutes" in API group "gateway\.networking\.k8s\.io" at the cluster scope/,
    );
  });

  test('API server and etcd restart while the watcher is cut off: it relists; missed deletes come with mayBeStale; nothing lost or duplicated', async (t) => {
    const ns = await namespace('watch-restart');
    const svcs = `/api/v1/namespaces/${ns}/services`;
    for (let i = 0; i < 8; i++) await cp.api.create(svcs, service(`s${i}`));
    const gate = await TcpGate.open(Number(new URL(cp.server).port));
    t.after(() => gate.close());
    const { store, recorder, metric } = await startWatch(SERVICES, { namespace: ns, server: gate.url });
    assert.equal(recorder.take().length, 8);

    gate.block();
    await waitFor('the watcher to notice it is cut off', () => (store.failing ? true : undefined), { timeoutMs: 30_000 });
    await cp.restartApiServerAndEtcd();
    // Changes the watcher cannot see as they happen.
    for (const name of ['s0', 's1', 's2']) await cp.api.delete(`${svcs}/${name}`);
    for (const name of ['s3', 's4']) await cp.api.patch(`${svcs}/${name}`, { metadata: { labels: { changed: 'yes' } } });
    for (const name of ['n0', 'n1']) await cp.api.create(svcs, service(name));
    gate.unblock();

    const seen = (await calls(recorder, 7, 'the relist after the outage')).sort();
    assert.deepEqual(seen, [
      `add ${ns}/n0`, `add ${ns}/n1`,
      `delete ${ns}/s0 mayBeStale`, `delete ${ns}/s1 mayBeStale`, `delete ${ns}/s2 mayBeStale`,
      `update ${ns}/s3`, `update ${ns}/s4`,
    ]);
    await waitFor('the watcher to recover', () => (store.failing ? undefined : true));
    const server = await cp.api.get<{ items: KubeObj[] }>(svcs);
    assert.deepEqual(
      store.items().map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`).sort(),
      server.items.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`).sort(),
    );

    // Watching again: a delete now comes from an event, not stale.
    await cp.api.delete(`${svcs}/s5`);
    await cp.api.create(svcs, service('n2'));
    assert.deepEqual(await calls(recorder, 2, 'changes after recovery'), [`delete ${ns}/s5`, `add ${ns}/n2`]);
    assert.ok(await metric('errors_total') >= 1);
    assert.equal(await metric('failing_current'), 0);
    assert.equal(await metric('alive_current'), 1);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(recorder.take(), [], 'no duplicate after the fact');
  });

  test('API server and etcd restart under a connected watcher: it reconnects; unchanged objects cause no calls', async () => {
    const ns = await namespace('watch-restart-direct');
    const svcs = `/api/v1/namespaces/${ns}/services`;
    for (let i = 0; i < 5; i++) await cp.api.create(svcs, service(`s${i}`));
    const { store, recorder, metric } = await startWatch(SERVICES, { namespace: ns });
    recorder.take();
    await cp.restartApiServerAndEtcd();
    await cp.api.create(svcs, service('after'));
    await cp.api.delete(`${svcs}/s0`);
    const seen = await calls(recorder, 2, 'changes after the restart');
    assert.deepEqual(seen.sort(), [`add ${ns}/after`, seen.includes(`delete ${ns}/s0`) ? `delete ${ns}/s0` : `delete ${ns}/s0 mayBeStale`]);
    assert.deepEqual(names(store), ['after', 's1', 's2', 's3', 's4']);
    assert.ok(await metric('client_calls_total', { method: 'Watch' }) >= 2, 'it watched again');
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(recorder.take(), []);
  });

  test('410 Gone after an etcd compaction: the watch resumes from a compacted version, gets 410 and relists', async () => {
    const ns = await namespace('watch-compaction');
    await cp.api.create(`/api/v1/namespaces/${ns}/configmaps`, configMap('c0'));
    // Each watch ends after 2 s, so the next one resumes from the version this watcher last saw.
    const { store, recorder, metric } = await startWatch(CONFIGMAPS, { namespace: ns, watchTimeoutSeconds: { min: 2, max: 2 } });
    recorder.take();
    const seenVersion = store.resourceVersion;
    // Move etcd on elsewhere (this watcher sees none of it), then drop every older revision.
    const churn = await namespace('compaction-churn');
    await cp.api.create(`/api/v1/namespaces/${churn}/configmaps`, configMap('churn'));
    for (let i = 0; i < 50; i++) await cp.api.patch(`/api/v1/namespaces/${churn}/configmaps/churn`, { data: { i: String(i) } });
    const compactedAt = await cp.compactEtcd();
    assert.ok(Number(seenVersion) < compactedAt);
    assert.equal(store.resourceVersion, seenVersion, 'no event or bookmark moved the watcher on');

    await waitFor('a 410 ERROR event', async () => ((await metric('events_total', { type: 'ERROR' })) >= 1 ? true : undefined), { timeoutMs: 30_000 });
    await waitFor('the relist', async () => (!store.failing && (await metric('client_calls_total', { method: 'List' })) >= 2 ? true : undefined), { timeoutMs: 30_000 });
    assert.equal(await metric('errors_total', { source: 'Watch.Event' }), 1);
    assert.ok(Number(store.resourceVersion) >= compactedAt, 'the relist moved the watcher past the compaction');

    await cp.api.create(`/api/v1/namespaces/${ns}/configmaps`, configMap('c1'));
    assert.deepEqual(await calls(recorder, 1, 'a change after the relist'), [`add ${ns}/c1`], 'the relist re-added nothing');
    assert.deepEqual(names(store), ['c0', 'c1']);
  });

  test('the API watch client lists in pages: one snapshot, every object, apiVersion and kind set', async () => {
    const ns = await namespace('watch-pages');
    for (let i = 0; i < 7; i++) await cp.api.create(`/api/v1/namespaces/${ns}/configmaps`, configMap(`p${i}`));
    const client = new ApiWatchClient<KubeObj>({ connection: cp.kubeConfig(), resource: CONFIGMAPS, namespace: ns, pageSize: 2 });
    const list = await client.list({ labelSelector: 'pier-test=watch' }, new AbortController().signal);
    assert.deepEqual(list.items.map((o) => o.metadata.name).sort(), ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    assert.ok(list.items.every((o) => o.apiVersion === 'v1' && o.kind === 'ConfigMap'));
    assert.match(list.resourceVersion, /^\d+$/);
  });
});
