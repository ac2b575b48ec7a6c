/**
 * The test control plane itself: etcd, kube-apiserver and kube-controller-manager come up with
 * the Gateway API CRDs, the controller manager's controllers work, a restart keeps the data,
 * and stop() leaves nothing behind.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { repoRoot } from '../helpers/paths';
import { GATEWAY_API_CRDS_DIR, PIER_CRDS_DIR, startControlPlane, type ControlPlane } from './harness';
import { isAlive } from './process';

interface Meta { metadata: { name: string; namespace?: string; labels?: Record<string, string>; ownerReferences?: { kind: string; name: string }[] } }
interface List<T = Meta> { items: T[] }


describe('Kubernetes test control plane', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  before(async () => {
    cp = await startControlPlane();
  }, { timeout: 300_000 });
  after(async () => {
    await cp?.stop();
  });

  test('comes up ready: /readyz, the pinned version, admin as system:masters, every Gateway API CRD Established', async (t) => {
    t.diagnostic(`start-up ms: ${JSON.stringify(cp.timings)}`);
    assert.equal(await cp.api.get<string>('/readyz'), 'ok');
    const version = await cp.api.get<{ gitVersion: string }>('/version');
    assert.equal(version.gitVersion, 'v1.34.4');
    const review = await cp.api.create<{ status: { allowed: boolean } }>('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
      apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { verb: 'delete', group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' } },
    });
    assert.equal(review.status.allowed, true);
    const files = readdirSync(path.join(repoRoot(), GATEWAY_API_CRDS_DIR)).filter((f) => f.endsWith('.yaml'));
    const crds = await cp.api.get<List<Meta & { status: { conditions: { type: string; status: string }[] } }>>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
    const established = crds.items.filter((c) => c.status.conditions.some((k) => k.type === 'Established' && k.status === 'True')).map((c) => c.metadata.name).sort();
    // The Gateway API's CRDs and Pier's own (crds/pier/), which the harness installs beside them.
    const pierFiles = readdirSync(path.join(repoRoot(), PIER_CRDS_DIR)).filter((f) => f.endsWith('.yaml'));
    const expected = [
      ...files.map((f) => f.replace(/^gateway\.networking\.k8s\.io_(.*)\.yaml$/, '$1.gateway.networking.k8s.io')),
      ...pierFiles.map((f) => f.replace(/^gateway\.pier\.dev_(.*)\.yaml$/, '$1.gateway.pier.dev')),
    ];
    assert.deepEqual(established, expected.sort());
    const route = await cp.api.create<{ spec: { rules: { matches: { path: { type: string; value: string } }[] }[] } }>('/apis/gateway.networking.k8s.io/v1/namespaces/default/httproutes', {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'r' }, spec: { parentRefs: [{ name: 'gw' }] },
    });
    assert.deepEqual(route.spec.rules[0].matches[0].path, { type: 'PathPrefix', value: '/' }, 'the CRD schema defaults applied');
  });

  test('kube-controller-manager runs the controllers: service accounts, Deployments, EndpointSlices, garbage collection, namespace deletion', async () => {
    const ns = 'kcm';
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    await waitFor('the default ServiceAccount and kube-root-ca.crt', async () =>
      (await cp.api.exists(`/api/v1/namespaces/${ns}/serviceaccounts/default`)) && (await cp.api.exists(`/api/v1/namespaces/${ns}/configmaps/kube-root-ca.crt`)) ? true : undefined,
    { timeoutMs: 60_000, intervalMs: 200 });

    await cp.api.create(`/apis/apps/v1/namespaces/${ns}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: {
        replicas: 2, selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'registry.invalid/web:1' }] } },
      },
    });
    await cp.api.create(`/api/v1/namespaces/${ns}/services`, {
      apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    });
    const pods = await waitFor('the ReplicaSet to create two Pods', async () => {
      const list = await cp.api.get<List>(`/api/v1/namespaces/${ns}/pods`);
      return list.items.length === 2 ? list.items : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });
    assert.ok(pods.every((p) => p.metadata.ownerReferences?.[0]?.kind === 'ReplicaSet'));
    const slices = await waitFor('an EndpointSlice for the Service', async () => {
      const list = await cp.api.get<List>(`/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dweb`);
      return list.items.length > 0 ? list.items : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });
    assert.equal(slices[0].metadata.labels?.['endpointslice.kubernetes.io/managed-by'], 'endpointslice-controller.k8s.io');

    await cp.api.delete(`/apis/apps/v1/namespaces/${ns}/deployments/web`, 'Background');
    await waitFor('garbage collection of the ReplicaSet and its Pods', async () => {
      const [rs, p] = await Promise.all([cp.api.get<List>(`/apis/apps/v1/namespaces/${ns}/replicasets`), cp.api.get<List>(`/api/v1/namespaces/${ns}/pods`)]);
      return rs.items.length === 0 && p.items.length === 0 ? true : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });

    await cp.api.delete(`/api/v1/namespaces/${ns}`);
    await waitFor('the namespace controller to empty and remove the namespace', async () => (await cp.api.exists(`/api/v1/namespaces/${ns}`)) ? undefined : true,
      { timeoutMs: 90_000, intervalMs: 250 });
  });

  test('an API server and etcd restart keeps the data and serves again', async (t) => {
    await cp.api.create('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'survivor' }, data: { k: 'v' } });
    const t0 = Date.now();
    await cp.stopApiServer();
    const t1 = Date.now();
    await cp.stopEtcd();
    const t2 = Date.now();
    await cp.startEtcd();
    const t3 = Date.now();
    await cp.startApiServer();
    t.diagnostic(`restart of the API server and etcd: stop API server ${t1 - t0} ms, stop etcd ${t2 - t1} ms, start etcd ${t3 - t2} ms, start API server ${Date.now() - t3} ms`);
    const cm = await cp.api.get<{ data: Record<string, string> }>('/api/v1/namespaces/default/configmaps/survivor');
    assert.deepEqual(cm.data, { k: 'v' });
  });

  test('compaction removes old revisions from etcd', async () => {
    const before = await cp.etcdRevision();
    await cp.api.create('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after' } });
    const compacted = await cp.compactEtcd();
    assert.ok(compacted > before);
    const key = Buffer.from('/registry/configmaps/default/after').toString('base64');
    const read = (revision: number): Promise<HttpResult> => httpRequest(`${cp.etcdUrl}/v3/kv/range`, {
      method: 'POST', body: JSON.stringify({ key, revision: String(revision) }), headers: { 'content-type': 'application/json' },
    });
    assert.match((await read(before)).body, /required revision has been compacted/);
    assert.equal((await read(compacted)).status, 200);
  });

  test('stop() ends every process and removes the temp dir', async () => {
    const pids = Object.values(cp.pids());
    assert.deepEqual(Object.keys(cp.pids()).sort(), ['etcd', 'kube-apiserver', 'kube-controller-manager']);
    assert.deepEqual(pids.filter(isAlive), pids);
    await cp.stop();
    assert.equal(existsSync(cp.dir), false);
    assert.deepEqual(pids.filter(isAlive), []);
  });
});
