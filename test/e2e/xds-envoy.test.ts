/**
 * The xDS server against a real Envoy, in Delta and in SotW: an in-process SnapshotCache,
 * ProxyRegistry and XdsServer fed by hand-built resources, and Envoy started with Pier's
 * bootstrap. Covers what only a real proxy can tell: NACKs of config Envoy rejects (the old
 * config keeps serving, the NACK is recorded and not provoked again, the next valid update
 * applies; a listener or cluster rejected next to valid ones is not sent again when another
 * one changes, and the valid ones Envoy applied keep serving) and make-before-break updates
 * under traffic (no 503 while clusters and routes come and go).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { buildBootstrap, type AdsMode } from '../../src/infra/bootstrap';
import { silentLogger } from '../../src/logging/logger';
import { SnapshotCache } from '../../src/xds/cache';
import { ProxyRegistry, XdsServer, type ProxyTypeStatus } from '../../src/xds/server';
import {
  TypeUrl, typedConfig,
  type Cluster, type ClusterLoadAssignment, type Listener, type ResourceTypeUrl, type RouteConfiguration, type XdsResources,
} from '../../src/xds/types';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { EnvoyProxy } from '../helpers/envoy';
import { currentVersionFor } from '../helpers/xds-versions';

const GATEWAY = 'default/xds-envoy';
/** Every wait for Envoy to take a config. */
const APPLY_MS = 10_000;
/** How long "the rejected config is not sent again" is watched. */
const QUIET_MS = 1000;

// ------------------------------------------------------------------ resources

interface Backends {
  blue: number;
  green: number;
  fresh: number;
}

interface Shape {
  /** Where /app goes. */
  app: 'blue' | 'green';
  /** Adds a regex route Envoy cannot compile (RE2 rejects "("): RDS is NACKed. */
  badRegex?: boolean;
  /** Adds the "fresh" cluster, its endpoints and the /new route to it. */
  fresh?: boolean;
  /** Extra listeners by name and port; alt: on the "routes-alt" config, where /app goes to the other backend. */
  extraListeners?: { name: string; port: number; alt?: boolean }[];
  /** Adds the "broken" cluster, which Envoy rejects (an EDS cluster cannot provide its own LB). */
  brokenCluster?: boolean;
  /** The green cluster's connect timeout in seconds (default 1). */
  greenTimeout?: number;
}

function httpListener(name: string, address: string, port: number, routeConfig = 'routes'): Listener {
  return {
    name,
    address: { socket_address: { address, port_value: port } },
    filter_chains: [{
      filters: [{
        name: 'envoy.filters.network.http_connection_manager',
        typed_config: typedConfig('envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager', {
          stat_prefix: name,
          rds: { route_config_name: routeConfig, config_source: { ads: {}, resource_api_version: 'V3' } },
          http_filters: [{ name: 'envoy.filters.http.router', typed_config: typedConfig('envoy.extensions.filters.http.router.v3.Router', {}) }],
        }),
      }],
    }],
  } as Listener;
}

function edsCluster(name: string, connectTimeoutSeconds = 1): Cluster {
  return {
    name,
    type: 'EDS',
    connect_timeout: { seconds: String(connectTimeoutSeconds) },
    eds_cluster_config: { eds_config: { ads: {}, resource_api_version: 'V3' } },
  } as Cluster;
}

function loopback(clusterName: string, port: number): ClusterLoadAssignment {
  return {
    cluster_name: clusterName,
    endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address: '127.0.0.1', port_value: port } } } }] }],
  };
}

function gatewayResources(address: string, port: number, backends: Backends, shape: Shape): XdsResources {
  const routes: NonNullable<RouteConfiguration['virtual_hosts']>[number]['routes'] = [];
  if (shape.badRegex) routes.push({ match: { safe_regex: { regex: '(' } }, route: { cluster: 'green' } });
  if (shape.fresh) routes.push({ match: { prefix: '/new' }, route: { cluster: 'fresh' } });
  routes.push({ match: { prefix: '/app' }, route: { cluster: shape.app } });
  const clusters = [edsCluster('blue'), edsCluster('green', shape.greenTimeout)];
  const endpoints = [loopback('blue', backends.blue), loopback('green', backends.green)];
  if (shape.fresh) {
    clusters.push(edsCluster('fresh'));
    endpoints.push(loopback('fresh', backends.fresh));
  }
  if (shape.brokenCluster) clusters.push({ ...edsCluster('broken'), lb_policy: 'CLUSTER_PROVIDED' } as Cluster);
  const extra = shape.extraListeners ?? [];
  const routeConfigs: RouteConfiguration[] = [{ name: 'routes', virtual_hosts: [{ name: 'all', domains: ['*'], routes }] }];
  if (extra.some((l) => l.alt)) {
    const other = shape.app === 'blue' ? 'green' : 'blue';
    routeConfigs.push({ name: 'routes-alt', virtual_hosts: [{ name: 'all', domains: ['*'], routes: [{ match: { prefix: '/app' }, route: { cluster: other } }] }] });
  }
  return {
    gateway: GATEWAY,
    listeners: [httpListener('http', address, port), ...extra.map((l) => httpListener(l.name, address, l.port, l.alt ? 'routes-alt' : 'routes'))],
    routes: routeConfigs,
    clusters,
    endpoints,
    secrets: [],
  };
}

// ------------------------------------------------------------------ Envoy

/** Envoy with Pier's bootstrap for this test's Gateway. */
function startEnvoy(dir: string, adsMode: AdsMode, xdsPort: number): Promise<EnvoyProxy> {
  return EnvoyProxy.start(dir, buildBootstrap({
    gateway: GATEWAY, nodeId: `envoy-${adsMode}`, xdsHost: '127.0.0.1', xdsPort, adsMode, adminAddress: '127.0.0.1', adminPort: 0,
  }), { timeoutMs: APPLY_MS });
}

// ------------------------------------------------------------------ HTTP

interface Answer {
  status: number;
  /** The echo backend's service name, or '' for answers that are not from a backend. */
  backend: string;
}

function answerOf(status: number, body: string): Answer {
  if (status !== 200) return { status, backend: '' };
  try {
    return { status, backend: (JSON.parse(body) as EchoResponse).service };
  } catch {
    return { status, backend: '' };
  }
}

/** One request over the agent (keep-alive) with a timeout. */
function requestVia(agent: http.Agent, url: string, timeoutMs = 2000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve(answerOf(res.statusCode ?? 0, body)));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`request to ${url} timed out`)));
    req.on('error', reject);
  });
}

// ------------------------------------------------------------------ the tests

for (const adsMode of ['delta', 'sotw'] as const) {
  describe(`xDS server with a real Envoy (${adsMode})`, { timeout: 120_000 }, () => {
    const address = adsMode === 'delta' ? '127.0.0.31' : '127.0.0.32';
    const nodeId = `envoy-${adsMode}`;
    const cache = new SnapshotCache();
    const registry = new ProxyRegistry();
    const server = new XdsServer({ cache, registry, logger: silentLogger() });
    const echo = {
      blue: new EchoBackend({ service: 'blue', namespace: 'default', pod: 'blue-1' }),
      green: new EchoBackend({ service: 'green', namespace: 'default', pod: 'green-1' }),
      fresh: new EchoBackend({ service: 'fresh', namespace: 'default', pod: 'fresh-1' }),
    };
    let backends: Backends;
    let port: number;
    let dir: string;
    let envoy: EnvoyProxy | undefined;

    const set = (shape: Shape): boolean => cache.setResources(GATEWAY, gatewayResources(address, port, backends, shape));
    const get = async (p: string, listenerPort = port): Promise<Answer> => {
      const r = await httpRequest(`http://${address}:${listenerPort}${p}`, { timeoutMs: 1000 });
      return answerOf(r.status, r.body);
    };
    /** Waits until GET p is answered by the backend. */
    const until = (what: string, p: string, backend: string, listenerPort = port): Promise<true> =>
      waitFor(what, async () => ((await get(p, listenerPort).catch(() => undefined))?.backend === backend ? true : undefined), { timeoutMs: APPLY_MS, intervalMs: 25 });
    const proxyType = (typeUrl: ResourceTypeUrl): ProxyTypeStatus | undefined =>
      registry.list().find((p) => p.nodeId === nodeId)?.types.find((t) => t.typeUrl === typeUrl);
    /** What Envoy holding the current resources of typeUrl ACKed (SotW RDS/EDS: a digest of what it holds). */
    const currentVersion = (typeUrl: ResourceTypeUrl): string | undefined => currentVersionFor(cache, registry, GATEWAY, nodeId, typeUrl);
    /** The proxy ACKed what the cache holds now for typeUrl. */
    const ackedCurrent = (typeUrl: ResourceTypeUrl): Promise<ProxyTypeStatus> =>
      waitFor(`Envoy to ACK the current ${typeUrl}`, () => {
        const s = proxyType(typeUrl);
        return s && !s.awaitingAck && s.ackedVersion === currentVersion(typeUrl) ? s : undefined;
      }, { timeoutMs: APPLY_MS, intervalMs: 20 });
    /** The proxy ACKed a response of typeUrl sent after sentNonceBefore (SotW may send less than the cache holds). */
    const ackedSentAfter = (typeUrl: ResourceTypeUrl, sentNonceBefore: string | undefined): Promise<ProxyTypeStatus> =>
      waitFor(`Envoy to ACK a new ${typeUrl} response`, () => {
        const s = proxyType(typeUrl);
        return s && s.sentNonce !== sentNonceBefore && !s.awaitingAck && s.ackedVersion === s.sentVersion ? s : undefined;
      }, { timeoutMs: APPLY_MS, intervalMs: 20 });
    const nackedSince = (typeUrl: ResourceTypeUrl, previous: string | undefined): Promise<ProxyTypeStatus> =>
      waitFor(`Envoy to NACK ${typeUrl}`, () => {
        const s = proxyType(typeUrl);
        return s?.lastNack && s.lastNack.at !== previous && !s.awaitingAck ? s : undefined;
      }, { timeoutMs: APPLY_MS, intervalMs: 20 });

    /** What is sent of a type and what Envoy counts, over QUIET_MS: none of it may move. */
    async function expectNotResent(typeUrl: ResourceTypeUrl, attemptStat: string): Promise<void> {
      const nonce = proxyType(typeUrl)?.sentNonce;
      const attempts = await envoy!.stat(attemptStat);
      await new Promise((r) => setTimeout(r, QUIET_MS));
      assert.equal(proxyType(typeUrl)?.sentNonce, nonce, `nothing more of ${typeUrl} was sent after the NACK`);
      assert.equal(await envoy!.stat(attemptStat), attempts, `${attemptStat} did not grow: Envoy got no new ${typeUrl} response`);
    }

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), `pier-xds-envoy-${adsMode}-`));
      backends = {
        blue: await echo.blue.listen('127.0.0.1', 0),
        green: await echo.green.listen('127.0.0.1', 0),
        fresh: await echo.fresh.listen('127.0.0.1', 0),
      };
      port = await freePort(address);
      set({ app: 'blue' });
      const xdsPort = await server.listen('127.0.0.1:0');
      envoy = await startEnvoy(dir, adsMode, xdsPort);
      await until('Envoy to route /app to blue', '/app', 'blue');
      for (const t of [TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.Listener, TypeUrl.RouteConfiguration]) await ackedCurrent(t);
    });

    after(async () => {
      await envoy?.stop();
      await server.shutdown(1000);
      cache.close();
      for (const b of Object.values(echo)) await b.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('the proxy connected with the expected protocol and ACKed every type', () => {
      const proxy = registry.list().find((p) => p.nodeId === nodeId);
      assert.ok(proxy, 'the proxy is registered');
      assert.equal(proxy.protocol, adsMode);
      assert.equal(proxy.cluster, GATEWAY);
      assert.match(proxy.envoyVersion, /^envoy\//);
      for (const t of proxy.types) assert.equal(t.lastNack, undefined, `${t.typeUrl} has no NACK`);
    });

    test('a route Envoy rejects (invalid regex) is NACKed, not resent, and the old route keeps serving', async (t) => {
      const rdsStat = 'http.http.rds.routes';
      const rejectedBefore = await envoy!.stat(`${rdsStat}.update_rejected`);
      const ackedBefore = proxyType(TypeUrl.RouteConfiguration)?.ackedVersion;
      const nackBefore = proxyType(TypeUrl.RouteConfiguration)?.lastNack?.at;
      assert.equal(set({ app: 'green', badRegex: true }), true);
      const rejectedVersion = currentVersion(TypeUrl.RouteConfiguration);

      const status = await nackedSince(TypeUrl.RouteConfiguration, nackBefore);
      t.diagnostic(`${adsMode} RDS NACK: ${status.lastNack?.message ?? ''}`);
      assert.equal(status.lastNack?.version, rejectedVersion, 'the NACK names the rejected version');
      assert.match(status.lastNack?.message ?? '', /regex|missing \)/i, 'Envoy\'s reason is recorded');
      assert.equal(status.ackedVersion, ackedBefore, 'the accepted version is still the previous one');
      await waitFor('Envoy to count the RDS rejection', async () => ((await envoy!.stat(`${rdsStat}.update_rejected`)) > rejectedBefore ? true : undefined), { timeoutMs: APPLY_MS });
      // Other types are untouched by the bad route.
      for (const t of [TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.Listener]) assert.equal(proxyType(t)?.lastNack, undefined);

      for (let i = 0; i < 5; i++) assert.deepEqual(await get('/app'), { status: 200, backend: 'blue' }, 'the previous route keeps serving');
      await expectNotResent(TypeUrl.RouteConfiguration, `${rdsStat}.update_attempt`);
      assert.equal(await envoy!.stat(`${rdsStat}.update_rejected`), rejectedBefore + 1, 'rejected exactly once');

      // The next valid route is sent and applied.
      assert.equal(set({ app: 'green' }), true);
      await until('traffic to move to green', '/app', 'green');
      const acked = await ackedCurrent(TypeUrl.RouteConfiguration);
      assert.notEqual(acked.ackedVersion, rejectedVersion);
      // Envoy reports the resource's version under Delta and the response's version_info under SotW.
      const routeVersion = adsMode === 'delta'
        ? cache.snapshot(GATEWAY)?.types.get(TypeUrl.RouteConfiguration)?.entries.get('routes')?.version
        : currentVersion(TypeUrl.RouteConfiguration);
      const routes = JSON.stringify(await envoy!.configDump('dynamic_route_configs'));
      assert.ok(routes.includes(`"version_info":"${String(routeVersion)}"`), `Envoy's config_dump holds the new route version ${String(routeVersion)}: ${routes.slice(0, 300)}`);
    });

    test('two listeners on one address and port are NACKed; the old listener keeps serving; the next valid LDS applies', async (t) => {
      const ldsStat = 'listener_manager.lds';
      const rejectedBefore = await envoy!.stat(`${ldsStat}.update_rejected`);
      const ackedBefore = proxyType(TypeUrl.Listener)?.ackedVersion;
      const nackBefore = proxyType(TypeUrl.Listener)?.lastNack?.at;
      assert.equal(set({ app: 'green', extraListeners: [{ name: 'http-clash', port }] }), true);
      const rejectedVersion = currentVersion(TypeUrl.Listener);

      const status = await nackedSince(TypeUrl.Listener, nackBefore);
      t.diagnostic(`${adsMode} LDS NACK: ${status.lastNack?.message ?? ''}`);
      assert.equal(status.lastNack?.version, rejectedVersion, 'the NACK names the rejected version');
      assert.match(status.lastNack?.message ?? '', /http-clash/, 'Envoy\'s reason names the listener');
      assert.match(status.lastNack?.message ?? '', /address/i);
      assert.equal(status.ackedVersion, ackedBefore);
      await waitFor('Envoy to count the LDS rejection', async () => ((await envoy!.stat(`${ldsStat}.update_rejected`)) > rejectedBefore ? true : undefined), { timeoutMs: APPLY_MS });
      const listeners = JSON.stringify(await envoy!.configDump('dynamic_listeners'));
      assert.ok(listeners.includes('"error_state"') && listeners.includes('http-clash'), 'config_dump shows the rejected listener\'s error_state');

      for (let i = 0; i < 5; i++) assert.deepEqual(await get('/app'), { status: 200, backend: 'green' }, 'the previous listener keeps serving');
      await expectNotResent(TypeUrl.Listener, `${ldsStat}.update_attempt`);

      // A valid second listener (its own port) is applied, and the first keeps serving.
      const second = await freePort(address);
      assert.equal(set({ app: 'green', extraListeners: [{ name: 'http-second', port: second }] }), true);
      await until('the second listener to serve', '/app', 'green', second);
      await ackedCurrent(TypeUrl.Listener);
      assert.deepEqual(await get('/app'), { status: 200, backend: 'green' });
      assert.equal(await envoy!.stat(`${ldsStat}.update_rejected`), rejectedBefore + 1, 'rejected exactly once');

      // Back to one listener: the second goes away.
      set({ app: 'green' });
      await ackedCurrent(TypeUrl.Listener);
      await waitFor('the second listener to close', async () => ((await get('/app', second).then(() => false, () => true)) ? true : undefined), { timeoutMs: APPLY_MS });
    });

    test('a listener rejected next to a valid new one is not sent again when another listener changes; the valid one keeps serving', async (t) => {
      const ldsStat = 'listener_manager.lds';
      const rejectedBefore = await envoy!.stat(`${ldsStat}.update_rejected`);
      const nackBefore = proxyType(TypeUrl.Listener)?.lastNack?.at;
      const side = await freePort(address);
      const dup = { name: 'http-dup', port };
      assert.equal(set({ app: 'green', extraListeners: [dup, { name: 'http-side', port: side }] }), true);

      const status = await nackedSince(TypeUrl.Listener, nackBefore);
      const nack = status.lastNack;
      t.diagnostic(`${adsMode} LDS partial NACK: ${JSON.stringify(nack?.message ?? '')}`);
      assert.deepEqual(nack?.rejected, ['http-dup'], 'only the listener Envoy names is taken as rejected');
      await waitFor('Envoy to count the LDS rejection', async () => ((await envoy!.stat(`${ldsStat}.update_rejected`)) > rejectedBefore ? true : undefined), { timeoutMs: APPLY_MS });
      await until('the valid new listener to serve despite the NACK', '/app', 'green', side);

      // Another listener changes while the rejected one is still configured: http-side moves to routes-alt (/app → blue).
      const sentBefore = proxyType(TypeUrl.Listener)?.sentNonce;
      assert.equal(set({ app: 'green', extraListeners: [dup, { name: 'http-side', port: side, alt: true }] }), true);
      await until('the changed listener to be applied', '/app', 'blue', side);
      await ackedSentAfter(TypeUrl.Listener, sentBefore);
      assert.equal(proxyType(TypeUrl.Listener)?.lastNack?.at, nack?.at, 'no new NACK');
      assert.equal(await envoy!.stat(`${ldsStat}.update_rejected`), rejectedBefore + 1, 'the rejected listener was not sent again');
      for (let i = 0; i < 3; i++) assert.deepEqual(await get('/app'), { status: 200, backend: 'green' }, 'the first listener keeps serving');
      await expectNotResent(TypeUrl.Listener, `${ldsStat}.update_attempt`);
      assert.deepEqual(await get('/app', side), { status: 200, backend: 'blue' }, 'the valid listener Envoy applied was not deleted');
      assert.equal(await envoy!.stat(`${ldsStat}.update_rejected`), rejectedBefore + 1);

      // Back to one listener.
      set({ app: 'green' });
      await ackedCurrent(TypeUrl.Listener);
      await waitFor('the side listener to close', async () => ((await get('/app', side).then(() => false, () => true)) ? true : undefined), { timeoutMs: APPLY_MS });
      assert.equal(await envoy!.stat(`${ldsStat}.update_rejected`), rejectedBefore + 1);
    });

    test('a cluster rejected next to a valid new one is not sent again when another cluster changes; the valid one keeps serving', async (t) => {
      const cdsStat = 'cluster_manager.cds';
      const rejectedBefore = await envoy!.stat(`${cdsStat}.update_rejected`);
      const nackBefore = proxyType(TypeUrl.Cluster)?.lastNack?.at;
      assert.equal(set({ app: 'green', fresh: true, brokenCluster: true }), true);

      const status = await nackedSince(TypeUrl.Cluster, nackBefore);
      const nack = status.lastNack;
      t.diagnostic(`${adsMode} CDS partial NACK: ${JSON.stringify(nack?.message ?? '')}`);
      assert.deepEqual(nack?.rejected, ['broken'], 'only the cluster Envoy names is taken as rejected');
      await waitFor('Envoy to count the CDS rejection', async () => ((await envoy!.stat(`${cdsStat}.update_rejected`)) > rejectedBefore ? true : undefined), { timeoutMs: APPLY_MS });
      await until('the valid new cluster to serve despite the NACK', '/new', 'fresh');

      // Another cluster changes while the rejected one is still configured.
      const sentBefore = proxyType(TypeUrl.Cluster)?.sentNonce;
      assert.equal(set({ app: 'green', fresh: true, brokenCluster: true, greenTimeout: 7 }), true);
      await ackedSentAfter(TypeUrl.Cluster, sentBefore);
      await waitFor('the changed cluster to be applied', async () => {
        const clusters = (await envoy!.configDump('dynamic_active_clusters')) as { cluster?: { name?: string; connect_timeout?: string } }[];
        return clusters.find((c) => c.cluster?.name === 'green')?.cluster?.connect_timeout === '7s' ? true : undefined;
      }, { timeoutMs: APPLY_MS });
      assert.equal(proxyType(TypeUrl.Cluster)?.lastNack?.at, nack?.at, 'no new NACK');
      assert.equal(await envoy!.stat(`${cdsStat}.update_rejected`), rejectedBefore + 1, 'the rejected cluster was not sent again');
      await expectNotResent(TypeUrl.Cluster, `${cdsStat}.update_attempt`);
      assert.deepEqual(await get('/new'), { status: 200, backend: 'fresh' }, 'the valid cluster Envoy applied was not deleted');
      assert.deepEqual(await get('/app'), { status: 200, backend: 'green' });
      const active = JSON.stringify(await envoy!.configDump('dynamic_active_clusters'));
      assert.ok(!active.includes('"name":"broken"'), 'the rejected cluster never became active');

      // Back to the base shape.
      set({ app: 'green' });
      await ackedCurrent(TypeUrl.Cluster);
      await ackedCurrent(TypeUrl.RouteConfiguration);
      assert.equal(await envoy!.stat(`${cdsStat}.update_rejected`), rejectedBefore + 1);
    });

    test('make-before-break: adding and removing a cluster with its route under traffic gives no 503', async (t) => {
      set({ app: 'green' });
      await until('/app on green', '/app', 'green');
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      const results: Array<Answer & { path: string; phase: number }> = [];
      const errors: string[] = [];
      let phase = 0; // 0 before the add, 1 after the add was pushed, 2 after the removal was pushed
      let stop = false;
      const MAX_REQUESTS = 2000;
      const deadline = Date.now() + 3 * APPLY_MS;
      const worker = async (n: number): Promise<void> => {
        for (let i = 0; !stop && results.length < MAX_REQUESTS && Date.now() < deadline; i++) {
          const p = (i + n) % 2 === 0 ? '/app' : '/new';
          const at = phase;
          try {
            results.push({ ...(await requestVia(agent, `http://${address}:${port}${p}`)), path: p, phase: at });
          } catch (err) {
            errors.push(`${p}: ${(err as Error).message}`);
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      const count = (pred: (r: Answer & { path: string; phase: number }) => boolean): number => results.filter(pred).length;
      const whenResults = (what: string, pred: () => boolean): Promise<true> =>
        waitFor(what, () => (pred() ? true : undefined), { timeoutMs: APPLY_MS, intervalMs: 10 });
      const started = Date.now();
      try {
        await whenResults('traffic before the update', () => results.length >= 100);
        phase = 1;
        assert.equal(set({ app: 'green', fresh: true }), true);
        await whenResults('/new to reach the fresh backend', () => count((r) => r.path === '/new' && r.backend === 'fresh') >= 100);
        const addedAt = results.length;
        phase = 2;
        assert.equal(set({ app: 'green' }), true);
        await whenResults('/new to be gone again', () => results.slice(addedAt).filter((r) => r.path === '/new' && r.status === 404).length >= 100);
        await whenResults('enough traffic overall', () => results.length >= 400);
      } finally {
        stop = true;
        await Promise.all(workers);
        agent.destroy();
      }
      const elapsed = Date.now() - started;

      assert.deepEqual(errors, [], 'no request failed at the network level');
      const unexpected = results.filter((r) => !(r.status === 200 || (r.path === '/new' && r.status === 404)));
      assert.deepEqual(unexpected.slice(0, 5), [], `no 503 or other error during the updates (${unexpected.length} of ${results.length})`);
      assert.equal(count((r) => r.path === '/app' && r.backend !== 'green'), 0, '/app stays on green throughout');
      assert.equal(count((r) => r.path === '/new' && r.status === 200 && r.backend !== 'fresh'), 0, '/new only ever reaches the fresh backend');
      assert.equal(count((r) => r.path === '/new' && r.phase === 0 && r.status !== 404), 0, '/new is not routed before the update');
      assert.ok(results.length >= 400);
      await ackedCurrent(TypeUrl.Cluster);
      await ackedCurrent(TypeUrl.RouteConfiguration);
      const clusters = JSON.stringify(await envoy!.configDump('dynamic_active_clusters'));
      assert.ok(!clusters.includes('"name":"fresh"'), 'the fresh cluster was removed from Envoy');
      t.diagnostic(`${adsMode}: ${results.length} requests in ${elapsed} ms across the add and the removal, none failed`);
    });
  });
}
