/**
 * BackendPolicy in Kubernetes mode, on a real API server with real Envoy (host infrastructure):
 * Pier starts before the CRD is installed (the kind is optional: logged, looked for again); once
 * crds/pier/'s CRD is applied, the API server runs its CEL rules, Pier watches the kind, writes
 * each policy's status.ancestors with observedGeneration, and its circuit breaker applies
 * through Envoy (no retry in flight: a failure the rule would retry is the answer). A policy on
 * the Service (group "") then applies to every rule's traffic to it, ahead of the rule's own.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { repoRoot } from '../helpers/paths';
import { requireEnvoy } from '../helpers/tools';
import { ApiRequestError } from './api';
import { waitPolicyAccepted, type Policy } from './policy-status';
import { installCrdFiles, startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';
import { createAddressedGatewaySetup } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const POLICIES = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/backendpolicies`;

const policy = (name: string, route: string, maxParallelRetries: number): unknown => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy', metadata: { name },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: route, sectionName: 'limited' }], circuitBreaker: { maxParallelRetries } },
});
const RETRY = { codes: [503], attempts: 2, backoff: '10ms' };
/** A path the demo backend answers 503 once, then 200 (a retry hides the failure). */
const failOnce = (rule: string): string => `/retry/${rule}?uuid=${Math.random().toString(36).slice(2)}&succeedAfter=1&responseCode=503`;

describe('BackendPolicy in Kubernetes mode on a real API server, through Envoy', { timeout: 400_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let port: number;
  let net: BackendNetwork;
  /** Unique per run, as serve.test.ts picks its own. */
  const GATEWAY_ADDRESS = `127.0.${process.pid % 250}.${20 + (process.pid % 200)}`;

  /** Until our ancestor entry's Accepted condition reads "<ancestor kind>/<name> <status> <reason> @<generation>". */
  const waitAccepted = (name: string, expected: string, timeoutMs?: number): Promise<true> => waitPolicyAccepted(cp.api, `${POLICIES}/${name}`, CONTROLLER, expected, timeoutMs);
  const get = (p: string) => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 5000 });

  before(async () => {
    requireEnvoy();
    // Pier's CRDs come later (the test installs one).
    cp = await startControlPlane({ controllerManager: false, pierCrds: false });
    net = BackendNetwork.create();
    const backend = await net.echoBackend('web', 10, 8080);
    const echoPort = 8080;
    port = await freePort(GATEWAY_ADDRESS);
    await createAddressedGatewaySetup(cp.api, NS, CONTROLLER, { address: GATEWAY_ADDRESS, port, backend, backendPort: echoPort });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [
        { name: 'limited', matches: [{ path: { type: 'PathPrefix', value: '/retry/limited' } }], retry: RETRY, backendRefs: [{ name: 'web', port: 80 }] },
        { matches: [{ path: { type: 'PathPrefix', value: '/' } }], retry: RETRY, backendRefs: [{ name: 'web', port: 80 }] },
      ] },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
    await waitFor('traffic through Envoy', async () => ((await get('/ready').catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 60_000, intervalMs: 100 });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    net?.remove();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the CRD installs (Established) after Pier started; the API server runs its CEL rules', async () => {
    await installCrdFiles(cp.api, [path.join(repoRoot(), 'deploy', 'pier-crds', 'gateway.pier.dev_backendpolicies.yaml')], 30_000);
    // No circuitBreaker: refused by the CRD's CEL rule, as the file provider refuses it.
    const bad = { ...(policy('bad', 'web', 5) as Record<string, unknown>) };
    delete (bad.spec as Record<string, unknown>).circuitBreaker;
    await assert.rejects(cp.api.create(POLICIES, bad), (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /spec must set circuitBreaker, healthCheck, loadBalancer, timeout, tcpKeepalive or proxyProtocol/.test(err.message));
  });

  test('a policy gets status.ancestors with observedGeneration (Pier picks the kind up once served), and limits through Envoy', async () => {
    assert.equal((await get(failOnce('limited'))).status, 200, 'before the policy, the retry hides the failure');
    await cp.api.create(POLICIES, policy('limit', 'web', 0));
    await cp.api.create(POLICIES, policy('nowhere', 'missing', 0));
    // The kind is looked for again every 10 s once its CRD is missing at start.
    await waitAccepted('limit', 'Gateway/edge True Accepted @1', 60_000);
    await waitAccepted('nowhere', 'HTTPRoute/missing False TargetNotFound @1');
    await waitFor('no retry on the limited rule', async () => ((await get(failOnce('limited'))).status === 503 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    for (let i = 0; i < 3; i++) assert.equal((await get(failOnce('limited'))).status, 503, 'the retry is refused: the failure is the answer');
    assert.equal((await get(failOnce('other'))).status, 200, 'the other rule (same Service, its own cluster) still retries');
  });

  test('an edit is followed: observedGeneration 2', async () => {
    const current = await cp.api.get<Policy & { spec: unknown }>(`${POLICIES}/limit`);
    await cp.api.replace(`${POLICIES}/limit`, { ...current, ...(policy('limit', 'web', 5) as object), metadata: current.metadata });
    await waitAccepted('limit', 'Gateway/edge True Accepted @2');
    await waitFor('retries again on the limited rule', async () => ((await get(failOnce('limited'))).status === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
  });

  test('a policy on the Service applies to every rule\'s traffic to it, ahead of the rule\'s; the API server checks its group', async () => {
    const onService = (name: string, service: string, group = ''): unknown => ({
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy', metadata: { name },
      spec: { targetRefs: [{ group, kind: 'Service', name: service }], circuitBreaker: { maxParallelRetries: 0 } },
    });
    await assert.rejects(cp.api.create(POLICIES, onService('wrong-group', 'web', 'gateway.networking.k8s.io')),
      (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /a Service is in group ""/.test(err.message));
    await cp.api.create(POLICIES, onService('service', 'web'));
    await cp.api.create(POLICIES, onService('ghost', 'ghost'));
    await waitAccepted('service', 'Gateway/edge True Accepted @1');
    await waitAccepted('ghost', 'Service/ghost False TargetNotFound @1');
    // The rule's own policy (maxParallelRetries 5 since the edit) gives way to the Service's (0).
    for (const rule of ['limited', 'other']) {
      await waitFor(`no retry on rule ${rule}`, async () => ((await get(failOnce(rule))).status === 503 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    }
  });
});
