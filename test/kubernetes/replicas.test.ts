/**
 * Two replicas, one truth (issue 23, scenario 6): two Pier replicas following the same cluster
 * compute the same resources under the same versions, so an Envoy whose xDS stream moves from
 * one replica to the other (its connection cut, as when the pod behind the Service goes away)
 * is sent nothing it already holds: none of its update_success counters moves, and the second
 * replica shows it holding the versions the first had sent. Over Delta it says what it holds
 * with `initial_resource_versions`; over SotW its last `version_info` per type does: for LDS and
 * CDS the version of the whole set, for RDS and EDS a digest of the (name, version) pairs it
 * holds (src/xds/server/held.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap, type AdsMode } from '../../src/infra/bootstrap';
import type { ProxyInfo } from '../../src/xds/server/registry';
import { EnvoyProxy } from '../helpers/envoy';
import { freePort, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { startControlPlane, type ControlPlane } from './harness';
import { createGatewaySetup, GATEWAY_API } from './objects';
import { TcpGate } from './tcp-gate';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'twin';
const GATEWAY = `${NS}/edge`;

/** What the proxy holds per type, as a replica saw it acknowledged; undefined until every type is acknowledged and nothing is in flight. */
function heldVersions(proxies: ProxyInfo[], nodeId: string): Record<string, string> | undefined {
  const proxy = proxies.find((p) => p.nodeId === nodeId);
  if (!proxy || proxy.types.length < 4 || proxy.types.some((t) => t.awaitingAck || !t.ackedVersion)) return undefined;
  return Object.fromEntries(proxy.types.map((t) => [t.typeUrl, t.ackedVersion as string]));
}

describe('two replicas, one truth: an Envoy moved from one replica to the other is sent nothing it holds', { timeout: 600_000 }, () => {
  let cp: ControlPlane;
  const replicas: PierProcess[] = [];
  let dir: string;

  before(async () => {
    cp = await startControlPlane({ controllerManager: false });
    const port = await freePort('127.0.0.1');
    await createGatewaySetup(cp.api, NS, CONTROLLER, [{ name: 'http', protocol: 'HTTP', port }]);
    await cp.api.create(`/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-1', labels: { 'kubernetes.io/service-name': 'web' } },
      addressType: 'IPv4', endpoints: [{ addresses: ['198.18.0.10'] }], ports: [{ port: 8080, protocol: 'TCP' }],
    });
    for (let i = 0; i < 20; i++) {
      await cp.api.create(`${GATEWAY_API}/namespaces/${NS}/httproutes`, {
        apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: `r${i}` },
        spec: { parentRefs: [{ name: 'edge' }], hostnames: [`r${i % 5}.example.com`], rules: [{ matches: [{ path: { type: 'PathPrefix', value: `/r${i}` } }], backendRefs: [{ name: 'web', port: 80 }] }] },
      });
    }
    for (let i = 0; i < 2; i++) {
      replicas.push(await PierProcess.start({
        config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'off', leaderElectionNamespace: 'default', defaultGatewayAddress: '127.0.0.1' },
      }));
    }
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-twin-'));
  }, { timeout: 300_000 });

  after(async () => {
    await Promise.all(replicas.map((p) => p.stop()));
    await cp?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const mode of ['delta', 'sotw'] as AdsMode[]) {
    test(`${mode}: the same versions on both replicas; moved, Envoy is sent nothing (every update_success counter stays put)`, async () => {
      const [a, b] = replicas;
      const gate = await TcpGate.open(a.xdsPort);
      const envoyDir = mkdtempSync(path.join(dir, `${mode}-`));
      const nodeId = `envoy-${mode}`;
      const envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
        gateway: GATEWAY, nodeId, xdsHost: '127.0.0.1', xdsPort: gate.port, adsMode: mode, adminAddress: '127.0.0.1', adminPort: 0,
      }));
      try {
        const onA = await waitFor('Envoy to hold every type from replica A', async () => heldVersions(await a.admin<ProxyInfo[]>('/proxies'), nodeId), { timeoutMs: 30_000, intervalMs: 100 });
        await waitFor('Envoy to have the 20 routes', async () => (JSON.stringify(await envoy.configDump('dynamic_route_configs')).includes('/r19') ? true : undefined), { timeoutMs: 10_000 });
        // update_attempt counts requests (a new stream makes some); update_success counts responses taken.
        const counters = async (): Promise<Record<string, number>> => Object.fromEntries(await envoy.stats('update_(success|rejected)$'));
        const before = await counters();
        // Every type counted: LDS, CDS, RDS (per route configuration) and EDS (per cluster).
        for (const counter of [/^listener_manager\.lds\.update_success$/, /^cluster_manager\.cds\.update_success$/, /^http\..+\.rds\..+\.update_success$/, /^cluster\..+\.update_success$/]) {
          assert.ok(Object.entries(before).some(([name, v]) => counter.test(name) && v > 0), `Envoy counted ${String(counter)}: ${JSON.stringify(before)}`);
        }

        gate.retarget(b.xdsPort);
        const onB = await waitFor('Envoy to hold every type on replica B', async () => heldVersions(await b.admin<ProxyInfo[]>('/proxies'), nodeId), { timeoutMs: 30_000, intervalMs: 100 });
        assert.deepEqual(onB, onA, 'replica B sees Envoy holding the versions replica A sent: the same resources under the same versions');
        // Anything B sent would show in Envoy's counters by now (B saw every type acknowledged or held).
        assert.deepEqual(await counters(), before, 'nothing re-sent: Envoy\'s update counters are unchanged');
        assert.deepEqual(await a.admin<ProxyInfo[]>('/proxies').then((list) => list.filter((p) => p.nodeId === nodeId)), [], 'the stream left replica A');
      } finally {
        await envoy.stop();
        await gate.close();
      }
    });
  }
});
