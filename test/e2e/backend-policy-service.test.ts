/**
 * BackendPolicy on a Service through the real `pier serve` CLI and a real Envoy: Service "web"
 * has three endpoints (127.0.28.1-3, answering with their address), Service "other" one; the
 * policy "sticky" on web balances by a ring hash of x-user.
 * - routes a and b (no policy of their own) both reach web through its plain cluster, which
 *   carries the Service's policy: one x-user value reaches one endpoint whichever route it comes by;
 * - route c has a policy of its own (RoundRobin): its rule to web still hashes (the Service's
 *   policy is the more specific, GEP-713's Gateway > Route > Backend), its rule to "other" is on
 *   a cluster of the route policy's own;
 * - statuses: one ancestor per Gateway whose routes reach the Service (gw, and gw2 which has no
 *   Envoy here), none for a Service no route uses, TargetNotFound for a Service that does not exist;
 * - the admin API's /policies lists the Service's policy.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import type { PierProcess } from '../helpers/pier';
import { closing, serviceAt, startPierAndEnvoy, stopPierAndEnvoy, tempDirs, type PierAndEnvoy } from './features/pier-envoy';
import { gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.127';
const ENDPOINTS = ['127.0.28.1', '127.0.28.2', '127.0.28.3'];
const OTHER = '127.0.28.4';
const READY_TIMEOUT_MS = 30_000;

function policy(name: string, target: Record<string, string>, spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [target], ...spec },
  };
}

const toRule = (prefix: string, backend: string): Record<string, unknown> => ({ matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: backend, port: 80 }] });

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { group?: string; kind?: string; name: string }; controllerName: string; conditions: Condition[] }[] };
}

describe('BackendPolicy on a Service through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let run: PierAndEnvoy;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(req.socket.localAddress ?? '');
  };
  const servers = [...ENDPOINTS, OTHER].map(() => http.createServer(handler));
  const get = (p: string, user: string): Promise<HttpResult> => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 20_000, headers: { 'x-user': user } });
  const cluster = (backend: string, policyName: string): string => `cluster.${NAMESPACE}/${backend}/80/backendpolicy/${NAMESPACE}/${policyName}`;
  /** The Service's own cluster, which carries its policy. */
  const plain = (backend: string): string => `cluster.${NAMESPACE}/${backend}/80`;

  before(async () => {
    requireEnvoy();
    run = tempDirs('backendpolicy-svc');
    port = await freePort(GATEWAY_ADDRESS);
    const endpointPort = await freePort(ENDPOINTS[0]);
    await Promise.all(servers.map((server, i) => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(endpointPort, [...ENDPOINTS, OTHER][i], resolve);
    })));
    writeFileSync(path.join(run.dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('gw', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      gateway('gw2', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port: await freePort(GATEWAY_ADDRESS) }]),
      ...serviceAt('web', ENDPOINTS, endpointPort),
      ...serviceAt('other', [OTHER], endpointPort),
      ...serviceAt('unused', [OTHER], endpointPort),
      route('HTTPRoute', 'a', 'gw', { rules: [toRule('/a', 'web')] }),
      route('HTTPRoute', 'b', 'gw', { rules: [toRule('/b', 'web')] }),
      route('HTTPRoute', 'c', 'gw', { rules: [toRule('/c/web', 'web'), toRule('/c/other', 'other')] }),
      route('HTTPRoute', 'd', 'gw2', { rules: [toRule('/d', 'web')] }),
    ]));
    const svc = (name: string): Record<string, string> => ({ group: '', kind: 'Service', name });
    writeFileSync(path.join(run.dir, 'policies.yaml'), manifest([
      policy('sticky', svc('web'), { loadBalancer: { type: 'RingHash', consistentHash: { type: 'Header', header: { name: 'x-user' } } } }),
      policy('route-c', { group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'c' }, { loadBalancer: { type: 'RoundRobin' } }),
      policy('unused', svc('unused'), { circuitBreaker: { maxConnections: 1 } }),
      policy('ghost', svc('ghost'), { circuitBreaker: { maxConnections: 1 } }),
    ]));
    ({ pier, envoy } = await startPierAndEnvoy(run, 'gw'));
    await waitFor('the policies\' clusters with their endpoints', async () => {
      if ((await envoy.stat(`${plain('web')}.membership_healthy`).catch(() => undefined)) !== 3) return undefined;
      if ((await envoy.stat(`${cluster('other', 'route-c')}.membership_healthy`).catch(() => undefined)) !== 1) return undefined;
      for (const p of ['/a', '/b', '/c/web', '/c/other']) if ((await get(p, 'probe').catch(() => undefined))?.status !== 200) return undefined;
      return true;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    assert.equal(await stopPierAndEnvoy(run, servers.map(closing)), 0, 'pier exits cleanly on SIGTERM');
  });

  test('every route to the Service hashes x-user: one value, one endpoint, by any route; the route policy does not replace it', async () => {
    const reached = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const bodies = new Set<string>();
      for (const p of ['/a', '/b', '/c/web', '/a', '/b', '/c/web']) {
        const r = await get(p, `user-${k}`);
        assert.equal(r.status, 200);
        bodies.add(r.body);
      }
      assert.equal(bodies.size, 1, `user-${k} reached ${[...bodies].join(', ')}`);
      reached.add([...bodies][0]!);
    }
    assert.ok(reached.size >= 2, 'twenty values reach more than one endpoint');
    assert.ok(await envoy.stat(`${plain('web')}.upstream_rq_total`) >= 120, 'all through the Service\'s cluster');
  });

  test('the route policy applies to the route\'s other backend', async () => {
    const r = await get('/c/other', 'x');
    assert.equal(r.body, OTHER);
    assert.ok(await envoy.stat(`${cluster('other', 'route-c')}.upstream_rq_total`) >= 1);
    const dump = await envoy.configDump('dynamic_active_clusters') as { cluster: { name: string; lb_policy?: string } }[];
    const names = dump.map((c) => c.cluster.name).filter((n) => n.includes('/web/') || n.includes('/other/')).sort();
    assert.deepEqual(names, [`${NAMESPACE}/other/80/backendpolicy/${NAMESPACE}/route-c`, `${NAMESPACE}/web/80`]);
    assert.equal(dump.find((c) => c.cluster.name === `${NAMESPACE}/web/80`)?.cluster.lb_policy, 'RING_HASH', 'the Service\'s cluster carries its policy');
  });

  test('statuses: an ancestor per Gateway reaching the Service; none when no route uses it; TargetNotFound when it does not exist', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const of = (name: string): PolicyStatusEntry | undefined => statuses.find((e) => e.kind === 'BackendPolicy' && e.name === name);
    const sticky = of('sticky');
    assert.deepEqual(sticky?.status.ancestors.map((a) => [a.ancestorRef.kind, a.ancestorRef.name, a.controllerName]), [['Gateway', 'gw', CONTROLLER], ['Gateway', 'gw2', CONTROLLER]]);
    for (const a of sticky!.status.ancestors) {
      const c = a.conditions.find((x) => x.type === 'Accepted');
      assert.deepEqual([c?.status, c?.reason, c?.observedGeneration], ['True', 'Accepted', 1]);
    }
    assert.equal(of('unused'), undefined, 'no Gateway reaches Service unused: no ancestor to report');
    const ghost = of('ghost')?.status.ancestors ?? [];
    assert.deepEqual(ghost.map((a) => [a.ancestorRef.group, a.ancestorRef.kind, a.ancestorRef.name]), [['', 'Service', 'ghost']]);
    assert.deepEqual([ghost[0]!.conditions[0]!.status, ghost[0]!.conditions[0]!.reason], ['False', 'TargetNotFound']);
  });

  test('/policies shows the Service\'s policy beside the rules\'', async () => {
    type View = { gateway: string; rules: { rule: string; backend?: { policy: string } }[]; services?: { service: string; backend?: { policy: string; target: string; settings: unknown } }[] };
    const view = await pier.admin<{ gateways: View[] }>('/policies');
    const gw = view.gateways.find((g) => g.gateway === `${NAMESPACE}/gw`);
    assert.deepEqual(gw?.services, [{ service: `${NAMESPACE}/web`, backend: {
      policy: `BackendPolicy ${NAMESPACE}/sticky`, target: `Service ${NAMESPACE}/web`, settings: { loadBalancer: { type: 'ringHash', hashOn: { type: 'header', name: 'x-user' } } },
    } }], JSON.stringify(view));
    assert.deepEqual(gw?.rules.map((r) => [r.rule, r.backend?.policy]).sort(), [[`HTTPRoute ${NAMESPACE}/c rule 0`, `BackendPolicy ${NAMESPACE}/route-c`], [`HTTPRoute ${NAMESPACE}/c rule 1`, `BackendPolicy ${NAMESPACE}/route-c`]]);
  });
});
