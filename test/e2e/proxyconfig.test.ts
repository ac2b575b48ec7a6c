/**
 * ProxyConfig in host infrastructure: the GatewayClass's (defaults) and the Gateway's own
 * (wins field by field) reach the Envoy Pier launches: its log level and worker threads (its
 * admin /server_info), its stats matcher and tags and its metrics port (scraped with Prometheus'
 * parser). An edit restarts the Envoy with the new settings; a missing ProxyConfig keeps the
 * Gateway from being served (Accepted=False, InvalidParameters).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { httpGatewayManifests, webServiceManifests } from '../helpers/manifests';
import { parsePrometheusText } from '../helpers/prometheus';

const ADDRESS = '127.0.0.112';

interface InfraEntry { gateway: string; pid: number; adminAddress: string | null; metricsAddress: string | null }
interface ServerInfo { command_line_options?: { concurrency?: number; log_level?: string } }
interface StatusEntry { kind: string; name: string; status: { conditions?: { type: string; status: string; reason: string; message: string }[] } }

function classAndConfigs(gatewayLogLevel: string, metricsPort: number): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: { name: pier }
spec:
  controllerName: pier.dev/gateway-controller
  parametersRef: { group: gateway.pier.dev, kind: ProxyConfig, name: defaults, namespace: default }
---
apiVersion: gateway.pier.dev/v1alpha1
kind: ProxyConfig
metadata: { name: defaults, namespace: default }
spec:
  logLevel: info
  concurrency: 3
  stats: { tags: [{ name: tier, value: edge }] }
---
apiVersion: gateway.pier.dev/v1alpha1
kind: ProxyConfig
metadata: { name: edge, namespace: default }
spec:
  logLevel: ${gatewayLogLevel}
  stats: { inclusionPrefixes: [http.] }
  metrics: { port: ${metricsPort} }
---
`;
}

test('a Gateway\'s ProxyConfig over its class\'s: log level, concurrency, stats matcher and tags, metrics port on the running Envoy; an edit restarts it; a missing one is InvalidParameters', async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-proxyconfig-'));
  const backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await backend.listen('127.0.0.1', 0);
  const port = await freePort(ADDRESS);
  const metricsPort = await freePort(ADDRESS);
  const gateway = httpGatewayManifests('edge', ADDRESS, port, 'web')
    .replace('listeners: [{ name: http, protocol: HTTP, port: ', 'infrastructure: { parametersRef: { group: gateway.pier.dev, kind: ProxyConfig, name: edge } }\n  listeners: [{ name: http, protocol: HTTP, port: ');
  assert.match(gateway, /parametersRef/);
  const write = (logLevel: string, extra = ''): void => writeFileSync(path.join(dir, 'all.yaml'), `${classAndConfigs(logLevel, metricsPort)}${gateway}${webServiceManifests(backendPort)}${extra}`);
  write('debug');
  const pier = await PierProcess.start({ config: { resources: dir, envoy: 'auto' } });
  const serving = async (): Promise<true | undefined> => ((await httpRequest(`http://${ADDRESS}:${port}/`).catch(() => undefined))?.status === 200 ? true : undefined);
  const serverInfo = async (admin: string): Promise<ServerInfo> => JSON.parse((await httpRequest(`http://${admin}/server_info`)).body) as ServerInfo;
  try {
    await waitFor('the Gateway to serve', serving, { timeoutMs: 30_000 });
    const [first] = await pier.admin<InfraEntry[]>('/infra');
    assert.equal(first.metricsAddress, `${ADDRESS}:${metricsPort}`, 'the Gateway\'s metrics port');
    const info = await serverInfo(first.adminAddress!);
    assert.equal(info.command_line_options?.concurrency, 3, 'the class\'s concurrency');
    assert.equal(info.command_line_options?.log_level, 'debug', 'the Gateway\'s log level over the class\'s');

    // Only the stats under http. are kept (the matcher), each with the class's fixed tag.
    for (let i = 0; i < 3; i++) assert.equal((await httpRequest(`http://${ADDRESS}:${port}/n${i}`)).status, 200);
    const families = await waitFor('the requests on the metrics port', async () => {
      const r = await httpRequest(`http://${first.metricsAddress}/stats/prometheus`).catch(() => undefined);
      if (r?.status !== 200) return undefined;
      const parsed = parsePrometheusText(r.body);
      const total = parsed.find((f) => f.name === 'envoy_http_downstream_rq_total')?.samples.reduce((n, s) => n + (s.value ?? 0), 0) ?? 0;
      return total >= 3 ? parsed : undefined;
    }, { timeoutMs: 20_000, intervalMs: 250 });
    const names = families.map((f) => f.name);
    assert.ok(names.every((n) => n.startsWith('envoy_http_')), `only http. stats: ${names.filter((n) => !n.startsWith('envoy_http_')).join(', ')}`);
    assert.ok(!names.some((n) => n.startsWith('envoy_cluster_')), 'no cluster stats kept');
    const downstream = families.find((f) => f.name === 'envoy_http_downstream_rq_total')!;
    assert.ok(downstream.samples.every((s) => s.labels.tier === 'edge'), `the class's tag on every stat: ${JSON.stringify(downstream.samples)}`);

    // An edit of the Gateway's ProxyConfig: its Envoy starts over with the new log level.
    write('warning');
    const restarted = await waitFor('the Envoy restarted with the new settings', async () => {
      const [p] = await pier.admin<InfraEntry[]>('/infra');
      if (!p?.adminAddress || p.pid === first.pid) return undefined;
      const next = await serverInfo(p.adminAddress).catch(() => undefined);
      return next?.command_line_options?.log_level === 'warning' ? next : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    assert.equal(restarted.command_line_options?.concurrency, 3);
    await waitFor('the restarted Envoy to serve', serving, { timeoutMs: 30_000 });

    // A Gateway naming a ProxyConfig that does not exist is not accepted, and not served.
    const missingPort = await freePort(ADDRESS);
    write('warning', `---\n${httpGatewayManifests('orphan', ADDRESS, missingPort, 'orphan-route')
      .replace('listeners: [{ name: http, protocol: HTTP, port: ', 'infrastructure: { parametersRef: { group: gateway.pier.dev, kind: ProxyConfig, name: nope } }\n  listeners: [{ name: http, protocol: HTTP, port: ')}`);
    const accepted = await waitFor('the orphan Gateway\'s status', async () => {
      const statuses = await pier.admin<StatusEntry[]>('/statuses');
      return statuses.find((s) => s.kind === 'Gateway' && s.name === 'orphan')?.status.conditions?.find((c) => c.type === 'Accepted');
    }, { timeoutMs: 20_000 });
    assert.deepEqual({ status: accepted.status, reason: accepted.reason }, { status: 'False', reason: 'InvalidParameters' });
    assert.match(accepted.message, /ProxyConfig default\/nope .*does not exist/);
    assert.deepEqual((await pier.admin<InfraEntry[]>('/infra')).map((p) => p.gateway), ['default/edge'], 'no Envoy for it');
  } finally {
    assert.equal(await pier.stop(), 0);
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
