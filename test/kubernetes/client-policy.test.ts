/**
 * ClientPolicy in Kubernetes mode, on a real API server with real Envoy (host infrastructure):
 * crds/pier/'s CRD is installed with the control plane (the API server runs its CEL rules), Pier writes each policy's
 * status.ancestors with observedGeneration, and client IP detection applies through Envoy: a
 * custom header that must carry the client address (failClosed) refuses requests without it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { ApiRequestError } from './api';
import { waitPolicyAccepted, type Policy } from './policy-status';
import { startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';
import { createAddressedGatewaySetup } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const POLICIES = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/clientpolicies`;

const policy = (name: string, sectionName: string, clientIPDetection: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy', metadata: { name },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge', sectionName }], clientIPDetection },
});

describe('ClientPolicy in Kubernetes mode on a real API server, through Envoy', { timeout: 400_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let port: number;
  let net: BackendNetwork;
  /** Unique per run, as serve.test.ts picks its own. */
  const GATEWAY_ADDRESS = `127.0.${process.pid % 250}.${20 + (process.pid % 200)}`;

  /** Until our ancestor entry's Accepted condition reads "<ancestor kind>/<name> <status> <reason> @<generation>". */
  const waitAccepted = (name: string, expected: string, timeoutMs?: number): Promise<true> => waitPolicyAccepted(cp.api, `${POLICIES}/${name}`, CONTROLLER, expected, timeoutMs);
  const get = (headers: Record<string, string> = {}) => httpRequest(`http://${GATEWAY_ADDRESS}:${port}/`, { headers, timeoutMs: 5000 });

  before(async () => {
    requireEnvoy();
    cp = await startControlPlane({ controllerManager: false });
    net = BackendNetwork.create();
    const backend = await net.echoBackend('web', 11, 8080);
    port = await freePort(GATEWAY_ADDRESS);
    await createAddressedGatewaySetup(cp.api, NS, CONTROLLER, { address: GATEWAY_ADDRESS, port, backend, backendPort: 8080 });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ backendRefs: [{ name: 'web', port: 80 }] }] },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
    await waitFor('traffic through Envoy', async () => ((await get().catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 60_000, intervalMs: 100 });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    net?.remove();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the API server runs the CRD\'s CEL rules', async () => {
    const both = policy('both', 'http', { xForwardedFor: { numTrustedHops: 1 }, customHeader: { name: 'x-real-ip' } });
    await assert.rejects(cp.api.create(POLICIES, both), (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /exactly one of xForwardedFor and customHeader/.test(err.message));
    // HTTP/3 is QUIC, TLS 1.3 only: a policy cannot cap TLS below it and ask for HTTP/3.
    const capped = { ...policy('capped', 'http', { xForwardedFor: { numTrustedHops: 1 } }) } as { spec: Record<string, unknown> };
    capped.spec = { ...capped.spec, http3: {}, tls: { maxVersion: '1.2' } };
    await assert.rejects(cp.api.create(POLICIES, capped), (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /http3 needs TLS 1\.3/.test(err.message));
  });

  test('status.ancestors with observedGeneration, and the client address from a header through Envoy', async () => {
    await cp.api.create(POLICIES, policy('real-ip', 'http', { customHeader: { name: 'X-Real-IP', failClosed: true } }));
    await cp.api.create(POLICIES, policy('nowhere', 'nope', { xForwardedFor: { numTrustedHops: 1 } }));
    await waitAccepted('real-ip', 'Gateway/edge True Accepted @1');
    await waitAccepted('nowhere', 'Gateway/edge False TargetNotFound @1');
    await waitFor('requests without X-Real-IP refused', async () => ((await get()).status === 403 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal((await get({ 'x-real-ip': '203.0.113.7' })).status, 200, 'with the header, through');
  });

  test('an edit is followed: observedGeneration 2, and the setting in Envoy', async () => {
    const current = await cp.api.get<Policy & { spec: unknown }>(`${POLICIES}/real-ip`);
    await cp.api.replace(`${POLICIES}/real-ip`, { ...current, ...policy('real-ip', 'http', { xForwardedFor: { numTrustedHops: 1 } }), metadata: current.metadata });
    await waitAccepted('real-ip', 'Gateway/edge True Accepted @2');
    await waitFor('requests without X-Real-IP through again', async () => ((await get()).status === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
  });
});
