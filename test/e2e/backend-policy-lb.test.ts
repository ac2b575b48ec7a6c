/**
 * BackendPolicy load balancing through the real `pier serve` CLI and a real Envoy (one worker):
 * one Service of three endpoints (127.0.26.1-3, one port), each answering with its address and
 * holding requests under /hold when it is 127.0.26.1; one HTTPRoute rule per balancer, each with
 * a policy of its own:
 * - RingHash on a header, Maglev on a cookie Envoy sets, RingHash on the source address (the test
 *   connects from 127.0.27.x): each key always reaches one endpoint, and the keys spread;
 * - RoundRobin: 30 requests in a row, 10 per endpoint (one worker takes them in turn); with the
 *   endpoint 127.0.26.1 holding requests, it holds every third;
 * - LeastRequest: the held requests keep 127.0.26.1 busy, so it gets no more (choiceCount 10
 *   makes Envoy draw ten endpoints per request: all ten the busy one has odds 3^-10);
 * - Random: every endpoint gets some, and the cluster says RANDOM in the config dump.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { closing, serviceAt, startPierAndEnvoy, stopPierAndEnvoy, tempDirs, type PierAndEnvoy } from './features/pier-envoy';
import { gateway, gatewayClass, manifest, route, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.126';
const ENDPOINTS = ['127.0.26.1', '127.0.26.2', '127.0.26.3'];
const READY_TIMEOUT_MS = 30_000;
const LB_RULES = ['header', 'cookie', 'source', 'rr', 'least', 'random'];

function policy(name: string, loadBalancer: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'lb', sectionName: name }], loadBalancer },
  };
}

function rule(name: string): Record<string, unknown> {
  return { name, matches: [{ path: { type: 'PathPrefix', value: `/${name}` } }], backendRefs: [{ name: 'three', port: 80 }] };
}

function counts(bodies: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const b of bodies) out.set(b, (out.get(b) ?? 0) + 1);
  return out;
}

describe('BackendPolicy load balancing through pier serve and real Envoy', { timeout: 240_000 }, () => {
  let run: PierAndEnvoy;
  let envoy: EnvoyProxy;
  let port: number;
  let endpointPort: number;
  const held: http.ServerResponse[] = [];
  /** Requests that reached a /hold path, by endpoint address. */
  const holdArrivals = new Map<string, number>();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const who = req.socket.localAddress ?? '';
    if (req.url?.includes('/hold')) {
      holdArrivals.set(who, (holdArrivals.get(who) ?? 0) + 1);
      if (who === ENDPOINTS[0]) {
        held.push(res);
        return;
      }
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(who);
  };
  const servers = ENDPOINTS.map(() => http.createServer(handler));
  const release = (): void => {
    for (const res of held.splice(0)) res.writeHead(200).end('released');
  };
  const get = (p: string, headers?: Record<string, string>): Promise<HttpResult> => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 20_000, headers });

  /** n requests in a row to p, each let go once it is answered or held; then what reached the holding endpoint. */
  const holdRun = async (p: string, n: number): Promise<{ heldAtFirst: number; answered: Map<string, number> }> => {
    holdArrivals.clear();
    const answers: Promise<HttpResult>[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < n; i++) {
      const arrivedBefore = [...holdArrivals.values()].reduce((a, b) => a + b, 0);
      const answer = get(`${p}/hold`);
      answers.push(answer);
      await waitFor(`request ${i} at an endpoint`, () => ([...holdArrivals.values()].reduce((a, b) => a + b, 0) > arrivedBefore ? true : undefined), { timeoutMs: 15_000, intervalMs: 5 });
    }
    const heldAtFirst = holdArrivals.get(ENDPOINTS[0]!) ?? 0;
    release();
    for (const a of await Promise.all(answers)) if (a.body !== 'released') bodies.push(a.body);
    return { heldAtFirst, answered: counts(bodies) };
  };

  before(async () => {
    requireEnvoy();
    run = tempDirs('backendpolicy-lb');
    port = await freePort(GATEWAY_ADDRESS);
    endpointPort = await freePort(ENDPOINTS[0]);
    await Promise.all(servers.map((server, i) => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(endpointPort, ENDPOINTS[i], resolve);
    })));
    writeFileSync(path.join(run.dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('lb', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...serviceAt('three', ENDPOINTS, endpointPort),
      route('HTTPRoute', 'lb', 'lb', { rules: LB_RULES.map(rule) }),
    ]));
    writeFileSync(path.join(run.dir, 'policies.yaml'), manifest([
      policy('header', { type: 'RingHash', consistentHash: { type: 'Header', header: { name: 'X-User' } } }),
      policy('cookie', { type: 'Maglev', consistentHash: { type: 'Cookie', cookie: { name: 'sticky', ttl: '1h', path: '/' } } }),
      policy('source', { type: 'RingHash', consistentHash: { type: 'SourceIP' } }),
      policy('rr', { type: 'RoundRobin' }),
      policy('least', { type: 'LeastRequest', leastRequest: { choiceCount: 10 } }),
      policy('random', { type: 'Random' }),
    ]));
    ({ envoy } = await startPierAndEnvoy(run, 'lb'));
    await waitFor('every policy\'s cluster with its three endpoints', async () => {
      for (const name of LB_RULES) {
        if ((await envoy.stat(`cluster.${NAMESPACE}/three/80/backendpolicy/${NAMESPACE}/${name}.membership_healthy`).catch(() => undefined)) !== 3) return undefined;
        if ((await get(`/${name}`).catch(() => undefined))?.status !== 200) return undefined;
      }
      return true;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    release();
    assert.equal(await stopPierAndEnvoy(run, servers.map(closing)), 0, 'pier exits cleanly on SIGTERM');
  });

  test('RingHash on a header: the same value reaches the same endpoint, values spread', async () => {
    const byKey = new Map<string, Set<string>>();
    for (let k = 0; k < 20; k++) {
      for (let i = 0; i < 3; i++) {
        const r = await get('/header', { 'x-user': `user-${k}` });
        assert.equal(r.status, 200);
        (byKey.get(`user-${k}`) ?? byKey.set(`user-${k}`, new Set()).get(`user-${k}`)!).add(r.body);
      }
    }
    for (const [key, endpoints] of byKey) assert.equal(endpoints.size, 1, `${key} reached ${[...endpoints].join(', ')}`);
    assert.ok(new Set([...byKey.values()].map((s) => [...s][0])).size >= 2, 'twenty keys reach more than one endpoint');
  });

  test('Maglev on a cookie: Envoy sets it, and a client that sends it back stays on its endpoint', async () => {
    const reached = new Set<string>();
    for (let c = 0; c < 20; c++) {
      const first = await get('/cookie');
      assert.equal(first.status, 200);
      const setCookie = first.headers['set-cookie']?.[0] ?? '';
      assert.match(setCookie, /^sticky="?[^;"]+"?; Max-Age=3600; Path=\//, 'Envoy makes the cookie');
      const cookie = setCookie.split(';')[0]!;
      const endpoints = new Set<string>([first.body]);
      for (let i = 0; i < 3; i++) {
        const again = await get('/cookie', { cookie });
        assert.equal(again.headers['set-cookie'], undefined, 'no new cookie for a request that has one');
        endpoints.add(again.body);
      }
      assert.equal(endpoints.size, 1, `${cookie} reached ${[...endpoints].join(', ')}`);
      reached.add(first.body);
    }
    assert.ok(reached.size >= 2, 'twenty cookies reach more than one endpoint');
  });

  test('RingHash on the source address: each client address stays on one endpoint, addresses spread', async () => {
    const reached = new Set<string>();
    for (let c = 1; c <= 20; c++) {
      const from = `127.0.27.${c}`;
      const endpoints = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const r = await httpRequest(`http://${GATEWAY_ADDRESS}:${port}/source`, { localAddress: from, timeoutMs: 20_000 });
        assert.equal(r.status, 200);
        endpoints.add(r.body);
      }
      assert.equal(endpoints.size, 1, `${from} reached ${[...endpoints].join(', ')}`);
      reached.add([...endpoints][0]!);
    }
    assert.ok(reached.size >= 2, 'twenty client addresses reach more than one endpoint');
  });

  test('RoundRobin: requests in a row take the endpoints in turn', async () => {
    const bodies: string[] = [];
    for (let i = 0; i < 30; i++) bodies.push((await get('/rr')).body);
    const c = counts(bodies);
    for (const e of ENDPOINTS) assert.ok((c.get(e) ?? 0) >= 8 && (c.get(e) ?? 0) <= 12, `${e}: ${c.get(e)} of 30 (${JSON.stringify([...c])})`);
    // In turn: the busy endpoint holds every third request.
    const { heldAtFirst } = await holdRun('/rr', 30);
    assert.ok(heldAtFirst >= 8 && heldAtFirst <= 12, `127.0.26.1 held ${heldAtFirst} of 30`);
  });

  test('LeastRequest: the endpoint busy with held requests gets no more', async () => {
    const { heldAtFirst, answered } = await holdRun('/least', 30);
    assert.ok(heldAtFirst <= 2, `127.0.26.1 held ${heldAtFirst} of 30 (round robin holds 10)`);
    assert.equal([...answered.values()].reduce((a, b) => a + b, 0), 30 - heldAtFirst);
    assert.ok(ENDPOINTS.slice(1).every((e) => (answered.get(e) ?? 0) >= 5), JSON.stringify([...answered]));
  });

  test('Random: every endpoint gets requests; the cluster balances at random', async () => {
    const bodies: string[] = [];
    for (let i = 0; i < 60; i++) bodies.push((await get('/random')).body);
    const c = counts(bodies);
    for (const e of ENDPOINTS) assert.ok((c.get(e) ?? 0) >= 5, `${e}: ${c.get(e) ?? 0} of 60`);
    const dump = await envoy.configDump('dynamic_active_clusters') as { cluster: { name: string; lb_policy?: string } }[];
    const lbOf = (name: string): string | undefined => dump.find((c) => c.cluster.name === `${NAMESPACE}/three/80/backendpolicy/${NAMESPACE}/${name}`)?.cluster.lb_policy;
    assert.deepEqual(LB_RULES.map(lbOf), ['RING_HASH', 'MAGLEV', 'RING_HASH', undefined, 'LEAST_REQUEST', 'RANDOM'], 'ROUND_ROBIN is the default, not shown');
  });
});
