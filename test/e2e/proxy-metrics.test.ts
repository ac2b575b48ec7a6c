/**
 * Host infrastructure: each Gateway's Envoy serves its own stats in Prometheus' text format on
 * its metrics port (GET /stats/prometheus), and nothing else of its admin interface there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { DEFAULT_PROXY_METRICS_PORT } from '../../src/infra/bootstrap';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { PIER_GATEWAY_CLASS, httpGatewayManifests, webServiceManifests } from '../helpers/manifests';
import { parsePrometheusText, samplesOf, type PromFamily } from '../helpers/prometheus';

const ADDRESS = '127.0.0.111';
const REQUESTS = 7;

interface InfraEntry { gateway: string; pid: number; adminAddress: string | null; metricsAddress: string | null }

test('a Gateway\'s Envoy serves its request counters on the metrics port, parsed by Prometheus\' parser, and no admin endpoint there', async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-proxy-metrics-'));
  const backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await backend.listen('127.0.0.1', 0);
  const port = await freePort(ADDRESS);
  writeFileSync(path.join(dir, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${httpGatewayManifests('edge', ADDRESS, port, 'web')}${webServiceManifests(backendPort)}`);
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
