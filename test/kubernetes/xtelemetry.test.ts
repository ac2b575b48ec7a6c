/**
 * XTelemetryPolicy in Kubernetes mode against a real kube-apiserver with the experimental-channel
 * CRDs (which serve gateway.networking.x-k8s.io): Pier watches the policies and writes their
 * status.ancestors through the x-k8s.io status subresource (the CRD's schema takes it): the
 * oldest policy on a Gateway accepted with its exporter resolved, a newer one Conflicted, one
 * whose exporter Service is missing with ResolvedRefs=False, one on a missing Gateway
 * TargetNotFound; an edit moves observedGeneration.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { startControlPlane, type ControlPlane } from './harness';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const X_API = '/apis/gateway.networking.x-k8s.io/v1alpha1';
const POLICIES = `${X_API}/namespaces/${NS}/xtelemetrypolicies`;

interface Condition { type: string; status: string; reason: string; observedGeneration?: number }
interface Policy {
  metadata: { name: string; generation?: number; resourceVersion?: string };
  spec: Record<string, unknown>;
  status?: { ancestors?: { ancestorRef: { name: string }; controllerName: string; conditions: Condition[] }[] };
}

function policy(name: string, gateway: string, service: string): Record<string, unknown> {
  return {
    apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XTelemetryPolicy', metadata: { name },
    spec: {
      targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: gateway }],
      tracing: { mode: 'Enabled', provider: { backendRef: { name: service, port: 4317 } }, samplingRate: { numerator: 10 } },
    },
  };
}

/** "gateway: Type=Status/Reason@generation ..." per ancestor of ours. */
function summary(p: Policy): string[] {
  return (p.status?.ancestors ?? []).filter((a) => a.controllerName === CONTROLLER)
    .map((a) => `${a.ancestorRef.name}: ${a.conditions.map((c) => `${c.type}=${c.status}/${c.reason}@${c.observedGeneration}`).join(' ')}`);
}

describe('XTelemetryPolicy in Kubernetes mode (experimental-channel CRDs)', { timeout: 300_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;

  const expect = (name: string, want: string[]) => waitFor(`${name}'s status`, async () => {
    const p = await cp.api.get<Policy>(`${POLICIES}/${name}`);
    return JSON.stringify(summary(p)) === JSON.stringify(want) ? p : undefined;
  }, { timeoutMs: 30_000, intervalMs: 200 }).catch(async (err) => {
    throw new Error(`${(err as Error).message}; now: ${JSON.stringify(summary(await cp.api.get<Policy>(`${POLICIES}/${name}`)))}`);
  });

  before(async () => {
    requireEnvoy();
    cp = await startControlPlane({ controllerManager: false, gatewayApiChannel: 'experimental' });
    const port = await freePort('127.0.0.1');
    await cp.api.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
    await cp.api.create(`${GW_API}/gatewayclasses`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } });
    await cp.api.create(`${GW_API}/namespaces/${NS}/gateways`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'edge' },
      spec: { gatewayClassName: 'pier', addresses: [{ type: 'IPAddress', value: '127.0.0.1' }], listeners: [{ name: 'http', protocol: 'HTTP', port }] },
    });
    await cp.api.create(`/api/v1/namespaces/${NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'collector' }, spec: { ports: [{ name: 'otlp', port: 4317, appProtocol: 'kubernetes.io/h2c' }] } });
    await cp.api.create(POLICIES, policy('first', 'edge', 'collector'));
    // Created a second later: the API server's creationTimestamp orders them.
    await new Promise((r) => setTimeout(r, 1100));
    await cp.api.create(POLICIES, policy('second', 'edge', 'collector'));
    await cp.api.create(POLICIES, policy('elsewhere', 'nowhere', 'collector'));
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
  }, { timeout: 240_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('statuses are written through the x-k8s.io status subresource', async () => {
    await expect('first', ['edge: Accepted=True/Accepted@1 ResolvedRefs=True/ResolvedRefs@1']);
    await expect('second', ['edge: Accepted=False/Conflicted@1']);
    await expect('elsewhere', ['nowhere: Accepted=False/TargetNotFound@1']);
  });

  test('an edit is followed: a missing exporter Service is ResolvedRefs=False at the new generation', async () => {
    await cp.api.patch(`${POLICIES}/first`, { spec: { tracing: { provider: { backendRef: { name: 'no-such-collector' } } } } });
    await expect('first', ['edge: Accepted=True/Accepted@2 ResolvedRefs=False/BackendNotFound@2']);
  });
});
