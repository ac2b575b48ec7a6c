/**
 * BackendPolicy through the real `pier serve` CLI and a real Envoy: one Gateway, one HTTPRoute
 * whose rules all reach the same echo Service, which holds /hold/* requests until the test lets
 * them go and answers /fail with 500.
 * - circuit breakers, each on a rule of its own: maxParallelRequests 1 (a second request while
 *   one is held gets Envoy's overflow 503 at once), maxConnections 1 + maxPendingRequests 1 (a
 *   second request waits, a third overflows), maxParallelRetries 0 (no retry of a 500 although
 *   the rule retries twice); each seen in the overflow counters of the policy's own cluster;
 * - the same Service through a rule without a policy is not limited: its cluster is another;
 * - health checks, each on a Service of two endpoints (127.0.0.1 and 127.0.0.2 or .3, one port):
 *   an HTTP check whose path one endpoint fails (503) and a TCP check one endpoint refuses (no
 *   listener) take that endpoint out: every request reaches the other; outlier detection ejects an
 *   endpoint that answers 500 after two in a row, and it gets no more requests;
 * - statuses: Accepted with observedGeneration, and TargetNotFound for a rule that does not exist.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';
import { serviceAt } from './features/pier-envoy';
import { HeldRequests } from './features/held';

const GATEWAY_ADDRESS = '127.0.0.102';
const READY_TIMEOUT_MS = 30_000;
/** The Service behind each policy's rule. */
const SERVICE_OF: Readonly<Record<string, string>> = { active: 'hc', tcp: 'tcp', passive: 'flaky' };

function policy(name: string, sectionName: string, circuitBreaker: Record<string, number> | undefined, healthCheck?: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'app', sectionName }], ...(circuitBreaker ? { circuitBreaker } : {}), ...(healthCheck ? { healthCheck } : {}) },
  };
}

function rule(name: string, prefix: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }], ...extra };
}

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { kind?: string; name: string }; controllerName: string; conditions: Condition[] }[] };
}

describe('BackendPolicy through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;
  /** Held requests, answered when the test lets them go. */
  const requests = new HeldRequests();
  const echo = http.createServer((req, res) => {
    const p = requests.arrived(req);
    if (p.includes('/hold')) requests.hold(res);
    else if (p.includes('/fail')) res.writeHead(500).end('failed');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  /**
   * The endpoints of the health check Services: on the "hc" port 127.0.0.2 fails /healthz (and
   * answers requests "b"), on the "flaky" port 127.0.0.2 answers 500; the rest answer with their address.
   */
  let hcPort = 0;
  let flakyPort = 0;
  const byEndpoint = new Map<string, number>();
  const endpoint = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const who = `${req.socket.localAddress}:${req.socket.localPort}`;
    byEndpoint.set(who, (byEndpoint.get(who) ?? 0) + 1);
    const second = req.socket.localAddress === '127.0.0.2';
    if (second && req.socket.localPort === hcPort && req.url === '/healthz') res.writeHead(503).end('unhealthy');
    else if (second && req.socket.localPort === flakyPort) res.writeHead(500).end(who);
    else res.writeHead(200).end(who);
  };
  const endpoints = [http.createServer(endpoint), http.createServer(endpoint), http.createServer(endpoint), http.createServer(endpoint)];
  const release = (): void => requests.release();

  const get = (p: string): Promise<HttpResult> => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 20_000 });
  const arrived = (p: string, n: number): Promise<true> => requests.until(p, n);
  /** A counter of the policy's own cluster. */
  const counter = async (policyName: string, stat: string): Promise<number> =>
    envoy.stat(`cluster.${NAMESPACE}/${SERVICE_OF[policyName] ?? 'echo'}/80/backendpolicy/${NAMESPACE}/${policyName}.${stat}`);

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-backendpolicy-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-backendpolicy-envoy-'));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    port = await freePort(GATEWAY_ADDRESS);
    hcPort = await freePort('127.0.0.1');
    flakyPort = await freePort('127.0.0.1');
    const listens: [number, string][] = [[hcPort, '127.0.0.1'], [hcPort, '127.0.0.2'], [flakyPort, '127.0.0.1'], [flakyPort, '127.0.0.2']];
    await Promise.all(endpoints.map((server, i) => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listens[i]![0], listens[i]![1], resolve);
    })));
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('backends', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('echo', echoPort),
      ...serviceAt('hc', ['127.0.0.1', '127.0.0.2'], hcPort),
      // 127.0.0.3 has no listener on the port: connections are refused.
      ...serviceAt('tcp', ['127.0.0.1', '127.0.0.3'], hcPort),
      ...serviceAt('flaky', ['127.0.0.1', '127.0.0.2'], flakyPort),
      route('HTTPRoute', 'app', 'backends', { rules: [
        rule('requests', '/requests'),
        rule('pending', '/pending'),
        rule('retries', '/retries', { retry: { codes: [500], attempts: 2, backoff: '10ms' } }),
        rule('open', '/open', { retry: { codes: [500], attempts: 2, backoff: '10ms' } }),
        { name: 'active', matches: [{ path: { type: 'PathPrefix', value: '/active' } }], backendRefs: [{ name: 'hc', port: 80 }] },
        { name: 'tcp', matches: [{ path: { type: 'PathPrefix', value: '/tcp' } }], backendRefs: [{ name: 'tcp', port: 80 }] },
        { name: 'passive', matches: [{ path: { type: 'PathPrefix', value: '/passive' } }], backendRefs: [{ name: 'flaky', port: 80 }] },
      ] }),
    ]));
    writeFileSync(path.join(dir, 'policies.yaml'), manifest([
      policy('requests', 'requests', { maxParallelRequests: 1 }),
      policy('pending', 'pending', { maxConnections: 1, maxPendingRequests: 1 }),
      policy('retries', 'retries', { maxParallelRetries: 0 }),
      policy('missing', 'nope', { maxConnections: 1 }),
      policy('active', 'active', undefined, { active: { type: 'HTTP', interval: '200ms', timeout: '1s', unhealthyThreshold: 1, healthyThreshold: 1, http: { path: '/healthz', expectedStatuses: [200, 204] } } }),
      policy('tcp', 'tcp', undefined, { active: { type: 'TCP', interval: '200ms', timeout: '1s', unhealthyThreshold: 1 } }),
      policy('passive', 'passive', undefined, { passive: { consecutive5xxErrors: 2, interval: '1s', baseEjectionTime: '5m', maxEjectionPercent: 50 } }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/backends`, nodeId: 'backend-policy', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('the Gateway to serve through the policies\' clusters', async () => {
      if ((await get('/open/ready').catch(() => undefined))?.status !== 200) return undefined;
      for (const name of ['requests', 'pending', 'retries', 'active', 'tcp', 'passive']) if ((await counter(name, 'membership_total').catch(() => undefined)) === undefined) return undefined;
      return true;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    release();
    await envoy?.stop();
    const code = await pier?.stop();
    for (const server of [echo, ...endpoints]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    for (const d of [dir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('maxParallelRequests: a second request while one is in flight gets an overflow 503 at once', async () => {
    const first = get('/requests/hold');
    await arrived('/requests/hold', 1);
    const second = await get('/requests/hold');
    assert.equal(second.status, 503, second.body);
    assert.equal(second.headers['x-envoy-overloaded'], 'true', JSON.stringify(second.headers));
    assert.equal(requests.arrivals.get('/requests/hold'), 1, 'the refused request never reached the backend');
    release();
    assert.equal((await first).status, 200);
    assert.ok(await counter('requests', 'upstream_rq_active_overflow') >= 1, 'Envoy counts the overflow on the policy\'s cluster');
  });

  test('maxConnections and maxPendingRequests: one waits for the connection, the next overflows', async () => {
    const first = get('/pending/hold');
    await arrived('/pending/hold', 1);
    const second = get('/pending/hold');
    await waitFor('the second request to wait for a connection', async () => (await counter('pending', 'upstream_rq_pending_active')) >= 1 || undefined, { timeoutMs: 15_000, intervalMs: 50 });
    const third = await get('/pending/hold');
    assert.equal(third.status, 503, third.body);
    assert.equal(third.headers['x-envoy-overloaded'], 'true');
    assert.ok(await counter('pending', 'upstream_rq_pending_overflow') >= 1);
    assert.ok(await counter('pending', 'upstream_cx_overflow') >= 1, 'the waiting request could not open a second connection');
    release();
    assert.equal((await first).status, 200);
    // The waiting one gets the connection once the first is done; it is held in turn.
    await arrived('/pending/hold', 2);
    release();
    assert.equal((await second).status, 200);
  });

  test('maxParallelRetries 0: a failed try is not retried, and Envoy counts the retry overflow', async () => {
    const before = await envoy.counterOrZero(`cluster.${NAMESPACE}/${SERVICE_OF.retries ?? 'echo'}/80/backendpolicy/${NAMESPACE}/retries.upstream_rq_retry_overflow`);
    const answer = await get('/retries/fail');
    assert.equal(answer.status, 500);
    assert.equal(requests.arrivals.get('/retries/fail'), 1, 'one try only');
    assert.ok(await counter('retries', 'upstream_rq_retry_overflow') > before);
  });

  test('the same Service through a rule without a policy is not limited (a cluster of its own)', async () => {
    const answer = await get('/open/fail');
    assert.equal(answer.status, 500);
    assert.equal(requests.arrivals.get('/open/fail'), 3, 'the first try and two retries');
    const a = get('/open/hold');
    const b = get('/open/hold');
    await arrived('/open/hold', 2);
    release();
    assert.deepEqual([(await a).status, (await b).status], [200, 200]);
  });

  test('an active HTTP health check takes the endpoint that fails its path out', async () => {
    await waitFor('127.0.0.2 unhealthy in Envoy', async () => (await counter('active', 'health_check.failure')) >= 1 || undefined, { timeoutMs: 15_000, intervalMs: 100 });
    await waitFor('one healthy endpoint', async () => (await counter('active', 'membership_healthy')) === 1 || undefined, { timeoutMs: 15_000, intervalMs: 100 });
    const bodies = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await get('/active');
      assert.equal(r.status, 200);
      bodies.add(r.body);
    }
    assert.deepEqual([...bodies], [`127.0.0.1:${hcPort}`], 'every request reaches the healthy endpoint');
    assert.ok((byEndpoint.get(`127.0.0.2:${hcPort}`) ?? 0) >= 1, 'the failing endpoint was probed');
  });

  test('an active TCP health check takes the endpoint that refuses connections out', async () => {
    await waitFor('one healthy endpoint', async () => (await counter('tcp', 'membership_healthy')) === 1 || undefined, { timeoutMs: 15_000, intervalMs: 100 });
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) statuses.add((await get('/tcp')).status);
    assert.deepEqual([...statuses], [200], 'no request goes to 127.0.0.3');
  });

  test('outlier detection ejects the endpoint that answers 500 twice in a row', async () => {
    const failing = `127.0.0.2:${flakyPort}`;
    await waitFor('the failing endpoint ejected', async () => {
      await get('/passive');
      return (await counter('passive', 'outlier_detection.ejections_active')) >= 1 || undefined;
    }, { timeoutMs: 15_000, intervalMs: 20 });
    assert.equal(byEndpoint.get(failing), 2, 'ejected after its second 500');
    for (let i = 0; i < 20; i++) assert.equal((await get('/passive')).status, 200);
    assert.equal(byEndpoint.get(failing), 2, 'no request reached it since');
  });

  test('statuses: Accepted with observedGeneration; TargetNotFound for a rule the route does not have', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => {
      const s = statuses.find((e) => e.kind === 'BackendPolicy' && e.name === name);
      assert.equal(s?.status.ancestors.length, 1, `${name}: one ancestor`);
      assert.equal(s!.status.ancestors[0]!.controllerName, CONTROLLER);
      return s!.status.ancestors[0]!.conditions.find((c) => c.type === 'Accepted');
    };
    for (const name of ['requests', 'pending', 'retries', 'active', 'tcp', 'passive']) assert.deepEqual([accepted(name)?.status, accepted(name)?.reason, accepted(name)?.observedGeneration], ['True', 'Accepted', 1], name);
    assert.deepEqual([accepted('missing')?.status, accepted('missing')?.reason], ['False', 'TargetNotFound']);
  });
});
