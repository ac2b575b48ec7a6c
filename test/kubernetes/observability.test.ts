/**
 * ObservabilityPolicy in Kubernetes mode, on a real API server with real Envoy (host
 * infrastructure): the harness installs crds/pier/ as Pier's deployment does; the API server runs its CEL rules; Pier
 * writes each policy's status.ancestors with observedGeneration, and the access log format
 * applies through Envoy (its stdout lines are Pier's `envoy access` log lines).
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
const POLICIES = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/observabilitypolicies`;

const policy = (name: string, sectionName: string | undefined, text: string): unknown => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ObservabilityPolicy', metadata: { name },
  spec: {
    targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge', ...(sectionName ? { sectionName } : {}) }],
    accessLogs: [{ format: { type: 'Text', text }, sink: { type: 'Stdout' } }],
  },
});

describe('ObservabilityPolicy in Kubernetes mode on a real API server, through Envoy', { timeout: 400_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let port: number;
  let net: BackendNetwork;
  /** Unique per run, as serve.test.ts picks its own. */
  const GATEWAY_ADDRESS = `127.0.${process.pid % 250}.${30 + (process.pid % 200)}`;

  /** Until our ancestor entry's Accepted condition reads "<ancestor kind>/<name> <status> <reason> @<generation>". */
  const waitAccepted = (name: string, expected: string, timeoutMs?: number): Promise<true> => waitPolicyAccepted(cp.api, `${POLICIES}/${name}`, CONTROLLER, expected, timeoutMs);
  const get = (p: string) => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 5000 });
  const accessLines = (): string[] => pier.logs.filter((l) => l.msg === 'envoy access').map((l) => String(l.access));

  before(async () => {
    requireEnvoy();
    cp = await startControlPlane({ controllerManager: false });
    net = BackendNetwork.create();
    const backend = await net.echoBackend('web', 11, 8080);
    const echoPort = 8080;
    port = await freePort(GATEWAY_ADDRESS);
    await createAddressedGatewaySetup(cp.api, NS, CONTROLLER, { address: GATEWAY_ADDRESS, port, backend, backendPort: echoPort });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'web', port: 80 }] }] },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
    await waitFor('traffic through Envoy', async () => ((await get('/').catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 60_000, intervalMs: 100 });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    net?.remove();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the API server runs the CRD\'s CEL rules: a File sink needs a path', async () => {
    const bad = policy('bad', undefined, 'x') as { spec: { accessLogs: { sink: Record<string, unknown> }[] } };
    bad.spec.accessLogs[0]!.sink = { type: 'File' };
    await assert.rejects(cp.api.create(POLICIES, bad), (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /path is set with type File, and only then/.test(err.message));
  });

  test('status.ancestors with observedGeneration, and the access log format through Envoy', async () => {
    await cp.api.create(POLICIES, policy('lines', undefined, 'k8s-access %REQ(:PATH)% %RESPONSE_CODE%'));
    await cp.api.create(POLICIES, policy('nowhere', 'nope', 'never %REQ(:PATH)%'));
    await waitAccepted('lines', 'Gateway/edge True Accepted @1');
    await waitAccepted('nowhere', 'Gateway/edge False TargetNotFound @1');
    const line = await waitFor('the policy\'s line on Envoy\'s stdout', async () => {
      await get('/observed');
      return accessLines().find((l) => l === 'k8s-access /observed 200');
    }, { timeoutMs: 30_000, intervalMs: 300 });
    assert.ok(line);
    assert.equal(accessLines().some((l) => l.startsWith('never ')), false, 'a policy on a listener the Gateway lacks applies nowhere');
  });

  test('an edit is followed: observedGeneration 2, the new format in Envoy', async () => {
    const current = await cp.api.get<Policy & { spec: unknown }>(`${POLICIES}/lines`);
    await cp.api.replace(`${POLICIES}/lines`, { ...current, ...(policy('lines', undefined, 'k8s-edited %REQ(:PATH)%') as object), metadata: current.metadata });
    await waitAccepted('lines', 'Gateway/edge True Accepted @2');
    await waitFor('the edited line', async () => {
      await get('/edited');
      return accessLines().find((l) => l === 'k8s-edited /edited');
    }, { timeoutMs: 30_000, intervalMs: 300 });
  });
});
