/**
 * ClientPolicy through the real `pier serve` CLI and a real Envoy: one Gateway with a listener
 * per way of finding the client address, and one HTTPRoute (an echo backend that answers with the
 * request headers it got) whose rule "limited" has a RateLimitPolicy by source address
 * (203.0.113.0/24, one request a minute), so the detected address decides what is refused.
 * - xForwardedFor (one trusted hop): the address the trusted proxy appended is the client: the
 *   backend sees it as x-envoy-external-address, and the rate limit by CIDR counts it;
 * - customHeader (failClosed): the header's address is the client; without it, 403;
 * - a listener without a policy trusts no X-Forwarded-For: the connection's peer is the client;
 * - two listeners sharing a port with different settings: Conflicted naming the port, and
 *   neither setting applies there;
 * - statuses: Accepted with observedGeneration, TargetNotFound for a listener that does not exist.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { stopEnvoyPierBackend } from '../helpers/teardown';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.111';
const READY_TIMEOUT_MS = 30_000;
const CLIENT = '203.0.113.7';

function clientPolicy(name: string, sectionName: string, spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'clients', sectionName }], ...spec },
  };
}

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { kind?: string; name: string }; controllerName: string; conditions: Condition[] }[] };
}

describe('ClientPolicy through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  const ports = { xff: 0, header: 0, plain: 0, shared: 0 };
  // Answers with the request headers it got.
  const echo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));

  const get = (port: number, p: string, headers: Record<string, string> = {}): Promise<HttpResult> =>
    httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { headers, timeoutMs: 15_000 });
  const seen = async (port: number, headers: Record<string, string>, host?: string): Promise<Record<string, string>> => {
    const r = await get(port, '/echo', host ? { ...headers, host } : headers);
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body) as Record<string, string>;
  };
  const statuses = async (port: number, p: string, headers: Record<string, string>, n: number): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await get(port, p, headers)).status);
    return out;
  };

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-client-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-client-envoy-'));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort(GATEWAY_ADDRESS);
    const rule = (name: string, prefix: string): Record<string, unknown> => ({ name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }] });
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('clients', GATEWAY_ADDRESS, [
        { name: 'xff', protocol: 'HTTP', port: ports.xff },
        { name: 'header', protocol: 'HTTP', port: ports.header },
        { name: 'plain', protocol: 'HTTP', port: ports.plain },
        { name: 'shared-a', protocol: 'HTTP', port: ports.shared, hostname: 'a.example' },
        { name: 'shared-b', protocol: 'HTTP', port: ports.shared, hostname: 'b.example' },
      ]),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'app', 'clients', { rules: [rule('echo', '/echo'), rule('limited', '/limited')] }),
      {
        apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy',
        metadata: { name: 'by-source', namespace: NAMESPACE },
        spec: {
          targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'app', sectionName: 'limited' }],
          local: { rules: [{ limit: { requests: 1, unit: 'Minute' }, clients: { source: { cidr: '203.0.113.0/24', perAddress: true } } }] },
        },
      },
    ]));
    writeFileSync(path.join(dir, 'policies.yaml'), manifest([
      clientPolicy('one-hop', 'xff', { clientIPDetection: { xForwardedFor: { numTrustedHops: 1 } } }),
      clientPolicy('real-ip', 'header', { clientIPDetection: { customHeader: { name: 'X-Real-IP', failClosed: true } } }),
      clientPolicy('shared-a', 'shared-a', { clientIPDetection: { xForwardedFor: { numTrustedHops: 1 } } }),
      clientPolicy('shared-b', 'shared-b', { clientIPDetection: { xForwardedFor: { numTrustedHops: 2 } } }),
      clientPolicy('missing', 'nope', { clientIPDetection: { xForwardedFor: { numTrustedHops: 1 } } }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/clients`, nodeId: 'client-policy', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    // Every listener serves (the custom header one refuses a request without its header once its policy is there).
    await waitFor('the Gateway to serve with its policies', async () => {
      const ready = await Promise.all([
        seen(ports.xff, { 'x-forwarded-for': '198.51.100.1' }).then((h) => h['x-envoy-external-address'] === '198.51.100.1').catch(() => false),
        get(ports.header, '/echo').then((r) => r.status === 403).catch(() => false),
        get(ports.plain, '/echo').then((r) => r.status === 200).catch(() => false),
        get(ports.shared, '/echo', { host: 'a.example' }).then((r) => r.status === 200).catch(() => false),
      ]);
      return ready.every(Boolean) || undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await stopEnvoyPierBackend(envoy, pier, echo, [dir, envoyDir]);
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('one trusted X-Forwarded-For hop: the address the proxy appended is the client', async () => {
    const headers = await seen(ports.xff, { 'x-forwarded-for': `192.0.2.99, ${CLIENT}` });
    assert.equal(headers['x-envoy-external-address'], CLIENT, JSON.stringify(headers));
    // Envoy appends the connection's peer (the trusted proxy) after it.
    assert.match(headers['x-forwarded-for'] ?? '', new RegExp(`^192\\.0\\.2\\.99, ${CLIENT.replaceAll('.', '\\.')},[0-9.]+$`));
    // The rate limit by source address counts the detected client: one a minute for 203.0.113.7.
    assert.deepEqual(await statuses(ports.xff, '/limited', { 'x-forwarded-for': CLIENT }, 3), [200, 429, 429]);
    assert.deepEqual(await statuses(ports.xff, '/limited', { 'x-forwarded-for': '203.0.113.8' }, 2), [200, 429], 'another client, a bucket of its own');
    assert.deepEqual(await statuses(ports.xff, '/limited', {}, 3), [200, 200, 200], 'the connection\'s peer (the trusted proxy) is outside the CIDR');
  });

  test('a custom header: its address is the client; without it the request is refused (failClosed)', async () => {
    assert.deepEqual(await statuses(ports.header, '/limited', { 'x-real-ip': CLIENT }, 3), [200, 429, 429]);
    assert.deepEqual(await statuses(ports.header, '/limited', { 'x-real-ip': '203.0.113.20' }, 1), [200], 'another client, a bucket of its own');
    assert.equal((await get(ports.header, '/echo')).status, 403, 'no header');
    assert.equal((await get(ports.header, '/echo', { 'x-real-ip': 'not-an-address' })).status, 403, 'not an address');
    assert.equal((await get(ports.header, '/echo', { 'x-real-ip': CLIENT })).status, 200);
  });

  test('without a ClientPolicy, X-Forwarded-For is not trusted: the peer is the client', async () => {
    const headers = await seen(ports.plain, { 'x-forwarded-for': CLIENT });
    assert.notEqual(headers['x-envoy-external-address'], CLIENT, JSON.stringify(headers));
    assert.deepEqual(await statuses(ports.plain, '/limited', { 'x-forwarded-for': CLIENT }, 3), [200, 200, 200]);
  });

  test('listeners sharing a port with different settings: Conflicted naming the port; neither applies', async () => {
    for (const host of ['a.example', 'b.example']) {
      const headers = await seen(ports.shared, { 'x-forwarded-for': `192.0.2.99, ${CLIENT}` }, host);
      assert.notEqual(headers['x-envoy-external-address'], CLIENT, `${host}: ${JSON.stringify(headers)}`);
      assert.notEqual(headers['x-envoy-external-address'], '192.0.2.99', host);
    }
    const all = await pier.admin<PolicyStatusEntry[]>('/statuses');
    for (const name of ['shared-a', 'shared-b']) {
      const c = all.find((e) => e.kind === 'ClientPolicy' && e.name === name)?.status.ancestors[0]?.conditions.find((x) => x.type === 'Accepted');
      assert.deepEqual([c?.status, c?.reason], ['False', 'Conflicted'], name);
      assert.match(c?.message ?? '', new RegExp(`share port ${ports.shared} .*differ`), name);
    }
  });

  test('statuses: Accepted with observedGeneration; TargetNotFound for a listener the Gateway does not have', async () => {
    const all = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => {
      const s = all.find((e) => e.kind === 'ClientPolicy' && e.name === name);
      assert.equal(s?.status.ancestors.length, 1, `${name}: one ancestor`);
      assert.equal(s!.status.ancestors[0]!.controllerName, CONTROLLER);
      assert.equal(s!.status.ancestors[0]!.ancestorRef.name, 'clients');
      return s!.status.ancestors[0]!.conditions.find((c) => c.type === 'Accepted');
    };
    for (const name of ['one-hop', 'real-ip']) assert.deepEqual([accepted(name)?.status, accepted(name)?.reason, accepted(name)?.observedGeneration], ['True', 'Accepted', 1], name);
    const missing = accepted('missing');
    assert.deepEqual([missing?.status, missing?.reason], ['False', 'TargetNotFound']);
    assert.match(missing?.message ?? '', /listener nope not found/);
  });

  test('the admin API shows the client settings per listener, with their policy', async () => {
    const view = await pier.admin<{ gateways: { gateway: string; listeners: { name: string; client?: { policy: string; target: string; settings: unknown } }[] }[] }>('/policies');
    const g = view.gateways.find((x) => x.gateway === `${NAMESPACE}/clients`);
    const xff = g?.listeners.find((l) => l.name.endsWith('/xff'));
    assert.deepEqual([xff?.client?.policy, xff?.client?.settings], ['ClientPolicy default/one-hop', { clientIPDetection: { xffNumTrustedHops: 1 } }], JSON.stringify(view));
    assert.equal(g?.listeners.find((l) => l.name.endsWith('/shared-a'))?.client, undefined, 'dropped on the conflicted port');
  });
});
