/**
 * RateLimitPolicy global limits through the real `pier serve` CLI, two real Envoys (two
 * Gateways, one proxy each), the real envoyproxy/ratelimit service and a real Redis, all on
 * loopback. Pier configures the Envoys' ratelimit filters and writes the service's limits into
 * the directory it watches. One policy on both Gateways counts a client (by header) across both
 * Envoys together: the count is global, shown in x-ratelimit-* headers and kept in Redis. With
 * the service down, a FailOpen policy lets requests through and a FailClosed one refuses them
 * (503); the service back on the same Redis still knows the counts.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, listenOn, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { RedisServer } from '../helpers/redis';
import { RateLimitService } from '../helpers/ratelimit';
import { backend, gateway, gatewayClass, manifest, CONTROLLER, NAMESPACE } from './features/resources';

const EAST = '127.0.0.143';
const WEST = '127.0.0.144';
const READY_TIMEOUT_MS = 60_000;
const PER_USER_LIMIT = 3;

type Doc = Record<string, unknown>;

function policy(name: string, targetRefs: Doc[], global: Doc): Doc {
  return { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy', metadata: { name, namespace: NAMESPACE }, spec: { targetRefs, global } };
}

interface StatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { name: string }; conditions: { type: string; status: string; reason: string; message: string }[] }[] };
}

describe('RateLimitPolicy global limits through two Envoys, the ratelimit service and Redis', { timeout: 900_000 }, () => {
  let dir: string;
  let redis: RedisServer;
  let service: RateLimitService;
  let pier: PierProcess;
  const ports = { east: 0, west: 0 };
  const echo = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`echo ${req.url}`);
  });

  const send = (via: 'east' | 'west', pathname: string, user?: string): Promise<HttpResult> =>
    httpRequest(`http://${via === 'east' ? EAST : WEST}:${ports[via]}${pathname}`, { headers: user ? { 'x-user': user } : {}, timeoutMs: 10_000 });

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-global-ratelimit-'));
    const resources = path.join(dir, 'resources');
    mkdirSync(resources);
    redis = await RedisServer.start(dir);
    service = await RateLimitService.start(path.join(dir, 'service'), { redis: redis.address });
    const echoPort = await listenOn(echo, '127.0.0.1');
    ports.east = await freePort(EAST);
    ports.west = await freePort(WEST);
    const rule = (name: string, prefix: string): Doc => ({ name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }] });
    writeFileSync(path.join(resources, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('east', EAST, [{ name: 'http', protocol: 'HTTP', port: ports.east }]),
      gateway('west', WEST, [{ name: 'http', protocol: 'HTTP', port: ports.west }]),
      ...backend('echo', echoPort),
      {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'shop', namespace: NAMESPACE },
        spec: { parentRefs: [{ name: 'east' }, { name: 'west' }], rules: [rule('open', '/open'), rule('closed', '/closed')] },
      },
      // On both Gateways: one count per x-user value, shared by both Envoys.
      policy('per-user', [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'east' }, { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'west' }], {
        rules: [{ clients: { headers: [{ name: 'x-user' }] }, limit: { requests: PER_USER_LIMIT, unit: 'Day' } }],
      }),
      // On the rule "closed" (replacing the Gateways' policy there): refuse when the service cannot answer.
      policy('closed-rule', [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'shop', sectionName: 'closed' }], {
        failureMode: 'FailClosed',
        rules: [{ limit: { requests: 100_000, unit: 'Day' } }],
      }),
    ]));
    pier = await PierProcess.start({
      config: {
        resources, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning',
        rateLimitService: service.address, rateLimitConfigDir: service.configDir,
      },
    });
    // Both Envoys serve, with their rate limit filter in place and the service's limits loaded:
    // a counted request answers with x-ratelimit-limit.
    for (const via of ['east', 'west'] as const) {
      await waitFor(`${via} to count requests`, async () => {
        const r = await send(via, '/open', `warmup-${via}`).catch(() => undefined);
        return r?.status === 200 && r.headers['x-ratelimit-limit'] ? true : undefined;
      }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 }).catch((err: Error) => {
        throw new Error(`${err.message}; ratelimit service: ${service.logs.slice(-2000)}`);
      });
    }
  });

  after(async () => {
    const code = await pier?.stop();
    await service?.stop();
    await redis?.stop();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('Pier wrote the service\'s configuration: its domain, one descriptor tree per rule', () => {
    const written = parse(readFileSync(path.join(service.configDir, 'pier.yaml'), 'utf8')) as { domain: string; descriptors: { key: string; value: string; descriptors?: { key: string; rate_limit?: unknown }[]; rate_limit?: unknown }[] };
    assert.equal(written.domain, 'pier');
    assert.deepEqual(written.descriptors.map((d) => d.value), ['default/closed-rule/0', 'default/per-user/0']);
    assert.deepEqual(written.descriptors[1]?.descriptors, [{ key: 'header_x-user', rate_limit: { unit: 'day', requests_per_unit: PER_USER_LIMIT } }]);
  });

  test('the policies are accepted on both Gateways', async () => {
    const statuses = await pier.admin<StatusEntry[]>('/statuses');
    const summary = (name: string) => statuses.find((s) => s.kind === 'RateLimitPolicy' && s.name === name)?.status.ancestors
      .map((a) => [a.ancestorRef.name, ...a.conditions.map((c) => `${c.type}=${c.status}/${c.reason}`)]).sort();
    assert.deepEqual(summary('per-user'), [['east', 'Accepted=True/Accepted'], ['west', 'Accepted=True/Accepted']]);
    assert.deepEqual(summary('closed-rule'), [['east', 'Accepted=True/Accepted'], ['west', 'Accepted=True/Accepted']]);
  });

  test('requests through both Envoys share one count: the limit is global', async () => {
    const answers: HttpResult[] = [];
    for (const via of ['east', 'west', 'east', 'west', 'east'] as const) answers.push(await send(via, '/open/cart', 'alice'));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 429, 429], 'three allowed in all, whichever Envoy took them');
    assert.deepEqual(answers.map((a) => a.headers['x-ratelimit-remaining']), ['2', '1', '0', '0', '0']);
    for (const a of answers) assert.match(String(a.headers['x-ratelimit-limit']), new RegExp(`^${PER_USER_LIMIT}, ${PER_USER_LIMIT};w=86400$`));
    assert.ok(Number(answers[0]?.headers['x-ratelimit-reset']) > 0, 'x-ratelimit-reset: seconds until the window ends');
    // Another client has a count of its own; a request without the header is not counted.
    assert.equal((await send('west', '/open', 'bob')).status, 200);
    for (let i = 0; i < PER_USER_LIMIT + 1; i++) assert.equal((await send('east', '/open')).status, 200);
  });

  test('the count is kept in Redis', async () => {
    const keys = await redis.keys('pier_pier_rule_default/per-user/0_header_x-user_alice_*');
    assert.equal(keys.length, 1, `alice's counter: ${(await redis.keys()).join(', ')}`);
    // Five requests, the refused ones counted too.
    assert.equal(await redis.command('GET', keys[0] as string), '5');
  });

  test('with the service down, FailOpen lets requests through and FailClosed refuses them; back up, the counts are still there', async () => {
    assert.equal((await send('east', '/closed', 'carol')).status, 200, 'the FailClosed rule passes while the service answers');
    const grpcPort = service.grpcPort;
    await service.stop();
    const open = await send('east', '/open', 'alice');
    assert.equal(open.status, 200, 'alice is over her limit, but FailOpen lets her through while the service is down');
    assert.equal(open.headers['x-ratelimit-limit'], undefined, 'no limit was reported');
    assert.equal((await send('west', '/open', 'alice')).status, 200);
    assert.equal((await send('east', '/closed', 'carol')).status, 503, 'FailClosed: no answer, no request');
    assert.equal((await send('west', '/closed')).status, 503);

    service = await RateLimitService.start(path.join(dir, 'service-again'), { redis: redis.address, configDir: service.configDir, grpcPort });
    await waitFor('the FailClosed rule to pass again', async () => ((await send('west', '/closed', 'carol')).status === 200 ? true : undefined),
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 250 });
    assert.equal((await send('west', '/open', 'alice')).status, 429, 'the new service reads alice\'s count from Redis');
  });
});
