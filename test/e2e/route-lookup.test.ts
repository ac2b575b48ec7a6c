/**
 * Route lookup through Envoy's matcher tree picks the route the Gateway API's precedence picks.
 *
 * Random route sets (HTTPRoutes with Exact, PathPrefix and RegularExpression paths, header,
 * method and query matches, random creation times) go to `pier serve`; real Envoy, fed over ADS,
 * answers each rule with a redirect naming it. Random requests go through Envoy, and the rule it
 * picks is compared with the one a reference of the spec's precedence picks (written here,
 * independently of Pier's translator): Exact path, then (Pier's implementation-specific place)
 * regular expressions, then the longest prefix; then method, most headers, most query
 * parameters; then the oldest route, then namespace/name, then rule and match order.
 * Envoy's own configuration is checked to be the tree (no plain route list) first.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { gateway, gatewayClass, manifest, CONTROLLER, NAMESPACE } from './features/resources';
import { seededRandom as random } from '../helpers/random';

const ADDRESS = '127.0.0.93';
const ROUNDS = 4;
const ROUTES_PER_ROUND = 14;
const REQUESTS_PER_ROUND = 160;
const READY_TIMEOUT_MS = 60_000;
const SEED = Number(process.env.PIER_ROUTE_LOOKUP_SEED ?? 20261127);

type PathMatch = { type: 'Exact' | 'PathPrefix' | 'RegularExpression'; value: string };
interface Match { path: PathMatch; method?: string; headers?: { name: string; value: string }[]; queryParams?: { name: string; value: string }[] }
interface Rule { name: string; matches: Match[] }
interface Route { name: string; created: string; rules: Rule[] }
interface Request { path: string; query?: string; method: string; headers: Record<string, string> }

const EXACT = ['/', '/a', '/a/b', '/ab', '/b1', '/a/b/c'];
const PREFIX = ['/', '/a', '/a/b', '/ab', '/a/b/c', '/b', '/a/bc'];
const REGEX = ['/a/[a-z]+', '/b[0-9]*', '/.*c', '/a/b/.*'];
const REQUEST_PATHS = ['/', '/a', '/a/', '/a/b', '/a/bc', '/ab', '/abc', '/a/b/c', '/a/b/c/d', '/b', '/b1', '/b12', '/bc', '/c', '/x/c', '/a/bcd', '/ab/c'];

function pick<T>(rnd: () => number, from: readonly T[]): T {
  return from[Math.floor(rnd() * from.length)]!;
}

function randomMatch(rnd: () => number): Match {
  const kind = rnd();
  const path: PathMatch = kind < 0.3 ? { type: 'Exact', value: pick(rnd, EXACT) }
    : kind < 0.5 ? { type: 'RegularExpression', value: pick(rnd, REGEX) } : { type: 'PathPrefix', value: pick(rnd, PREFIX) };
  const match: Match = { path };
  if (rnd() < 0.2) match.method = pick(rnd, ['GET', 'POST']);
  if (rnd() < 0.25) match.headers = [{ name: 'x-k', value: pick(rnd, ['v1', 'v2']) }];
  if (rnd() < 0.15) match.queryParams = [{ name: 'q', value: pick(rnd, ['1', '2']) }];
  return match;
}

function randomRoutes(rnd: () => number, round: number): Route[] {
  const routes: Route[] = [];
  for (let i = 0; i < ROUTES_PER_ROUND; i++) {
    const rules: Rule[] = [];
    const ruleCount = 1 + Math.floor(rnd() * 3);
    for (let r = 0; r < ruleCount; r++) {
      rules.push({ name: `r${r}`, matches: Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => randomMatch(rnd)) });
    }
    // Few distinct creation times, so ties fall to namespace/name.
    const created = new Date(Date.UTC(2026, 0, 1 + Math.floor(rnd() * 4))).toISOString().replace('.000Z', 'Z');
    routes.push({ name: `p${round}-${String(i).padStart(2, '0')}`, created, rules });
  }
  return routes;
}

function randomRequest(rnd: () => number): Request {
  const headers: Record<string, string> = {};
  if (rnd() < 0.4) headers['x-k'] = pick(rnd, ['v1', 'v2', 'v3']);
  const query = rnd() < 0.3 ? `q=${pick(rnd, ['1', '2', '3'])}` : undefined;
  return { path: pick(rnd, REQUEST_PATHS), query, method: pick(rnd, ['GET', 'GET', 'POST']), headers };
}

// ---- The reference: Gateway API matching and precedence, from the spec ----

function pathMatches(p: PathMatch, requestPath: string): boolean {
  if (p.type === 'Exact') return requestPath === p.value;
  if (p.type === 'RegularExpression') return new RegExp(`^(?:${p.value})$`).test(requestPath);
  const prefix = p.value.replace(/\/+$/, '');
  return prefix === '' || requestPath === prefix || requestPath.startsWith(`${prefix}/`);
}

function matches(m: Match, req: Request): boolean {
  if (!pathMatches(m.path, req.path)) return false;
  if (m.method && m.method !== req.method) return false;
  for (const h of m.headers ?? []) if (req.headers[h.name] !== h.value) return false;
  const query = new URLSearchParams(req.query ?? '');
  for (const q of m.queryParams ?? []) if (query.get(q.name) !== q.value) return false;
  return true;
}

function specificity(m: Match): number[] {
  const rank = m.path.type === 'Exact' ? 2 : m.path.type === 'RegularExpression' ? 1 : 0;
  return [rank, m.path.value.length, m.method ? 1 : 0, m.headers?.length ?? 0, m.queryParams?.length ?? 0];
}

function expectedRule(routes: readonly Route[], req: Request): string | undefined {
  let best: { key: (number | string)[]; answer: string } | undefined;
  for (const route of routes) {
    route.rules.forEach((rule, ruleIndex) => rule.matches.forEach((m, matchIndex) => {
      if (!matches(m, req)) return;
      // Larger specificity first: negate so that smaller keys win throughout.
      const key = [...specificity(m).map((x) => -x), Date.parse(route.created), `${NAMESPACE}/${route.name}`, ruleIndex, matchIndex];
      if (!best || compareKeys(key, best.key) < 0) best = { key, answer: `${route.name}.${rule.name}` };
    }));
  }
  return best?.answer;
}

function compareKeys(a: (number | string)[], b: (number | string)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

// ---- Resources ----

function httpRoute(route: Route): Record<string, unknown> {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute',
    metadata: { name: route.name, namespace: NAMESPACE, creationTimestamp: route.created },
    spec: {
      parentRefs: [{ name: 'lookup' }],
      rules: route.rules.map((rule) => ({
        name: rule.name,
        matches: rule.matches,
        filters: [{ type: 'RequestRedirect', requestRedirect: { hostname: `${route.name}.${rule.name}.test`, statusCode: 302 } }],
      })),
    },
  };
}

/** A rule only the readiness check asks for: it names the round, so the round's routes are in. */
function roundMarker(round: number): Route {
  return { name: `marker-${round}`, created: '2025-01-01T00:00:00Z', rules: [{ name: 'r0', matches: [{ path: { type: 'Exact', value: '/__round' }, headers: [{ name: 'x-round', value: String(round) }] }] }] };
}

describe('route lookup through the matcher tree: Envoy picks the route the Gateway API precedence picks', { timeout: 400_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;

  const answer = async (req: Request): Promise<string | undefined> => {
    const url = `http://${ADDRESS}:${port}${req.path}${req.query ? `?${req.query}` : ''}`;
    const res = await httpRequest(url, { method: req.method, headers: req.headers, timeoutMs: 5000 });
    if (res.status === 404) return undefined;
    assert.equal(res.status, 302, `${req.method} ${url}: ${res.status} ${res.body}`);
    return new URL(String(res.headers.location)).hostname.replace(/\.test$/, '');
  };

  const write = (routes: Route[]): void => {
    writeFileSync(path.join(dir, 'routes.yaml'), manifest(routes.map(httpRoute)));
  };

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-lookup-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-lookup-envoy-'));
    port = await freePort(ADDRESS);
    writeFileSync(path.join(dir, 'gateway.yaml'), manifest([gatewayClass(), gateway('lookup', ADDRESS, [{ name: 'http', protocol: 'HTTP', port }])]));
    write([roundMarker(-1)]);
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/lookup`, nodeId: 'route-lookup', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    for (const d of [dir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  for (let round = 0; round < ROUNDS; round++) {
    test(`round ${round} (seed ${SEED})`, async () => {
      const rnd = random(SEED + round);
      const routes = randomRoutes(rnd, round);
      write([...routes, roundMarker(round)]);
      await waitFor(`round ${round}'s routes in Envoy`, async () => {
        const got = await answer({ path: '/__round', method: 'GET', headers: { 'x-round': String(round) } }).catch(() => undefined);
        return got === `marker-${round}.r0` ? true : undefined;
      }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });

      if (round === 0) {
        // The configuration Envoy runs is the tree: its virtual host has a matcher and no route list.
        const dump = JSON.parse(await envoy.admin('/config_dump?resource=dynamic_route_configs')) as { configs?: { route_config?: { virtual_hosts?: { routes?: unknown[]; matcher?: unknown }[] } }[] };
        const vhosts = (dump.configs ?? []).flatMap((c) => c.route_config?.virtual_hosts ?? []);
        assert.ok(vhosts.length > 0, 'a virtual host');
        for (const v of vhosts) {
          assert.ok(v.matcher, 'the virtual host routes through a matcher tree');
          assert.equal(v.routes, undefined, 'no route list beside it');
        }
      }

      const wrong: string[] = [];
      let routed = 0;
      for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
        const req = randomRequest(rnd);
        const expected = expectedRule(routes, req);
        const got = await answer(req);
        if (expected) routed++;
        if (got !== expected) wrong.push(`${req.method} ${req.path}${req.query ? `?${req.query}` : ''} ${JSON.stringify(req.headers)}: Envoy ${got ?? '404'}, spec ${expected ?? '404'}`);
      }
      assert.deepEqual(wrong, [], `routes: ${JSON.stringify(routes)}`);
      assert.ok(routed > REQUESTS_PER_ROUND / 3, `most requests match some route (${routed})`);
    });
  }
});
