/**
 * A Gateway-wide BackendPolicy through the real `pier serve` CLI and a real Envoy: the policy
 * (maxParallelRequests 1) is on the backends' plain clusters, not on clusters of its own.
 * - rule "wide" reaches Service echo through its plain cluster, which carries the limit: a second
 *   request while one is held gets Envoy's overflow 503;
 * - rule "own" has a policy of its own (maxParallelRequests 5): the same Service through a
 *   cluster of that policy's own, not limited to one;
 * - Service shared is also a TCPRoute's backend: its plain cluster stays without the policy (the
 *   TCP traffic is not limited), and rule "shared" reaches it through the policy's own cluster;
 * - the policy removed: the plain cluster has no limit again, under the same name.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { closing, startPierAndEnvoy, stopPierAndEnvoy, tempDirs, type PierAndEnvoy } from './features/pier-envoy';
import { backend, gateway, gatewayClass, manifest, route, NAMESPACE } from './features/resources';
import { HeldRequests } from './features/held';

const GATEWAY_ADDRESS = '127.0.0.131';
const READY_TIMEOUT_MS = 30_000;

function policy(name: string, target: Record<string, string>, maxParallelRequests: number): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [target], circuitBreaker: { maxParallelRequests } },
  };
}

const GATEWAY_WIDE = policy('wide', { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'gw' }, 1);
const RULE_OWN = policy('own', { group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'app', sectionName: 'own' }, 5);

function rule(name: string, backendName: string): Record<string, unknown> {
  return { name, matches: [{ path: { type: 'PathPrefix', value: `/${name}` } }], backendRefs: [{ name: backendName, port: 80 }] };
}

interface DumpedCluster { cluster: { name: string; circuit_breakers?: { thresholds?: { max_requests?: number }[] } } }

describe('A Gateway-wide BackendPolicy on the plain clusters, through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let run: PierAndEnvoy;
  let envoy: EnvoyProxy;
  let port: number;
  let tcpPort: number;
  const requests = new HeldRequests();
  const echo = http.createServer((req, res) => {
    if (requests.arrived(req).endsWith('/hold')) requests.hold(res);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  const release = (): void => requests.release();
  const get = (p: string, at = port): Promise<HttpResult> => httpRequest(`http://${GATEWAY_ADDRESS}:${at}${p}`, { timeoutMs: 20_000 });
  const arrived = (p: string, n: number): Promise<true> => requests.until(p, n);
  /** The clusters of Services echo and shared, by name -> their max_requests (null: no circuit breaker). */
  const limits = async (): Promise<Record<string, number | null>> => {
    const dump = await envoy.configDump('dynamic_active_clusters') as DumpedCluster[];
    const out: Record<string, number | null> = {};
    for (const { cluster } of dump) {
      if (cluster.name.includes('/echo/') || cluster.name.includes('/shared/')) out[cluster.name] = cluster.circuit_breakers?.thresholds?.[0]?.max_requests ?? null;
    }
    return out;
  };
  const writePolicies = (policies: Record<string, unknown>[]): void => writeFileSync(path.join(run.dir, 'policies.yaml'), manifest(policies));

  before(async () => {
    requireEnvoy();
    run = tempDirs('backendpolicy-gw');
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    port = await freePort(GATEWAY_ADDRESS);
    tcpPort = await freePort(GATEWAY_ADDRESS);
    writeFileSync(path.join(run.dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('gw', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }, { name: 'tcp', protocol: 'TCP', port: tcpPort }]),
      ...backend('echo', echoPort),
      ...backend('shared', echoPort),
      route('HTTPRoute', 'app', 'gw', { parentRefs: [{ name: 'gw', sectionName: 'http' }], rules: [rule('wide', 'echo'), rule('own', 'echo'), rule('shared', 'shared')] }),
      route('TCPRoute', 'db', 'gw', { parentRefs: [{ name: 'gw', sectionName: 'tcp' }], rules: [{ backendRefs: [{ name: 'shared', port: 80 }] }] }),
    ]));
    writePolicies([GATEWAY_WIDE, RULE_OWN]);
    ({ envoy } = await startPierAndEnvoy(run, 'gw'));
    await waitFor('the clusters and routes', async () => {
      if (Object.keys(await limits().catch(() => ({}))).length !== 4) return undefined;
      for (const p of ['/wide/ready', '/own/ready', '/shared/ready']) if ((await get(p).catch(() => undefined))?.status !== 200) return undefined;
      return (await get('/tcp/ready', tcpPort).catch(() => undefined))?.status === 200 || undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    release();
    assert.equal(await stopPierAndEnvoy(run, [closing(echo)]), 0, 'pier exits cleanly on SIGTERM');
  });

  test('the plain cluster carries the Gateway\'s policy; a rule\'s own policy and a backend a TCP route shares get clusters of their own', async () => {
    assert.deepEqual(await limits(), {
      [`${NAMESPACE}/echo/80`]: 1,
      [`${NAMESPACE}/echo/80/backendpolicy/${NAMESPACE}/own`]: 5,
      [`${NAMESPACE}/shared/80`]: null,
      [`${NAMESPACE}/shared/80/backendpolicy/${NAMESPACE}/wide`]: 1,
    });
  });

  test('the Gateway\'s limit holds on the plain cluster; the rule with its own policy is not limited to one', async () => {
    const first = get('/wide/hold');
    await arrived('/wide/hold', 1);
    const second = await get('/wide/hold');
    assert.equal(second.status, 503, second.body);
    assert.equal(second.headers['x-envoy-overloaded'], 'true', JSON.stringify(second.headers));
    assert.ok(await envoy.stat(`cluster.${NAMESPACE}/echo/80.upstream_rq_active_overflow`) >= 1, 'counted on the plain cluster');
    const own = [get('/own/hold'), get('/own/hold')];
    await arrived('/own/hold', 2);
    release();
    for (const r of [await first, ...(await Promise.all(own))]) assert.equal(r.status, 200);
  });

  test('the TCP route\'s traffic to the shared backend is not limited', async () => {
    const both = [get('/tcp/hold', tcpPort), get('/tcp/hold', tcpPort)];
    await arrived('/tcp/hold', 2);
    release();
    for (const r of await Promise.all(both)) assert.equal(r.status, 200);
  });

  test('the policy removed: the plain clusters have no limit again, under the same names', async () => {
    writePolicies([RULE_OWN]);
    await waitFor('the clusters without the Gateway\'s policy', async () => {
      const now = await limits();
      return now[`${NAMESPACE}/echo/80`] === null && Object.keys(now).length === 3 ? now : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
    assert.deepEqual(await limits(), { [`${NAMESPACE}/echo/80`]: null, [`${NAMESPACE}/echo/80/backendpolicy/${NAMESPACE}/own`]: 5, [`${NAMESPACE}/shared/80`]: null });
    const both = [get('/wide/hold'), get('/wide/hold')];
    await arrived('/wide/hold', 3);
    release();
    for (const r of await Promise.all(both)) assert.equal(r.status, 200);
  });
});
