/**
 * RateLimitPolicy (local) through the real `pier serve` CLI and a real Envoy: one Gateway, one
 * HTTPRoute with named rules, an echo backend.
 * - a rule-level policy (2 a minute) empties after two requests: 429 with x-ratelimit-* headers;
 *   it overrides the Gateway-level policy (5 a minute), which still limits the other rules,
 *   each bucket on its own;
 * - per-client buckets by a header with any value: each value has its own bucket; a request
 *   without the header is not counted by that rule;
 * - statuses: accepted, TargetNotFound for a route that does not exist, Conflicted (the older
 *   policy on the same Gateway wins, named in the message), observedGeneration;
 * - removing the policies lifts the limits.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { stopEnvoyPierBackend } from '../helpers/teardown';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.101';
const READY_TIMEOUT_MS = 30_000;

function policy(name: string, targetRef: Record<string, unknown>, local: Record<string, unknown>, creationTimestamp: string): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...targetRef }], local },
  };
}

const perMinute = (requests: number, clients?: Record<string, unknown>): Record<string, unknown> => ({
  rules: [{ limit: { requests, unit: 'Minute' }, ...(clients ? { clients } : {}) }],
});

function rule(name: string, prefix: string): Record<string, unknown> {
  return { name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }] };
}

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { kind?: string; name: string }; controllerName: string; conditions: Condition[] }[] };
}

describe('RateLimitPolicy (local) through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;
  const echo = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));

  const get = (p: string, headers: Record<string, string> = {}): Promise<HttpResult> =>
    httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { headers, timeoutMs: 15_000 });

  /** The status of a GET sent from a given local address (a client of its own for per-address buckets). */
  const statusFrom = (localAddress: string, p: string): Promise<number> => new Promise((resolve, reject) => {
    const req = http.get({ host: GATEWAY_ADDRESS, port, path: p, localAddress, agent: false, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });

  /** The probe rule has a limit of its own (many a minute): its x-ratelimit-limit header says the policies reached Envoy. */
  const probeLimited = async (): Promise<boolean> => (await get('/probe')).headers['x-ratelimit-limit'] !== undefined;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-ratelimit-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-ratelimit-envoy-'));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    port = await freePort(GATEWAY_ADDRESS);
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('limits', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'limited', 'limits', { rules: [rule('slow', '/slow'), rule('open', '/open'), rule('users', '/users'), rule('probe', '/probe'), rule('net', '/net')] }),
    ]));
    writeFileSync(path.join(dir, 'policies.yaml'), manifest([
      policy('gateway-wide', { kind: 'Gateway', name: 'limits' }, perMinute(5), '2024-01-01T00:00:00Z'),
      // Younger, on the same Gateway: Conflicted; its generous limit applies nowhere.
      policy('gateway-late', { kind: 'Gateway', name: 'limits' }, perMinute(1000), '2025-01-01T00:00:00Z'),
      policy('slow-rule', { kind: 'HTTPRoute', name: 'limited', sectionName: 'slow' }, perMinute(2), '2025-01-01T00:00:00Z'),
      policy('per-user', { kind: 'HTTPRoute', name: 'limited', sectionName: 'users' }, perMinute(2, { headers: [{ name: 'x-user' }] }), '2025-01-01T00:00:00Z'),
      policy('probe', { kind: 'HTTPRoute', name: 'limited', sectionName: 'probe' }, perMinute(100_000), '2025-01-01T00:00:00Z'),
      // Per client address within 127.0.0.0/8 (written with host bits set: Pier masks it as Envoy does; dynamic buckets,
      // at most 50 kept), and an IPv6 network no test client is in.
      policy('by-address', { kind: 'HTTPRoute', name: 'limited', sectionName: 'net' }, {
        maxClients: 50,
        rules: [{ limit: { requests: 3, unit: 'Minute' }, clients: { source: { cidr: '127.9.9.9/8', perAddress: true } } },
          { limit: { requests: 1, unit: 'Minute' }, clients: { source: { cidr: '2001:db8::/32' } } }],
      }, '2025-01-01T00:00:00Z'),
      policy('missing', { kind: 'HTTPRoute', name: 'nope' }, perMinute(1), '2025-01-01T00:00:00Z'),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/limits`, nodeId: 'rate-limit', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('the Gateway to serve with its policies', async () => (await probeLimited().catch(() => false)) || undefined, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  });

  after(async () => {
    const code = await stopEnvoyPierBackend(envoy, pier, echo, [dir, envoyDir]);
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('a rule-level bucket empties: 429 with x-ratelimit-limit, -remaining and -reset', async () => {
    const answers: HttpResult[] = [];
    for (let i = 0; i < 4; i++) answers.push(await get('/slow'));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 429, 429]);
    for (const a of answers) {
      assert.match(String(a.headers['x-ratelimit-limit']), /^2\b/, `the rule's limit, not the Gateway's: ${JSON.stringify(a.headers)}`);
      assert.ok(a.headers['x-ratelimit-reset'] !== undefined, 'x-ratelimit-reset');
    }
    assert.deepEqual(answers.map((a) => String(a.headers['x-ratelimit-remaining'])), ['1', '0', '0', '0']);
  });

  test('the Gateway-level policy limits the rules without their own, in its own bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await get('/open');
      statuses.push(a.status);
      assert.match(String(a.headers['x-ratelimit-limit']), /^5\b/, 'the older Gateway policy, not the conflicting one');
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  });

  test('per-client buckets by header value are independent; a request without the header is not counted', async () => {
    const alice = [];
    for (let i = 0; i < 3; i++) alice.push((await get('/users', { 'x-user': 'alice' })).status);
    assert.deepEqual(alice, [200, 200, 429]);
    const bob = [];
    for (let i = 0; i < 3; i++) bob.push((await get('/users', { 'x-user': 'bob' })).status);
    assert.deepEqual(bob, [200, 200, 429], 'bob has a bucket of his own');
    for (let i = 0; i < 4; i++) {
      const anonymous = await get('/users');
      assert.equal(anonymous.status, 200, 'no x-user: the rule does not count it (and it replaces the Gateway policy)');
      assert.equal(anonymous.headers['x-ratelimit-limit'], undefined);
    }
  });

  test('per-address buckets within a CIDR: the client\'s address counts; a network it is not in does not', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get('/net')).status);
    assert.deepEqual(statuses, [200, 200, 200, 429], 'three a minute for 127.0.0.1 (the IPv6 rule never matches)');
    const other = [];
    for (let i = 0; i < 4; i++) other.push(await statusFrom('127.0.0.2', '/net'));
    assert.deepEqual(other, [200, 200, 200, 429], '127.0.0.2 has a bucket of its own');
  });

  test('statuses: Accepted with observedGeneration, TargetNotFound, Conflicted naming the winner', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): { ancestor: string; c: Condition | undefined } => {
      const s = statuses.find((e) => e.kind === 'RateLimitPolicy' && e.name === name);
      assert.equal(s?.status.ancestors.length, 1, `${name}: one ancestor`);
      const a = s!.status.ancestors[0]!;
      assert.equal(a.controllerName, CONTROLLER);
      return { ancestor: `${a.ancestorRef.kind ?? 'Gateway'}/${a.ancestorRef.name}`, c: a.conditions.find((c) => c.type === 'Accepted') };
    };
    for (const name of ['gateway-wide', 'slow-rule', 'per-user', 'probe']) {
      const { ancestor, c } = accepted(name);
      assert.equal(ancestor, 'Gateway/limits', name);
      assert.deepEqual([c?.status, c?.reason, c?.observedGeneration], ['True', 'Accepted', 1], name);
    }
    const missing = accepted('missing');
    assert.equal(missing.ancestor, 'HTTPRoute/nope');
    assert.deepEqual([missing.c?.status, missing.c?.reason], ['False', 'TargetNotFound']);
    const late = accepted('gateway-late');
    assert.deepEqual([late.c?.status, late.c?.reason], ['False', 'Conflicted']);
    assert.match(late.c?.message ?? '', /RateLimitPolicy default\/gateway-wide takes precedence for Gateway default\/limits/);
  });

  test('the admin API shows the effective settings per listener and rule, with their policies', async () => {
    const view = await pier.admin<{ gateways: { gateway: string; listeners: { name: string; rateLimit?: { policy: string; target: string } }[]; rules: { rule: string; rateLimit?: { policy: string; target: string } }[] }[] }>('/policies');
    const g = view.gateways.find((x) => x.gateway === `${NAMESPACE}/limits`);
    assert.ok(g, JSON.stringify(view));
    assert.deepEqual([g.listeners[0]?.rateLimit?.policy, g.listeners[0]?.rateLimit?.target], ['RateLimitPolicy default/gateway-wide', 'Gateway default/limits']);
    assert.deepEqual(g.rules.map((r) => [r.rule, r.rateLimit?.policy, r.rateLimit?.target]).sort(), [
      ['HTTPRoute default/limited rule 0', 'RateLimitPolicy default/slow-rule', 'HTTPRoute default/limited rule slow'],
      ['HTTPRoute default/limited rule 2', 'RateLimitPolicy default/per-user', 'HTTPRoute default/limited rule users'],
      ['HTTPRoute default/limited rule 3', 'RateLimitPolicy default/probe', 'HTTPRoute default/limited rule probe'],
      ['HTTPRoute default/limited rule 4', 'RateLimitPolicy default/by-address', 'HTTPRoute default/limited rule net'],
    ]);
  });

  test('removing the policies lifts the limits', async () => {
    unlinkSync(path.join(dir, 'policies.yaml'));
    await waitFor('the policies to leave Envoy', async () => (await probeLimited()) ? undefined : true, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
    for (let i = 0; i < 6; i++) {
      const a = await get('/slow');
      assert.equal(a.status, 200);
      assert.equal(a.headers['x-ratelimit-limit'], undefined);
    }
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    assert.deepEqual(statuses.filter((s) => s.kind === 'RateLimitPolicy'), [], 'no status for a policy that is gone');
  });
});
