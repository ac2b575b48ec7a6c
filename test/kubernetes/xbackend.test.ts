/**
 * XBackend in Kubernetes mode: with the experimental channel's CRDs installed, `pier serve
 * --provider kubernetes` watches the kind (gateway.networking.x-k8s.io/v1alpha1) and writes each
 * used XBackend's ancestor status to the API server (Accepted, with observedGeneration); a route
 * naming an XBackend that does not exist yet is ResolvedRefs=False BackendNotFound until it is
 * created; an edit that makes it unusable (MCP) is followed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { startControlPlane, type ControlPlane } from './harness';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const X_API = '/apis/gateway.networking.x-k8s.io/v1alpha1';
const XBACKENDS = `${X_API}/namespaces/${NS}/xbackends`;

interface Condition { type: string; status: string; reason: string; observedGeneration?: number }
interface XBackendObject {
  metadata: { name: string; generation?: number; resourceVersion?: string };
  spec: Record<string, unknown>;
  status?: { ancestors?: { ancestorRef: { name: string; kind?: string }; controllerName: string; conditions: Condition[] }[] };
}
interface RouteObject { status?: { parents?: { controllerName: string; conditions: Condition[] }[] } }

const xBackend = (name: string, protocol = 'HTTP'): unknown => ({
  apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XBackend', metadata: { name },
  spec: { type: 'ExternalHostname', externalHostname: { hostname: `${name}.example.com` }, port: { number: 8080 }, protocol },
});

describe('XBackend in Kubernetes mode on a real API server', { timeout: 300_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;

  /** Our ancestor entry's Accepted condition, as "<ancestor> <status> <reason> @<generation>". */
  const accepted = async (name: string): Promise<string | undefined> => {
    const xb = await cp.api.get<XBackendObject>(`${XBACKENDS}/${name}`);
    const ours = xb.status?.ancestors?.filter((a) => a.controllerName === CONTROLLER) ?? [];
    if (ours.length === 0) return undefined;
    const c = ours[0]!.conditions.find((x) => x.type === 'Accepted');
    return `${ours.map((a) => a.ancestorRef.name).join(',')} ${c?.status} ${c?.reason} @${c?.observedGeneration}`;
  };
  const waitAccepted = (name: string, expected: string): Promise<true> =>
    waitFor(`${name}: ${expected}`, async () => ((await accepted(name)) === expected ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
  const routeResolvedRefs = async (): Promise<string | undefined> => {
    const r = await cp.api.get<RouteObject>(`${GW_API}/namespaces/${NS}/httproutes/web`);
    const c = r.status?.parents?.find((p) => p.controllerName === CONTROLLER)?.conditions.find((x) => x.type === 'ResolvedRefs');
    return c ? `${c.status} ${c.reason}` : undefined;
  };

  before(async () => {
    cp = await startControlPlane({ controllerManager: false, gatewayApiChannel: 'experimental' });
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: '127.0.0.98' }], listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] },
    });
    const ref = (name: string): unknown => ({ group: 'gateway.networking.x-k8s.io', kind: 'XBackend', name });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [
        { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], backendRefs: [ref('api')] },
        { matches: [{ path: { type: 'PathPrefix', value: '/later' } }], backendRefs: [ref('later')] },
      ] },
    });
    await cp.api.create(XBACKENDS, xBackend('api'));
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'off', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('a used XBackend\'s ancestor status is written: Accepted through the Gateway', async () => {
    await waitAccepted('api', 'edge True Accepted @1');
    const xb = await cp.api.get<XBackendObject>(`${XBACKENDS}/api`);
    assert.equal(xb.status?.ancestors?.[0]?.ancestorRef.kind, 'Gateway');
    assert.equal(xb.status?.ancestors?.length, 1);
  });

  test('a route naming an XBackend that does not exist: BackendNotFound, until it is created', async () => {
    await waitFor('route ResolvedRefs False', async () => ((await routeResolvedRefs()) === 'False BackendNotFound' ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
    await cp.api.create(XBACKENDS, xBackend('later'));
    await waitFor('route ResolvedRefs True', async () => ((await routeResolvedRefs()) === 'True ResolvedRefs' ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
    await waitAccepted('later', 'edge True Accepted @1');
  });

  test('an edit to protocol MCP: Accepted=False UnsupportedValue at the new generation', async () => {
    const xb = await cp.api.get<XBackendObject>(`${XBACKENDS}/api`);
    await cp.api.replace(`${XBACKENDS}/api`, { ...xb, spec: { ...xb.spec, protocol: 'MCP' } });
    await waitAccepted('api', 'edge False UnsupportedValue @2');
    await waitFor('route ResolvedRefs UnsupportedProtocol', async () => ((await routeResolvedRefs()) === 'False UnsupportedProtocol' ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
  });
});
