/**
 * XBackendTrafficPolicy (and HTTPRoute rules[].sessionPersistence) through the real `pier serve`
 * CLI and a real Envoy:
 * - retry budget: two Services answering every try with 500 after a pause, each with a route
 *   retrying 500 three times. Many requests at once: under a loose policy every failed try is
 *   retried; under a tight one (0%, at least one retry at a time) Envoy refuses most retries,
 *   counts them in upstream_rq_retry_overflow (read from its admin), and the backend sees fewer
 *   tries.
 * - session persistence: a Service with three endpoints (loopback addresses, one server each):
 *   a client that sends back the cookie (or header) it was given always reaches the same
 *   endpoint; a client that does not is spread over them.
 * - statuses: accepted, target missing, two policies on one Service (the older wins).
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

const GATEWAY_ADDRESS = '127.0.0.85';
/** The sticky Service's endpoints: one server each, on the same port. */
const ENDPOINT_ADDRESSES = ['127.0.0.86', '127.0.0.87', '127.0.0.88'];
const READY_TIMEOUT_MS = 30_000;
/** Requests sent at once to a failing backend. */
const CONCURRENT = 20;
/** Retries per request the route allows (so CONCURRENT * (1 + RETRIES) tries at most). */
const RETRIES = 3;
/** How long a try takes before its 500: long enough for the requests of a burst to overlap. */
const FAIL_AFTER_MS = 500;

/** Answers every try with 500 after FAIL_AFTER_MS, counting the tries. */
class FailingBackend {
  tries = 0;
  private readonly server = http.createServer((_req, res) => {
    this.tries += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!res.destroyed) res.writeHead(500, { 'content-type': 'text/plain' }).end('failed');
    }, FAIL_AFTER_MS);
    this.timers.add(timer);
  });
  private readonly timers = new Set<NodeJS.Timeout>();

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** One server per endpoint address; each answers with its own address. */
class Endpoints {
  private readonly servers = ENDPOINT_ADDRESSES.map((address) => http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(address);
  }));

  async listen(port: number): Promise<void> {
    await Promise.all(this.servers.map((s, i) => new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, ENDPOINT_ADDRESSES[i], () => resolve());
    })));
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((s) => {
      s.closeAllConnections();
      return new Promise<void>((resolve) => s.close(() => resolve()));
    }));
  }
}

function policy(name: string, spec: Record<string, unknown>, creationTimestamp?: string): Record<string, unknown> {
  return {
    apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XBackendTrafficPolicy',
    metadata: { name, namespace: NAMESPACE, ...(creationTimestamp ? { creationTimestamp } : {}) },
    spec,
  };
}

const target = (name: string): Record<string, unknown> => ({ group: '', kind: 'Service', name });

function rule(prefix: string, backendName: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: backendName, port: 80 }], ...extra };
}

const retry = { codes: [500], attempts: RETRIES, backoff: '10ms' };

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { name: string }; controllerName: string; conditions: Condition[] }[] };
}

// The waits inside are bounded; this is the backstop should something hang.
describe('XBackendTrafficPolicy through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;
  const tight = new FailingBackend();
  const loose = new FailingBackend();
  const endpoints = new Endpoints();

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-traffic-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-traffic-envoy-'));
    const tightPort = await tight.listen();
    const loosePort = await loose.listen();
    const endpointPort = await freePort(ENDPOINT_ADDRESSES[0]);
    await endpoints.listen(endpointPort);
    port = await freePort(GATEWAY_ADDRESS);
    const sticky = backend('sticky', endpointPort);
    (sticky[1] as { endpoints: unknown[] }).endpoints = ENDPOINT_ADDRESSES.map((a) => ({ addresses: [a], conditions: { ready: true } }));
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('traffic', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('tight', tightPort),
      ...backend('loose', loosePort),
      ...sticky,
      route('HTTPRoute', 'traffic', 'traffic', {
        rules: [
          rule('/tight', 'tight', { retry }),
          rule('/loose', 'loose', { retry }),
          rule('/cookie', 'sticky'),
          // The rule's own sessionPersistence (a header), over the Service's policy (a cookie).
          rule('/header', 'sticky', { sessionPersistence: { type: 'Header', header: { name: 'x-pier-session' } } }),
          rule('/nowhere', 'nowhere'),
        ],
      }),
      // At most one retry at a time, whatever the traffic.
      policy('tight', { targetRefs: [target('tight')], retryConstraint: { budget: { percent: 0, interval: '10s' }, minRetryRate: { count: 1, interval: '1s' } } }),
      // Every request may be retried at once.
      policy('loose', { targetRefs: [target('loose')], retryConstraint: { budget: { percent: 100, interval: '10s' }, minRetryRate: { count: 100, interval: '1s' } } }, '2024-01-01T00:00:00Z'),
      // Younger than `loose`, on the same Service: Conflicted, and its 0% budget applies nowhere.
      policy('loose-late', { targetRefs: [target('loose')], retryConstraint: { budget: { percent: 0 } } }, '2025-01-01T00:00:00Z'),
      policy('sticky', { targetRefs: [target('sticky')], sessionPersistence: { type: 'Cookie', cookie: { name: 'pier-sticky' } } }),
      policy('nowhere', { targetRefs: [target('nowhere')], sessionPersistence: { type: 'Cookie', cookie: { name: 'n' } } }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/traffic`, nodeId: 'backend-traffic', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('the Gateway to serve', async () => {
      const r = await httpRequest(`http://${GATEWAY_ADDRESS}:${port}/cookie`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    await tight.close();
    await loose.close();
    await endpoints.close();
    for (const d of [dir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  const get = (p: string, headers: Record<string, string> = {}): Promise<HttpResult> =>
    httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { headers, timeoutMs: 15_000 });

  /**
   * The overflow counter of the cluster of a Service (port 80), which Envoy has (its
   * membership_total); 0 before the cluster's first request makes its traffic stats.
   */
  const overflow = async (service: string): Promise<number> => {
    const stats = await envoy.stats(`${service}/80\\.(upstream_rq_retry_overflow|membership_total)$`);
    const cluster = [...stats.keys()].find((name) => name.includes(`${NAMESPACE}/${service}/80.`) && name.endsWith('.membership_total'));
    assert.ok(cluster, `Envoy has the cluster of ${service}: ${[...stats.keys()].join(', ')}`);
    return stats.get(cluster.replace(/membership_total$/, 'upstream_rq_retry_overflow')) ?? 0;
  };

  /** CONCURRENT requests at once; their statuses. */
  const burst = (p: string): Promise<number[]> => Promise.all(Array.from({ length: CONCURRENT }, () => get(p).then((r) => r.status)));

  test('a loose retry budget lets every failed try be retried', async () => {
    const before = await overflow('loose');
    loose.tries = 0;
    const statuses = await burst('/loose');
    assert.deepEqual(new Set(statuses), new Set([500]), 'the backend\'s failure reaches the clients');
    assert.equal(loose.tries, CONCURRENT * (1 + RETRIES), 'every request tried 1 + attempts times');
    assert.equal(await overflow('loose'), before, 'no retry refused');
  });

  test('a tight retry budget refuses retries over it: overflow counted, fewer tries reach the backend', async () => {
    const before = await overflow('tight');
    tight.tries = 0;
    const statuses = await burst('/tight');
    assert.deepEqual(new Set(statuses), new Set([500]), 'a refused retry passes the last answer on');
    const refused = (await overflow('tight')) - before;
    assert.ok(refused >= CONCURRENT / 2, `most retries refused (upstream_rq_retry_overflow +${refused})`);
    assert.ok(tight.tries < CONCURRENT * (1 + RETRIES) / 2, `fewer tries reach the backend: ${tight.tries} of at most ${CONCURRENT * (1 + RETRIES)}`);
    assert.ok(tight.tries >= CONCURRENT, 'every request was tried once');
  });

  test('a client that keeps its session cookie stays on one endpoint; one without it is spread', async () => {
    const first = await get('/cookie');
    assert.equal(first.status, 200);
    const setCookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('pier-sticky='));
    assert.ok(setCookie, `Envoy sets the session cookie: ${JSON.stringify(first.headers['set-cookie'])}`);
    assert.match(setCookie, /Path=\//i);
    assert.doesNotMatch(setCookie, /Max-Age/i, 'a Session cookie has no Max-Age');
    const cookie = setCookie.split(';')[0]!;
    const kept = new Set<string>();
    for (let i = 0; i < 15; i++) kept.add((await get('/cookie', { cookie })).body);
    assert.deepEqual([...kept], [first.body], 'with the cookie: the first endpoint, every time');
    const spread = new Set<string>();
    for (let i = 0; i < 15; i++) spread.add((await get('/cookie')).body);
    assert.ok(spread.size >= 2, `without it: several endpoints (${[...spread].join(', ')})`);
  });

  test('a rule\'s own header session: the client that sends the header back stays on one endpoint', async () => {
    const first = await get('/header');
    assert.equal(first.status, 200);
    const session = first.headers['x-pier-session'];
    assert.equal(typeof session, 'string', `Envoy adds the session header: ${JSON.stringify(first.headers)}`);
    assert.equal(([] as string[]).concat(first.headers['set-cookie'] ?? []).length, 0, 'the rule\'s header session, not the policy\'s cookie');
    const kept = new Set<string>();
    for (let i = 0; i < 15; i++) kept.add((await get('/header', { 'x-pier-session': session as string })).body);
    assert.deepEqual([...kept], [first.body]);
    const spread = new Set<string>();
    for (let i = 0; i < 15; i++) spread.add((await get('/header')).body);
    assert.ok(spread.size >= 2, `without it: several endpoints (${[...spread].join(', ')})`);
  });

  test('statuses: accepted, target not found, conflicted; one ancestor, the Gateway', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => {
      const s = statuses.find((e) => e.kind === 'XBackendTrafficPolicy' && e.name === name);
      assert.deepEqual(s?.status.ancestors.map((a) => [a.ancestorRef.name, a.controllerName]), [['traffic', CONTROLLER]], `${name}: one ancestor`);
      return s?.status.ancestors[0]?.conditions.find((c) => c.type === 'Accepted');
    };
    for (const name of ['tight', 'loose', 'sticky']) {
      const c = accepted(name);
      assert.deepEqual([c?.status, c?.reason], ['True', 'Accepted'], name);
      assert.equal(c?.observedGeneration, 1);
    }
    const missing = accepted('nowhere');
    assert.deepEqual([missing?.status, missing?.reason], ['False', 'TargetNotFound']);
    const late = accepted('loose-late');
    assert.deepEqual([late?.status, late?.reason], ['False', 'Conflicted']);
    assert.match(late?.message ?? '', /Service default\/loose/);
  });
});
