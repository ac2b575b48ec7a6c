/**
 * XBackendTrafficPolicy in Kubernetes mode: with the experimental channel's CRDs installed, `pier
 * serve --provider kubernetes` watches the kind (gateway.networking.x-k8s.io/v1alpha1) and writes
 * each policy's ancestor status to the API server: Accepted for the one that applies, Conflicted
 * for a younger one on the same Service, TargetNotFound for one whose Service does not exist;
 * a policy created later, and a Service created later, are followed.
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
const POLICIES = `${X_API}/namespaces/${NS}/xbackendtrafficpolicies`;

interface Condition { type: string; status: string; reason: string; observedGeneration?: number }
interface Policy {
  metadata: { name: string; generation?: number };
  status?: { ancestors?: { ancestorRef: { name: string; kind?: string }; controllerName: string; conditions: Condition[] }[] };
}

const policy = (name: string, service: string): unknown => ({
  apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XBackendTrafficPolicy', metadata: { name },
  spec: { targetRefs: [{ group: '', kind: 'Service', name: service }], retryConstraint: { budget: { percent: 20 } }, sessionPersistence: { type: 'Cookie', cookie: { name: name } } },
});

describe('XBackendTrafficPolicy in Kubernetes mode on a real API server', { timeout: 300_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;

  /** Our ancestor entry's Accepted condition, as "<ancestor> <status> <reason> @<generation>". */
  const accepted = async (name: string): Promise<string | undefined> => {
    const p = await cp.api.get<Policy>(`${POLICIES}/${name}`);
    const ours = p.status?.ancestors?.filter((a) => a.controllerName === CONTROLLER) ?? [];
    if (ours.length === 0) return undefined;
    const c = ours[0]!.conditions.find((x) => x.type === 'Accepted');
    return `${ours.map((a) => a.ancestorRef.name).join(',')} ${c?.status} ${c?.reason} @${c?.observedGeneration}`;
  };
  const waitAccepted = (name: string, expected: string): Promise<true> =>
    waitFor(`${name}: ${expected}`, async () => ((await accepted(name)) === expected ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });

  before(async () => {
    cp = await startControlPlane({ controllerManager: false, gatewayApiChannel: 'experimental' });
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: '127.0.0.89' }], listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] },
    });
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [
        { matches: [{ path: { type: 'PathPrefix', value: '/web' } }], backendRefs: [{ name: 'web', port: 80 }] },
        { matches: [{ path: { type: 'PathPrefix', value: '/later' } }], backendRefs: [{ name: 'later', port: 80 }] },
      ] },
    });
    await cp.api.create(POLICIES, policy('first', 'web'));
    await cp.api.create(POLICIES, policy('later', 'later'));
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'off', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the policy\'s ancestor status is written: Accepted, through the Gateway', async () => {
    await waitAccepted('first', 'edge True Accepted @1');
    const p = await cp.api.get<Policy>(`${POLICIES}/first`);
    assert.equal(p.status?.ancestors?.[0]?.ancestorRef.kind, 'Gateway');
  });

  test('a Service that does not exist: TargetNotFound, until it is created', async () => {
    await waitAccepted('later', 'edge False TargetNotFound @1');
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'later' }, spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } });
    await waitAccepted('later', 'edge True Accepted @1');
  });

  test('a younger policy on the same Service is Conflicted; the older keeps applying', async () => {
    // creationTimestamp has one-second resolution: make sure the second policy is younger.
    await new Promise((r) => setTimeout(r, 1100));
    await cp.api.create(POLICIES, policy('second', 'web'));
    await waitAccepted('second', 'edge False Conflicted @1');
    assert.equal(await accepted('first'), 'edge True Accepted @1');
    const ir = await pier.admin<Record<string, { http: { virtualHosts: { routes: { sessionPersistence?: { name: string } }[] }[] }[] }>>('/ir');
    const names = Object.values(ir).flatMap((g) => g.http.flatMap((l) => l.virtualHosts.flatMap((v) => v.routes.map((r) => r.sessionPersistence?.name))));
    assert.ok(names.includes('first') && !names.includes('second'), `the older policy's cookie is served: ${names.join(',')}`);
  });
});
