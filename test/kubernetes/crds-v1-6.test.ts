/**
 * Clusters still on Gateway API v1.6: Pier (which validates files against v1.7.0) in Kubernetes
 * mode with the v1.6.3 CRDs installed (experimental channel) works as with v1.7.0's. Fields the
 * installed CRDs lack are simply absent; every kind Pier watches is served; the statuses Pier
 * writes pass the v1.6.3 schemas; real Envoy serves a route, its v1.6 experimental retry included.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EchoResponse } from '../../src/demo/echo-backend';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { parsePrometheusText, samplesOf } from '../helpers/prometheus';
import { requireEnvoy } from '../helpers/tools';
import { startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const ROUTE = `${GW_API}/namespaces/${NS}/httproutes/web`;
const GATEWAY = `${GW_API}/namespaces/${NS}/gateways/edge`;
const CLASS = `${GW_API}/gatewayclasses/pier`;

interface Condition { type: string; status: string; observedGeneration?: number }
interface Obj {
  metadata: { name: string; generation?: number; annotations?: Record<string, string> };
  status?: { conditions?: Condition[]; supportedFeatures?: { name: string }[]; parents?: { controllerName: string; conditions: Condition[] }[]; listeners?: { attachedRoutes: number }[] };
}

const summary = (conditions: Condition[] | undefined): string => (conditions ?? []).map((c) => `${c.type}=${c.status}@${c.observedGeneration}`).sort().join();

describe('Kubernetes mode with the Gateway API v1.6.3 CRDs installed', { timeout: 300_000 }, () => {
  let cp: ControlPlane;
  let net: BackendNetwork;
  let pier: PierProcess;
  let gatewayAddress: string;
  let port: number;

  before(async () => {
    requireEnvoy();
    cp = await startControlPlane({ controllerManager: false, gatewayApiChannel: 'experimental', gatewayApiVersion: 'v1.6.3' });
    net = BackendNetwork.create();
    const web = await net.echoBackend('web', 10, 8080);
    gatewayAddress = `127.0.${process.pid % 250}.${40 + (process.pid % 200)}`;
    port = await freePort(gatewayAddress);
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: gatewayAddress }], listeners: [{ name: 'http', protocol: 'HTTP', port }] },
    });
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } });
    await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-1', labels: { 'kubernetes.io/service-name': 'web' } },
      addressType: 'IPv4', endpoints: [{ addresses: [web], conditions: { ready: true } }], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
    });
    // rules[].retry is in v1.6's experimental channel too (attempts had no default there).
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/app' } }], retry: { codes: [503] }, backendRefs: [{ name: 'web', port: 80 }] }] },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    net?.remove();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the installed CRDs are v1.6.3\'s', async () => {
    const crd = await cp.api.get<Obj>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions/httproutes.gateway.networking.k8s.io');
    assert.equal(crd.metadata.annotations?.['gateway.networking.k8s.io/bundle-version'], 'v1.6.3');
  });

  test('GatewayClass, Gateway and HTTPRoute statuses are written (the v1.6.3 schemas take them)', async () => {
    const cls = await waitFor('GatewayClass Accepted', async () => { const o = await cp.api.get<Obj>(CLASS); return summary(o.status?.conditions) === 'Accepted=True@1' ? o : undefined; }, { timeoutMs: 30_000 });
    assert.ok(cls.status?.supportedFeatures?.some((f) => f.name === 'HTTPRouteRetryCodes'), 'the v1.7.0 feature names are stored');
    await waitFor('Gateway Programmed with the route attached', async () => {
      const o = await cp.api.get<Obj>(GATEWAY);
      return summary(o.status?.conditions) === 'Accepted=True@1,AddressesAssigned=True@1,Programmed=True@1' && o.status?.listeners?.[0]?.attachedRoutes === 1 ? true : undefined;
    }, { timeoutMs: 30_000 });
    await waitFor('HTTPRoute Accepted', async () => {
      const o = await cp.api.get<Obj>(ROUTE);
      return summary(o.status?.parents?.find((p) => p.controllerName === CONTROLLER)?.conditions) === 'Accepted=True@1,ResolvedRefs=True@1' ? true : undefined;
    }, { timeoutMs: 30_000 });
  });

  test('real Envoy serves the route; no watch is failing', async () => {
    await waitFor('Envoy to send /app to web', async () => {
      const r = await httpRequest(`http://${gatewayAddress}:${port}/app`, { timeoutMs: 1000 }).catch(() => undefined);
      return r?.status === 200 && (JSON.parse(r.body) as EchoResponse).service === 'web' ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 100 });
    const families = parsePrometheusText((await httpRequest(`http://127.0.0.1:${pier.adminPort}/metrics`)).body);
    const failing = samplesOf(families, 'pier_kubernetes_watchers_failing_current').filter((x) => x.value !== 0).map((x) => x.labels.watcher_instance ?? '?');
    assert.deepEqual(failing, [], 'watchers failing');
    assert.ok(samplesOf(families, 'pier_kubernetes_watchers_alive_current').reduce((n, x) => n + (x.value ?? 0), 0) >= 14, 'every watch alive');
  });

  // Last: its metrics scrapes are seconds apart (two scrapes within the event-loop monitor's 10 ms
  // resolution give NaN lag gauges, which the test's Prometheus parser cannot put in JSON).
  test('status.addresses without routability (v1.6.3 has no such field: the API server prunes it), and Pier does not write it again and again', async () => {
    const gatewayWrites = async (): Promise<number> => samplesOf(parsePrometheusText((await httpRequest(`http://127.0.0.1:${pier.adminPort}/metrics`)).body), 'pier_kubernetes_status_writes_total')
      .filter((x) => x.labels.kind === 'Gateway').reduce((n, x) => n + (x.value ?? 0), 0);
    const gw = await cp.api.get<Obj & { status?: { addresses?: Record<string, unknown>[] } }>(GATEWAY);
    assert.deepEqual(gw.status?.addresses, [{ type: 'IPAddress', value: gatewayAddress }]);
    const before = await gatewayWrites();
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal(await gatewayWrites(), before, 'no Gateway status write while nothing changes');
  });
});
