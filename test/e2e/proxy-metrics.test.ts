/**
 * Host infrastructure: each Gateway's Envoy serves its own stats in Prometheus' text format on
 * its metrics port (GET /stats/prometheus), and nothing else of its admin interface there. With
 * Pier's lean stats by default (src/infra/bootstrap.ts LEAN_STATS): a cluster's traffic stats
 * appear with its first request, the stats of features Pier never configures not at all; a
 * ProxyConfig's stats.full gives Envoy's own defaults back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { DEFAULT_PROXY_METRICS_PORT } from '../../src/infra/bootstrap';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { PIER_GATEWAY_CLASS, httpGatewayManifests, serviceManifests, webServiceManifests } from '../helpers/manifests';
import { parsePrometheusText, samplesOf, type PromFamily } from '../helpers/prometheus';

const ADDRESS = '127.0.0.111';
const FULL_ADDRESS = '127.0.0.113';
const REQUESTS = 7;

interface InfraEntry { gateway: string; pid: number; adminAddress: string | null; metricsAddress: string | null }

/** Service "idle" and a route to it at /idle that no request takes: a cluster with no traffic. */
function idleBackendManifests(gateway: string, backendPort: number): string {
  return `---
${serviceManifests('idle', backendPort)}---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: idle, namespace: default }
spec:
  parentRefs: [{ name: ${gateway} }]
  rules: [{ matches: [{ path: { type: PathPrefix, value: /idle } }], backendRefs: [{ name: idle, port: 80 }] }]
`;
}

/** GET from the Envoy's admin interface (on loopback; the test reads what the metrics port hides). */
function adminText(admin: string, pathname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get(`http://${admin}${pathname}`, { agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

interface BootstrapDump { configs: { '@type': string; bootstrap?: {
  deferred_stat_options?: { enable_deferred_creation_stats?: boolean };
  stats_config?: { stats_matcher?: { exclusion_list?: { patterns: Record<string, string>[] } } };
  cluster_manager?: { enable_deferred_cluster_creation?: boolean };
} }[] }

/** The bootstrap the Envoy runs with, from its config_dump. */
async function runningBootstrap(admin: string): Promise<NonNullable<BootstrapDump['configs'][number]['bootstrap']>> {
  const dump = JSON.parse(await adminText(admin, '/config_dump')) as BootstrapDump;
  const bootstrap = dump.configs.find((c) => c['@type'].endsWith('BootstrapConfigDump'))?.bootstrap;
  assert.ok(bootstrap, 'the config_dump has the bootstrap');
  return bootstrap;
}

const clusterSamples = (families: PromFamily[], name: string, cluster: string) =>
  samplesOf(families, name).filter((s) => (s.labels.envoy_cluster_name ?? '').includes(cluster));

test('a Gateway\'s Envoy serves its request counters on the metrics port, parsed by Prometheus\' parser, and no admin endpoint there', async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-proxy-metrics-'));
  const backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await backend.listen('127.0.0.1', 0);
  const port = await freePort(ADDRESS);
  writeFileSync(path.join(dir, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${httpGatewayManifests('edge', ADDRESS, port, 'web')}${webServiceManifests(backendPort)}${idleBackendManifests('edge', backendPort)}`);
  const pier = await PierProcess.start({ config: { resources: dir, envoy: 'auto' } });
  try {
    await waitFor('the Gateway to serve', async () => ((await httpRequest(`http://${ADDRESS}:${port}/`).catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 30_000 });
    for (let i = 0; i < REQUESTS; i++) assert.equal((await httpRequest(`http://${ADDRESS}:${port}/n${i}`)).status, 200);

    const [proxy] = await pier.admin<InfraEntry[]>('/infra');
    assert.equal(proxy.metricsAddress, `${ADDRESS}:${DEFAULT_PROXY_METRICS_PORT}`, 'the default metrics port, on the Gateway\'s address');
    const metricsUrl = `http://${proxy.metricsAddress}`;

    // The counters of the Gateway's listener and of the route's cluster count the requests (Envoy counts a response once it is done).
    const counted = (families: PromFamily[], name: string, label: string, pick: (v: string) => boolean): number =>
      samplesOf(families, name).filter((s) => pick(s.labels[label] ?? '')).reduce((n, s) => n + (s.value ?? 0), 0);
    let seen = '';
    const families = await waitFor('the request counters on the metrics port', async () => {
      const r = await httpRequest(`${metricsUrl}/stats/prometheus`).catch((err: Error) => ({ status: 0, body: err.message }));
      seen = `${r.status}: ${JSON.stringify(r.body.split('\n').filter((l) => l.includes('downstream_rq_total')))}`;
      if (r.status !== 200) return undefined;
      const parsed = parsePrometheusText(r.body);
      const downstream = counted(parsed, 'envoy_http_downstream_rq_total', 'envoy_http_conn_manager_prefix', (p) => p.includes(String(port)));
      return downstream >= REQUESTS + 1 ? parsed : undefined;
    }, { timeoutMs: 20_000, intervalMs: 250 }).catch((err: Error) => { throw new Error(`${err.message}; last seen ${seen}`); });
    const family = families.find((f) => f.name === 'envoy_http_downstream_rq_total');
    assert.equal(family?.type, 'COUNTER');
    const upstream = counted(families, 'envoy_cluster_upstream_rq_total', 'envoy_cluster_name', (c) => c.includes('web'));
    assert.ok(upstream >= REQUESTS + 1, `the backend's cluster counts the requests: ${JSON.stringify(samplesOf(families, 'envoy_cluster_upstream_rq_total'))}`);
    assert.ok(counted(families, 'envoy_http_downstream_rq_xx', 'envoy_response_code_class', (c) => c === '2') >= REQUESTS + 1, 'responses by class');

    // Pier's lean stats: the running bootstrap says so; the idle cluster has its membership stats
    // but no traffic stats yet; no stat of a feature Pier never configures exists.
    const bootstrap = await runningBootstrap(proxy.adminAddress!);
    assert.equal(bootstrap.deferred_stat_options?.enable_deferred_creation_stats, true, 'deferred stat creation');
    assert.equal(bootstrap.cluster_manager?.enable_deferred_cluster_creation, true, 'workers make their copy of a cluster on first use');
    const excluded = bootstrap.stats_config?.stats_matcher?.exclusion_list?.patterns ?? [];
    assert.ok(excluded.some((p) => p.suffix === '.lb_zone_routing_sampled') && excluded.some((p) => p.contains === '.circuit_breakers.high.'), JSON.stringify(excluded));
    assert.equal(clusterSamples(families, 'envoy_cluster_membership_healthy', 'idle')[0]?.value, 1, 'the idle cluster\'s healthy endpoints');
    assert.deepEqual(clusterSamples(families, 'envoy_cluster_upstream_rq_total', 'idle'), [], 'no request counter for a cluster before its first request');
    assert.deepEqual(samplesOf(families, 'envoy_cluster_lb_zone_routing_sampled'), [], 'no zone-aware routing stats');
    assert.deepEqual(samplesOf(families, 'envoy_cluster_circuit_breakers_high_rq_open'), [], 'no HIGH-priority circuit breaker stats');
    assert.ok(clusterSamples(families, 'envoy_cluster_circuit_breakers_default_rq_open', 'web').length === 1, 'DEFAULT-priority circuit breakers kept');
    // Envoy merges histograms at its stats flush (every 5 s).
    await waitFor('the used cluster\'s request time histogram', async () => {
      const r = await httpRequest(`${metricsUrl}/stats/prometheus`);
      return (clusterSamples(parsePrometheusText(r.body), 'envoy_cluster_upstream_rq_time', 'web')[0]?.count ?? 0) >= REQUESTS ? true : undefined;
    }, { timeoutMs: 20_000, intervalMs: 500 });
    // The idle cluster's first request makes its traffic stats.
    assert.equal((await httpRequest(`http://${ADDRESS}:${port}/idle`)).status, 200);
    await waitFor('the idle cluster\'s request counter after its first request', async () => {
      const r = await httpRequest(`${metricsUrl}/stats/prometheus`);
      return (clusterSamples(parsePrometheusText(r.body), 'envoy_cluster_upstream_rq_total', 'idle')[0]?.value ?? 0) >= 1 ? true : undefined;
    }, { timeoutMs: 20_000, intervalMs: 250 });

    // Only GET /stats/prometheus: the admin interface stays out of reach.
    for (const [method, p] of [['POST', '/quitquitquit'], ['GET', '/config_dump'], ['GET', '/stats'], ['POST', '/healthcheck/fail'], ['POST', '/stats/prometheus'], ['GET', '/']]) {
      const r = await httpRequest(`${metricsUrl}${p}`, { method });
      assert.equal(r.status, 404, `${method} ${p} on the metrics port`);
    }
    const [after] = await pier.admin<InfraEntry[]>('/infra');
    assert.equal(after.pid, proxy.pid, 'the Envoy still runs');
    assert.equal((await httpRequest(`http://${ADDRESS}:${port}/still`)).status, 200, 'and serves');
  } finally {
    assert.equal(await pier.stop(), 0);
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a ProxyConfig\'s stats.full gives a Gateway\'s Envoy Envoy\'s own stats defaults: every stat from the start', async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-proxy-metrics-full-'));
  const backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await backend.listen('127.0.0.1', 0);
  const port = await freePort(FULL_ADDRESS);
  const gateway = httpGatewayManifests('full', FULL_ADDRESS, port, 'web')
    .replace('listeners: [{ name: http, protocol: HTTP, port: ', 'infrastructure: { parametersRef: { group: gateway.pier.dev, kind: ProxyConfig, name: all-stats } }\n  listeners: [{ name: http, protocol: HTTP, port: ');
  assert.match(gateway, /parametersRef/);
  const proxyConfig = `---
apiVersion: gateway.pier.dev/v1alpha1
kind: ProxyConfig
metadata: { name: all-stats, namespace: default }
spec: { stats: { full: true } }
`;
  writeFileSync(path.join(dir, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${gateway}${webServiceManifests(backendPort)}${idleBackendManifests('full', backendPort)}${proxyConfig}`);
  const pier = await PierProcess.start({ config: { resources: dir, envoy: 'auto' } });
  try {
    await waitFor('the Gateway to serve', async () => ((await httpRequest(`http://${FULL_ADDRESS}:${port}/`).catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 30_000 });
    const [proxy] = await pier.admin<InfraEntry[]>('/infra');
    const bootstrap = await runningBootstrap(proxy.adminAddress!);
    assert.equal(bootstrap.deferred_stat_options, undefined, 'no deferred stat creation');
    assert.equal(bootstrap.stats_config?.stats_matcher, undefined, 'no stats left out');
    assert.equal(bootstrap.cluster_manager?.enable_deferred_cluster_creation, true, 'not a stats setting: kept');
    const families = await waitFor('the idle cluster\'s stats on the metrics port', async () => {
      const r = await httpRequest(`http://${proxy.metricsAddress}/stats/prometheus`).catch(() => undefined);
      const parsed = r?.status === 200 ? parsePrometheusText(r.body) : [];
      return clusterSamples(parsed, 'envoy_cluster_membership_healthy', 'idle').length > 0 ? parsed : undefined;
    }, { timeoutMs: 20_000, intervalMs: 250 });
    assert.equal(clusterSamples(families, 'envoy_cluster_upstream_rq_total', 'idle')[0]?.value, 0, 'a request counter at zero before any request');
    assert.equal(clusterSamples(families, 'envoy_cluster_lb_zone_routing_sampled', 'idle')[0]?.value, 0, 'Envoy\'s zone-aware routing stats');
    assert.equal(clusterSamples(families, 'envoy_cluster_circuit_breakers_high_rq_open', 'idle')[0]?.value, 0, 'HIGH-priority circuit breakers');
  } finally {
    assert.equal(await pier.stop(), 0);
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
