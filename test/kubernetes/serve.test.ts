/**
 * Kubernetes mode end to end: `pier serve --provider kubernetes` (the CLI, as a process) against
 * a real kube-apiserver + etcd, launching a real Envoy that sends real HTTP to echo backends in
 * a network namespace, reached through EndpointSlices (198.19.x.0/24 addresses). Objects are
 * created, changed and deleted through the API; statuses are read back from it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EchoResponse } from '../../src/demo/echo-backend';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { parsePrometheusText, samplesOf } from '../helpers/prometheus';
import { requireEnvoy } from '../helpers/tools';
import { ApiRequestError } from './api';
import { startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';

const CONTROLLER = 'pier.dev/gateway-controller';
const OTHER_CONTROLLER = 'example.com/other-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const ROUTE = `${GW_API}/namespaces/${NS}/httproutes/web`;
const GATEWAY = `${GW_API}/namespaces/${NS}/gateways/edge`;
const CLASS = `${GW_API}/gatewayclasses/pier`;

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number; lastTransitionTime?: string }
interface ParentStatus { parentRef: { name: string; namespace?: string }; controllerName: string; conditions: Condition[] }
interface Obj {
  metadata: { name: string; generation?: number; resourceVersion?: string };
  status?: { conditions?: Condition[]; parents?: ParentStatus[]; listeners?: { name: string; attachedRoutes: number; conditions: Condition[] }[] };
}

const summary = (conditions: Condition[] | undefined): string[] => (conditions ?? []).map((c) => `${c.type}=${c.status}@${c.observedGeneration}`).sort();

describe('pier serve --provider kubernetes on a real API server, with real Envoy', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  let net: BackendNetwork;
  let pier: PierProcess;
  let gatewayAddress: string;
  let port: number;
  const backends: Record<string, string> = {};

  const get = <T = Obj>(path: string): Promise<T> => cp.api.get<T>(path);
  const through = async (path = '/app'): Promise<string> => {
    const r = await httpRequest(`http://${gatewayAddress}:${port}${path}`, { timeoutMs: 1000 });
    return r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`;
  };
  const waitTraffic = (service: string, timeoutMs = 20_000): Promise<true> =>
    waitFor(`Envoy to send /app to ${service}`, async () => ((await through().catch(() => 'no answer')) === service ? true : undefined), { timeoutMs, intervalMs: 50 });
  const ourParent = (route: Obj): ParentStatus | undefined => route.status?.parents?.find((p) => p.controllerName === CONTROLLER);
  const endpointSlice = (name: string, service: string, address: string): unknown => ({
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { name, labels: { 'kubernetes.io/service-name': service } },
    addressType: 'IPv4', endpoints: [{ addresses: [address], conditions: { ready: true } }], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
  });
  const service = (name: string): unknown => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } });
  const route = (backend: string): unknown => ({
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
    spec: { parentRefs: [{ name: 'edge' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/app' } }], backendRefs: [{ name: backend, port: 80 }] }] },
  });

  before(async () => {
    requireEnvoy();
    cp = await startControlPlane({ controllerManager: false });
    net = BackendNetwork.create();
    for (const [name, host] of [['web', 10], ['api', 11], ['web-next', 12]] as const) backends[name] = await net.echoBackend(name, host, 8080);
    gatewayAddress = `127.0.${process.pid % 250}.${40 + (process.pid % 200)}`;
    port = await freePort(gatewayAddress);

    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: gatewayAddress }], listeners: [{ name: 'http', protocol: 'HTTP', port }] },
    });
    for (const name of ['web', 'api', 'web-next']) await cp.api.create(`/api/v1/namespaces/${NS}/services`, service(name));
    await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, endpointSlice('web-1', 'web', backends.web));
    await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, endpointSlice('api-1', 'api', backends.api));
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, route('web'));
    // Another controller's entry, which Pier must keep.
    const created = await get(ROUTE);
    await cp.api.replace(`${ROUTE}/status`, {
      ...created, status: { parents: [{ parentRef: { name: 'theirs' }, controllerName: OTHER_CONTROLLER, conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted', message: 'theirs', observedGeneration: 1, lastTransitionTime: '2026-01-01T00:00:00Z' }] }] },
    });

    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    net?.remove();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('statuses appear on the objects with their generation; another controller\'s route entry is kept', async () => {
    const cls = await waitFor('GatewayClass Accepted', async () => { const o = await get(CLASS); return summary(o.status?.conditions).includes('Accepted=True@1') ? o : undefined; }, { timeoutMs: 20_000 });
    assert.equal(cls.metadata.generation, 1);
    const gw = await waitFor('Gateway Programmed with one attached route', async () => {
      const o = await get(GATEWAY);
      return summary(o.status?.conditions).join() === 'Accepted=True@1,AddressesAssigned=True@1,Programmed=True@1' && o.status?.listeners?.[0]?.attachedRoutes === 1 ? o : undefined;
    }, { timeoutMs: 20_000 });
    assert.ok(gw.status?.conditions?.every((c) => c.lastTransitionTime), 'transition times stamped');
    const rt = await waitFor('the route status', async () => { const o = await get(ROUTE); return ourParent(o) ? o : undefined; }, { timeoutMs: 20_000 });
    assert.deepEqual(summary(ourParent(rt)?.conditions), ['Accepted=True@1', 'ResolvedRefs=True@1']);
    assert.deepEqual(rt.status?.parents?.map((p) => `${p.controllerName}:${p.parentRef.name}`).sort(), [`${OTHER_CONTROLLER}:theirs`, `${CONTROLLER}:edge`]);
    assert.equal(rt.status?.parents?.find((p) => p.controllerName === OTHER_CONTROLLER)?.conditions[0].message, 'theirs');
  });

  test('/metrics has the watch and status-write metrics, read with Prometheus\' own parser', async () => {
    const r = await httpRequest(`http://127.0.0.1:${pier.adminPort}/metrics`);
    assert.equal(r.status, 200);
    const families = parsePrometheusText(r.body);
    const total = (name: string, labels: Record<string, string> = {}): number => samplesOf(families, name, labels).reduce((n, x) => n + (x.value ?? 0), 0);
    assert.ok(total('pier_kubernetes_watchers_client_calls_total', { method: 'List' }) >= 14, 'every kind listed');
    assert.ok(total('pier_kubernetes_watchers_events_total') > 0, 'watch events counted');
    assert.ok(total('pier_kubernetes_watchers_alive_current') >= 14, 'every watch alive');
    // A watch call may fail now and then on a loaded machine (CI once caught one in its retry
    // wait, the first retry comes after 125-250 ms): none may stay failing.
    const failing = (text: string): string[] => samplesOf(parsePrometheusText(text), 'pier_kubernetes_watchers_failing_current')
      .filter((x) => x.value !== 0).map((x) => x.labels.watcher_instance ?? '?');
    if (failing(r.body).length > 0) {
      await waitFor(`no watcher failing (failing at first: ${failing(r.body).join(', ')})`, async () => {
        const now = await httpRequest(`http://127.0.0.1:${pier.adminPort}/metrics`);
        return failing(now.body).length === 0 ? true : undefined;
      }, { timeoutMs: 10_000, intervalMs: 100 });
    }
    assert.ok(total('pier_kubernetes_status_writes_total', { kind: 'HTTPRoute' }) >= 1, 'the route status written');
    assert.ok(total('pier_kubernetes_status_writes_total', { kind: 'Gateway' }) >= 1, 'the Gateway status written');
  });

  test('real Envoy sends the route\'s traffic to the EndpointSlice\'s address in the network namespace', async () => {
    await waitTraffic('web');
    assert.equal(await through('/elsewhere'), 'status 404');
  });

  test('updates follow: HTTPRoute backend (observedGeneration 2), EndpointSlice address', async () => {
    await cp.api.patch(ROUTE, { spec: { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/app' } }], backendRefs: [{ name: 'api', port: 80 }] }] } });
    await waitTraffic('api');
    const rt = await waitFor('observedGeneration 2', async () => { const o = await get(ROUTE); return summary(ourParent(o)?.conditions).join() === 'Accepted=True@2,ResolvedRefs=True@2' ? o : undefined; }, { timeoutMs: 20_000 });
    assert.equal(rt.metadata.generation, 2);
    assert.equal(rt.status?.parents?.length, 2, 'still one entry each');

    await cp.api.patch(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices/api-1`, { endpoints: [{ addresses: [backends['web-next']], conditions: { ready: true } }] });
    await waitTraffic('web-next');
  });

  test('a route to a missing Service gets ResolvedRefs=False; creating the Service resolves it', async () => {
    await cp.api.patch(ROUTE, { spec: { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/app' } }], backendRefs: [{ name: 'late', port: 80 }] }] } });
    const rt = await waitFor('ResolvedRefs=False', async () => { const o = await get(ROUTE); return summary(ourParent(o)?.conditions).includes('ResolvedRefs=False@3') ? o : undefined; }, { timeoutMs: 20_000 });
    assert.equal(ourParent(rt)?.conditions.find((c) => c.type === 'ResolvedRefs')?.reason, 'BackendNotFound');
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, service('late'));
    await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, endpointSlice('late-1', 'late', backends.web));
    await waitFor('ResolvedRefs=True', async () => (summary(ourParent(await get(ROUTE))?.conditions).includes('ResolvedRefs=True@3') ? true : undefined), { timeoutMs: 20_000 });
    await waitTraffic('web');
  });

  test('a status write the API server refuses (an admission policy) is tried again until it is accepted', async () => {
    const REFUSE = 'pier.dev/test-refuse-status';
    const ADMISSION = '/apis/admissionregistration.k8s.io/v1';
    const refusedPath = `${GW_API}/namespaces/${NS}/httproutes/refused`;
    const labelled = (name: string, parent: string): unknown => ({
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name, labels: { [REFUSE]: 'yes' } },
      spec: { parentRefs: [{ name: parent }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/${name}` } }], backendRefs: [{ name: 'web', port: 80 }] }] },
    });
    await cp.api.create(`${ADMISSION}/validatingadmissionpolicies`, {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'refuse-route-status' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: [{ apiGroups: ['gateway.networking.k8s.io'], apiVersions: ['*'], operations: ['UPDATE'], resources: ['httproutes/status'] }] },
        validations: [{ expression: `!has(object.metadata.labels) || !('${REFUSE}' in object.metadata.labels)`, message: 'status refused by the test policy' }],
      },
    });
    await cp.api.create(`${ADMISSION}/validatingadmissionpolicybindings`, {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'refuse-route-status' },
      spec: { policyName: 'refuse-route-status', validationActions: ['Deny'] },
    });
    try {
      // The policy takes effect a moment after it is created: a probe route (of no Gateway of
      // Pier's) shows when status writes to labelled routes are refused.
      const probePath = `${GW_API}/namespaces/${NS}/httproutes/probe`;
      await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, labelled('probe', 'nowhere'));
      await waitFor('the policy to refuse status writes', async () => {
        const probe = await get(probePath);
        try {
          await cp.api.replace(`${probePath}/status`, { ...probe, status: { parents: [] } });
          return undefined;
        } catch (err) {
          return err instanceof ApiRequestError && /status refused by the test policy/.test(err.message) ? true : undefined;
        }
      }, { timeoutMs: 20_000, intervalMs: 200 });
      await cp.api.delete(probePath);

      const failures = async (): Promise<number> => samplesOf(parsePrometheusText((await httpRequest(`http://127.0.0.1:${pier.adminPort}/metrics`)).body), 'pier_kubernetes_status_write_failures_total', { kind: 'HTTPRoute' })
        .reduce((n, x) => n + (x.value ?? 0), 0);
      const before = await failures();
      await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, labelled('refused', 'edge'));
      // Refused, then refused again on the first retry (1-2 s later): retried, not dropped.
      await waitFor('two refused status writes', async () => ((await failures()) >= before + 2 ? true : undefined), { timeoutMs: 20_000, intervalMs: 100 });
      assert.equal(ourParent(await get(refusedPath)), undefined, 'no status of Pier\'s while refused');
      const logged = pier.find((l) => l.msg === 'status write failed; trying again later' && String(l.object).includes('refused'));
      assert.ok(logged.length >= 2, 'each refusal logged with the object');
      assert.match(String(logged[0]?.error), /status refused by the test policy/, 'the API server\'s reason in the log');

      // Accepted once the label is gone: the next retry (2-4 s after the second failure) writes it.
      await cp.api.patch(refusedPath, { metadata: { labels: { [REFUSE]: null } } });
      const rt = await waitFor('the refused route\'s status', async () => { const o = await get(refusedPath); return ourParent(o) ? o : undefined; }, { timeoutMs: 20_000 });
      assert.deepEqual(summary(ourParent(rt)?.conditions), ['Accepted=True@1', 'ResolvedRefs=True@1']);
    } finally {
      await cp.api.delete(`${ADMISSION}/validatingadmissionpolicybindings/refuse-route-status`).catch(() => undefined);
      await cp.api.delete(`${ADMISSION}/validatingadmissionpolicies/refuse-route-status`).catch(() => undefined);
      await cp.api.delete(refusedPath).catch(() => undefined);
    }
    await waitFor('attachedRoutes back to 1', async () => ((await get(GATEWAY)).status?.listeners?.[0]?.attachedRoutes === 1 ? true : undefined), { timeoutMs: 20_000 });
  });

  test('a status write reads nothing the watches hold: 20 new routes, one status write each, no read of any route (the API server\'s own counters)', async () => {
    // Counted by the API server itself; the test reads routes only by LIST meanwhile.
    const routeRequests = async (): Promise<{ reads: number; statusWrites: number }> => {
      // Just this family (the parser's JSON cannot carry the +Inf of the server's histograms).
      const text = (await cp.api.get<string>('/metrics')).split('\n').filter((l) => /^(# (HELP|TYPE) )?apiserver_request_total\b/.test(l)).join('\n');
      const families = parsePrometheusText(`${text}\n`);
      const count = (verb: string, subresource: string): number => samplesOf(families, 'apiserver_request_total', { resource: 'httproutes', verb, subresource })
        .reduce((n, x) => n + (x.value ?? 0), 0);
      return { reads: count('GET', ''), statusWrites: count('PUT', 'status') };
    };
    const before = await routeRequests();
    const names = Array.from({ length: 20 }, (_, i) => `bulk-${i}`);
    try {
      for (const name of names) {
        await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
          apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name, labels: { bulk: 'yes' } },
          spec: { parentRefs: [{ name: 'edge' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/${name}` } }], backendRefs: [{ name: 'web', port: 80 }] }] },
        });
      }
      await waitFor('every new route Accepted and ResolvedRefs at generation 1', async () => {
        const list = await get<{ items: Obj[] }>(`${GW_API}/namespaces/${NS}/httproutes?labelSelector=bulk%3Dyes`);
        return list.items.length === names.length && list.items.every((r) => summary(ourParent(r)?.conditions).join() === 'Accepted=True@1,ResolvedRefs=True@1') ? true : undefined;
      }, { timeoutMs: 30_000, intervalMs: 100 });
      const after = await routeRequests();
      assert.equal(after.reads - before.reads, 0, 'no GET of a route: the writer merged into what its watch holds');
      assert.equal(after.statusWrites - before.statusWrites, names.length, 'exactly one status write per new route');
    } finally {
      // The later tests count the Gateway's routes.
      for (const name of names) await cp.api.delete(`${GW_API}/namespaces/${NS}/httproutes/${name}`).catch(() => undefined);
    }
  });

  test('API server and etcd restart while Pier runs: Envoy keeps serving; changes after it follow', async () => {
    let failed = 0;
    let served = 0;
    let polling = true;
    const poller = (async () => {
      for (let i = 0; polling && i < 2000; i++) {
        if ((await through().catch(() => 'no answer')) === 'web') served++; else failed++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      await cp.restartApiServerAndEtcd();
      await cp.api.patch(ROUTE, { spec: { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/app' } }], backendRefs: [{ name: 'api', port: 80 }] }] } });
    } finally {
      polling = false;
      await poller;
    }
    assert.equal(failed, 0, `every request during the restart was served (${served} served)`);
    assert.ok(served > 10);
    await waitTraffic('web-next', 60_000); // api-1 points at web-next since the update test
    await waitFor('observedGeneration 4', async () => (summary(ourParent(await get(ROUTE))?.conditions).join() === 'Accepted=True@4,ResolvedRefs=True@4' ? true : undefined), { timeoutMs: 60_000 });
  });

  test('a route moved to another controller\'s Gateway loses Pier\'s entry (the other controller\'s is kept); deletes follow', async () => {
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'other' }, spec: { controllerName: OTHER_CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'theirs' },
      spec: { gatewayClassName: 'other', listeners: [{ name: 'http', protocol: 'HTTP', port: 80 }] },
    });
    await cp.api.patch(ROUTE, { spec: { parentRefs: [{ name: 'theirs' }] } });
    const rt = await waitFor('Pier\'s entry to go', async () => { const o = await get(ROUTE); return ourParent(o) ? undefined : o; }, { timeoutMs: 20_000 });
    assert.deepEqual(rt.status?.parents?.map((p) => p.controllerName), [OTHER_CONTROLLER]);
    assert.equal(rt.status?.parents?.[0].conditions[0].message, 'theirs');
    await waitFor('Envoy to stop routing /app', async () => ((await through().catch(() => 'no answer')) === 'status 404' ? true : undefined), { timeoutMs: 20_000 });
    await waitFor('attachedRoutes 0', async () => ((await get(GATEWAY)).status?.listeners?.[0]?.attachedRoutes === 0 ? true : undefined), { timeoutMs: 20_000 });

    await cp.api.delete(GATEWAY);
    await waitFor('Envoy to stop serving', async () => ((await through().catch(() => 'no answer')) === 'no answer' ? true : undefined), { timeoutMs: 20_000 });
    await cp.api.delete(ROUTE);
    await waitFor('statuses to leave Pier', async () => {
      const statuses = await pier.admin<{ kind: string; name: string }[]>('/statuses');
      return statuses.some((s) => s.kind === 'HTTPRoute' || s.kind === 'Gateway') ? undefined : true;
    }, { timeoutMs: 20_000 });
  });
});
