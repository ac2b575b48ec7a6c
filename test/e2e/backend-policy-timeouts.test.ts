/**
 * BackendPolicy timeouts and TCP keepalive through the real `pier serve` CLI and a real Envoy,
 * one rule and one Service per setting:
 * - timeout.connect 500ms to an endpoint that never completes a connection: a listener whose
 *   process never accepts (its event loop blocked), its accept queue filled by the test, so the
 *   kernel drops further SYNs; Envoy gives up (upstream_cx_connect_timeout) and answers 503 long
 *   before the 10s it waits by default;
 * - timeout.idle 1s: Envoy closes its idle connection to the endpoint (upstream_cx_idle_timeout;
 *   the endpoint sees it close), where it would keep it an hour by default;
 * - timeout.streamIdle 500ms: a request the endpoint never answers gets Envoy's 504;
 * - tcpKeepalive: the cluster carries it (config dump), and Envoy's socket to the endpoint has a
 *   keepalive timer no longer than idleTime (ss -o).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import type { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { closing, serviceAt, startPierAndEnvoy, stopPierAndEnvoy, tempDirs, type PierAndEnvoy } from './features/pier-envoy';
import { gateway, gatewayClass, manifest, route, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.128';
const BLACKHOLE = '127.0.29.1';
const IDLE = '127.0.29.2';
const HOLD = '127.0.29.3';
const KEEPALIVE = '127.0.29.4';
const READY_TIMEOUT_MS = 30_000;

function policy(name: string, spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'app', sectionName: name }], ...spec },
  };
}

/** A listener (backlog 1) in a process that never accepts: its event loop waits forever without spinning. */
function startBlackhole(port: number): Promise<ChildProcess> {
  const script = `const net = require('node:net');
net.createServer().listen({ host: ${JSON.stringify(BLACKHOLE)}, port: ${port}, backlog: 1 }, () => {
  process.stdout.write('listening\\n');
  setImmediate(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', () => resolve(child));
  });
}

/** Whether a connection to address:port completes within ms. */
function connects(address: string, port: number, ms: number, keep: net.Socket[]): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    keep.push(socket);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('connect', () => { clearTimeout(timer); resolve(true); });
    socket.once('error', () => { clearTimeout(timer); resolve(false); });
  });
}

describe('BackendPolicy timeouts and TCP keepalive through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let run: PierAndEnvoy;
  let envoy: EnvoyProxy;
  let port: number;
  let endpointPort: number;
  let blackhole: ChildProcess | undefined;
  const fillers: net.Socket[] = [];
  const held: http.ServerResponse[] = [];
  /** Connections to the idle endpoint that closed. */
  let idleClosed = 0;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (req.socket.localAddress === HOLD) held.push(res);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(req.socket.localAddress ?? '');
  };
  const servers = [IDLE, HOLD, KEEPALIVE].map(() => http.createServer(handler));
  const get = (p: string): Promise<HttpResult> => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 8_000 });
  const cluster = (service: string, policyName: string): string => `cluster.${NAMESPACE}/${service}/80/backendpolicy/${NAMESPACE}/${policyName}`;

  before(async () => {
    requireEnvoy();
    run = tempDirs('backendpolicy-timeouts');
    port = await freePort(GATEWAY_ADDRESS);
    endpointPort = await freePort(IDLE);
    await Promise.all(servers.map((server, i) => new Promise<void>((resolve, reject) => {
      // The endpoint keeps idle connections open itself: only Envoy closes them.
      server.keepAliveTimeout = 0;
      server.on('connection', (socket: net.Socket) => { if (socket.localAddress === IDLE) socket.once('close', () => { idleClosed += 1; }); });
      server.once('error', reject);
      server.listen(endpointPort, [IDLE, HOLD, KEEPALIVE][i], resolve);
    })));
    blackhole = await startBlackhole(endpointPort);
    // Fill the accept queue (backlog 1: two connections), until a connection no longer completes.
    let full = false;
    for (let i = 0; i < 8 && !full; i++) full = !(await connects(BLACKHOLE, endpointPort, 1000, fillers));
    assert.ok(full, 'the blackhole\'s accept queue is full: new connections hang');
    const rule = (name: string, backend: string): Record<string, unknown> => ({ name, matches: [{ path: { type: 'PathPrefix', value: `/${name}` } }], backendRefs: [{ name: backend, port: 80 }] });
    writeFileSync(path.join(run.dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('timeouts', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...serviceAt('blackhole', [BLACKHOLE], endpointPort),
      ...serviceAt('idle', [IDLE], endpointPort),
      ...serviceAt('hold', [HOLD], endpointPort),
      ...serviceAt('keepalive', [KEEPALIVE], endpointPort),
      route('HTTPRoute', 'app', 'timeouts', { rules: [rule('connect', 'blackhole'), rule('idle', 'idle'), rule('stream', 'hold'), rule('keepalive', 'keepalive')] }),
    ]));
    writeFileSync(path.join(run.dir, 'policies.yaml'), manifest([
      policy('connect', { timeout: { connect: '500ms' } }),
      policy('idle', { timeout: { idle: '1s' } }),
      policy('stream', { timeout: { streamIdle: '500ms' } }),
      policy('keepalive', { tcpKeepalive: { probes: 3, idleTime: '17s', interval: '7s' } }),
    ]));
    ({ envoy } = await startPierAndEnvoy(run, 'timeouts'));
    await waitFor('the policies\' clusters', async () => {
      for (const [svc, name] of [['blackhole', 'connect'], ['idle', 'idle'], ['hold', 'stream'], ['keepalive', 'keepalive']] as const) {
        if ((await envoy.stat(`${cluster(svc, name)}.membership_total`).catch(() => undefined)) !== 1) return undefined;
      }
      return (await get('/keepalive').catch(() => undefined))?.status === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    for (const res of held.splice(0)) res.writeHead(200).end();
    const code = await stopPierAndEnvoy(run, servers.map(closing));
    for (const s of fillers) s.destroy();
    if (blackhole?.pid !== undefined && blackhole.exitCode === null) {
      const exited = new Promise((resolve) => blackhole!.once('exit', resolve));
      blackhole.kill('SIGKILL');
      await exited;
    }
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('timeout.connect: a connection that never completes fails after the policy\'s time, not Envoy\'s 10s', async () => {
    const r = await get('/connect');
    assert.equal(r.status, 503, r.body);
    assert.match(r.body, /connection timeout/);
    assert.ok(await envoy.stat(`${cluster('blackhole', 'connect')}.upstream_cx_connect_timeout`) >= 1);
    const dump = await envoy.configDump('dynamic_active_clusters') as { cluster: { name: string; connect_timeout?: string } }[];
    assert.equal(dump.find((c) => c.cluster.name === `${NAMESPACE}/blackhole/80/backendpolicy/${NAMESPACE}/connect`)?.cluster.connect_timeout, '0.500s');
  });

  test('timeout.idle: Envoy closes its idle connection to the endpoint', async () => {
    const before = idleClosed;
    assert.equal((await get('/idle')).status, 200);
    await waitFor('the idle connection closed by Envoy', async () => ((await envoy.stat(`${cluster('idle', 'idle')}.upstream_cx_idle_timeout`)) >= 1 ? true : undefined), { timeoutMs: 20_000, intervalMs: 100 });
    await waitFor('the endpoint to see it close', () => (idleClosed > before ? true : undefined), { timeoutMs: 10_000, intervalMs: 50 });
  });

  test('timeout.streamIdle: a request the endpoint never answers gets a 504', async () => {
    const r = await get('/stream');
    assert.equal(r.status, 504, r.body);
    assert.match(r.body, /stream timeout/);
    assert.equal(held.length >= 1, true, 'the request reached the endpoint');
  });

  test('tcpKeepalive: on the cluster, and on Envoy\'s socket to the endpoint (a keepalive timer within idleTime)', async () => {
    const dump = await envoy.configDump('dynamic_active_clusters') as { cluster: { name: string; upstream_connection_options?: unknown } }[];
    assert.deepEqual(dump.find((c) => c.cluster.name === `${NAMESPACE}/keepalive/80/backendpolicy/${NAMESPACE}/keepalive`)?.cluster.upstream_connection_options,
      { tcp_keepalive: { keepalive_probes: 3, keepalive_time: 17, keepalive_interval: 7 } });
    assert.equal((await get('/keepalive')).status, 200);
    // Envoy's end of its pooled connection: destination the endpoint.
    const lines = await waitFor('Envoy\'s connection to the endpoint', () => {
      const out = execFileSync('ss', ['-tnoH', 'state', 'established', 'dst', `${KEEPALIVE}:${endpointPort}`], { encoding: 'utf8' }).trim();
      return out === '' ? undefined : out.split('\n');
    }, { timeoutMs: 10_000, intervalMs: 100 });
    for (const line of lines) {
      const timer = /timer:\(keepalive,(\d+)(ms|sec|min)/.exec(line);
      assert.ok(timer, `a keepalive timer: ${line}`);
      assert.ok(timer[2] !== 'min' && Number(timer[1]) <= 17, `within idleTime 17s: ${line}`);
    }
  });
});
