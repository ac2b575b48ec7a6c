/**
 * RateLimitPolicy global limits in Kubernetes mode, on a real API server: Pier keeps the rate
 * limit service's configuration in a ConfigMap of its namespace (rateLimitConfigMap), which the
 * service's Deployment mounts at the directory it watches. A policy's global limits appear in
 * it, an edit changes it, a deletion takes them out; the policy is Accepted.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { startControlPlane, type ControlPlane } from './harness';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const POLICIES = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/ratelimitpolicies`;
/** In Pier's namespace (leaderElectionNamespace below). */
const CONFIG_MAP = '/api/v1/namespaces/default/configmaps/pier-ratelimit';

interface ServiceConfig { domain: string; descriptors: { key: string; value: string; descriptors?: { key: string; rate_limit?: { unit: string; requests_per_unit: number } }[] }[] }

const policy = (requests: number): Record<string, unknown> => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy', metadata: { name: 'shared' },
  spec: {
    targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge' }],
    global: { rules: [{ clients: { headers: [{ name: 'x-user' }] }, limit: { requests, unit: 'Minute' } }] },
  },
});

describe('RateLimitPolicy global limits in Kubernetes mode: the rate limit service\'s ConfigMap', { timeout: 300_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;

  const configMap = async (): Promise<ServiceConfig | undefined> => {
    const cm = await cp.api.get<{ data?: Record<string, string>; metadata: { managedFields?: { manager: string }[] } }>(CONFIG_MAP).catch(() => undefined);
    const text = cm?.data?.['pier.yaml'];
    return text === undefined ? undefined : parse(text) as ServiceConfig;
  };
  const waitConfig = (what: string, check: (c: ServiceConfig) => boolean): Promise<ServiceConfig> =>
    waitFor(what, async () => {
      const c = await configMap();
      return c && check(c) ? c : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });

  before(async () => {
    cp = await startControlPlane({ controllerManager: false });
    // The harness installs Pier's CRDs (crds/pier/) with the Gateway API's.
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 8080 }] },
    });
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ backendRefs: [{ name: 'web', port: 80 }] }] },
    });
    pier = await PierProcess.start({
      config: {
        provider: 'kubernetes', infrastructure: 'host', envoy: 'off', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, leaderElectionNamespace: 'default',
        rateLimitService: 'ratelimit.infra.svc:8081', rateLimitConfigMap: 'pier-ratelimit',
      },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('before any global limit: the domain alone', async () => {
    await waitConfig('the ConfigMap with the domain', (c) => c.domain === 'pier' && c.descriptors.length === 0);
  });

  test('a policy\'s global limits appear, an edit follows, a deletion takes them out', async () => {
    await cp.api.create(POLICIES, policy(10));
    const first = await waitConfig('the rule in the ConfigMap', (c) => c.descriptors.length === 1);
    assert.deepEqual(first.descriptors, [{ key: 'pier_rule', value: 'apps/shared/0', descriptors: [{ key: 'header_x-user', rate_limit: { unit: 'minute', requests_per_unit: 10 } }] }]);
    await waitFor('the policy Accepted', async () => {
      const p = await cp.api.get<{ status?: { ancestors?: { conditions: { type: string; status: string }[] }[] } }>(`${POLICIES}/shared`);
      return p.status?.ancestors?.[0]?.conditions.some((c) => c.type === 'Accepted' && c.status === 'True') ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });

    const current = await cp.api.get<{ metadata: { resourceVersion: string } }>(`${POLICIES}/shared`);
    await cp.api.replace(`${POLICIES}/shared`, { ...policy(25), metadata: { name: 'shared', resourceVersion: current.metadata.resourceVersion } });
    await waitConfig('the edited limit', (c) => c.descriptors[0]?.descriptors?.[0]?.rate_limit?.requests_per_unit === 25);

    await cp.api.delete(`${POLICIES}/shared`);
    await waitConfig('the rule gone', (c) => c.descriptors.length === 0);
    const cm = await cp.api.get<{ metadata: { labels?: Record<string, string>; managedFields?: { manager: string }[] } }>(CONFIG_MAP);
    assert.equal(cm.metadata.labels?.['app.kubernetes.io/managed-by'], 'pier');
    assert.ok(cm.metadata.managedFields?.some((f) => f.manager === 'pier'), 'written by server-side apply, field manager pier');
  });
});
