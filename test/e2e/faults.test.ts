/**
 * Faults under load, with real Envoy on loopback (bounded):
 * - `kill -9` of Pier while traffic flows through Envoy at 1,000 routes, then a restart: no
 *   request fails, and Envoy is sent nothing it already holds (every update_success and
 *   update_rejected counter of Envoy unchanged; the new Pier logs no response at all: Delta's
 *   initial_resource_versions told it Envoy is current);
 * - a manifest file that becomes unreadable and a resources directory that disappears: the last
 *   good configuration keeps serving, the problem is reported (/errors, logs), and recovery
 *   follows when the file or directory is back.
 * - `kill -9` of Pier with the Envoy it launched: the restarted Pier replaces the Envoy left
 *   running with a new one, without a failed request.
 * (An Envoy crash under host infrastructure: test/e2e/infra.test.ts and xds-mtls.test.ts.)
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { gatewayCertPaths, tlsPathsInDir } from '../../src/security/tls-dir';
import { EnvoyProxy } from '../helpers/envoy';
import { PIER_GATEWAY_CLASS, httpGatewayManifests, manyRoutesManifests, webServiceManifests } from '../helpers/manifests';
import { freePort, waitFor } from '../helpers/net';
import { PIER_CLI, PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { alive } from '../../src/infra/host/orphans';

const ROUTES = 1000;
const GATEWAY = 'default/edge';

/** Requests in a loop over keep-alive connections until stopped; every failure is kept. */
class Traffic {
  ok = 0;
  readonly failures: string[] = [];
  private running = true;
  private readonly loops: Promise<void>[];
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  constructor(private readonly url: (i: number) => string, concurrency = 4) {
    this.loops = Array.from({ length: concurrency }, (_, w) => this.loop(w));
  }

  private async loop(worker: number): Promise<void> {
    for (let i = worker; this.running; i += 4) {
      const failure = await this.request(this.url(i));
      if (failure) this.failures.push(failure);
      else this.ok += 1;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private request(url: string): Promise<string | null> {
    return new Promise((resolve) => {
      const req = http.get(url, { agent: this.agent, timeout: 3000 }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? null : `${url}: HTTP ${res.statusCode}`));
        res.on('error', (err) => resolve(`${url}: ${err.message}`));
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (err) => resolve(`${url}: ${err.message}`));
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.agent.destroy();
  }
}

/**
 * Envoy's counters of configuration applied or refused, by name (what "sent again" would move):
 * LDS, CDS, every RDS and EDS subscription. The bootstrap's own pier_xds cluster counts its DNS
 * refreshes under the same name: left out.
 */
async function configCounters(envoy: EnvoyProxy): Promise<Map<string, number>> {
  const all = await envoy.stats('update_(success|rejected)$');
  for (const k of [...all.keys()]) if (k.startsWith('cluster.pier_xds.')) all.delete(k);
  return all;
}

describe('faults under load', () => {
  let backend: EchoBackend;
  let backendPort: number;
  let dir: string;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-faults-'));
    chmodSync(dir, 0o755);
    backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
    backendPort = await backend.listen('127.0.0.1', 0);
  });

  after(async () => {
    await backend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test(`kill -9 of Pier under traffic at ${ROUTES} routes, then a restart: 0 failed requests, nothing re-sent`, async () => {
    const address = '127.0.0.61';
    const port = await freePort(address);
    const resources = path.join(dir, 'many');
    mkdirSync(resources);
    writeFileSync(path.join(resources, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${manyRoutesManifests('edge', address, port, ROUTES, backendPort)}`);
    const tlsDir = path.join(dir, 'tls');
    execFileSync(process.execPath, [PIER_CLI, 'certgen', '--dir', tlsDir], { stdio: 'ignore' });
    execFileSync(process.execPath, [PIER_CLI, 'certgen', '--dir', tlsDir, '--gateway', GATEWAY], { stdio: 'ignore' });
    const config = {
      resources, envoy: 'off', xdsTlsDir: tlsDir,
      xdsAddress: `127.0.0.1:${await freePort()}`, adminAddress: `127.0.0.1:${await freePort()}`,
    };
    let pier = await PierProcess.start({ config });
    const files = gatewayCertPaths(tlsDir, GATEWAY);
    const envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-faults-envoy-'));
    const envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: GATEWAY, nodeId: 'faults-envoy', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta',
      adminAddress: '127.0.0.1', adminPort: 0, tls: { caCertFile: tlsPathsInDir(tlsDir).caCert, certFile: files.cert, keyFile: files.key },
    }));
    let traffic: Traffic | undefined;
    try {
      const url = (i: number) => `http://${address}:${port}/r${i % ROUTES}`;
      const get = (u: string) => new Promise<number>((resolve) => {
        http.get(u, { agent: false, timeout: 2000 }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', () => resolve(0));
      });
      await waitFor(`Envoy to serve all ${ROUTES} routes`, async () => ((await get(url(0))) === 200 && (await get(url(ROUTES - 1))) === 200 ? true : undefined), { timeoutMs: 60_000, intervalMs: 200 });
      // Settled: every resource ACKed.
      await waitFor('Envoy to ACK everything', async () => {
        const proxies = await pier.admin<{ types: { awaitingAck: boolean }[] }[]>('/proxies');
        return proxies.length === 1 && proxies[0]!.types.length >= 3 && proxies[0]!.types.every((t) => !t.awaitingAck) ? true : undefined;
      }, { timeoutMs: 30_000, intervalMs: 200 });
      const before = await configCounters(envoy);
      assert.ok([...before.keys()].some((k) => k.startsWith('cluster_manager.cds.')), 'Envoy reports CDS counters');
      assert.ok([...before.keys()].filter((k) => /^cluster\..*\.update_success$/.test(k)).length >= ROUTES, 'and the EDS counters of every cluster');

      traffic = new Traffic(url);
      await new Promise((r) => setTimeout(r, 1000));
      pier.child.kill('SIGKILL');
      await waitFor('Envoy to notice Pier is gone', async () => ((await envoy.stat('control_plane.connected_state')) === 0 ? true : undefined), { timeoutMs: 20_000, intervalMs: 100 });
      await new Promise((r) => setTimeout(r, 1000)); // traffic flows with no control plane
      const duringOutage = traffic.ok;
      pier = await PierProcess.start({ config });
      await waitFor('Envoy to reconnect', async () => ((await envoy.stat('control_plane.connected_state')) === 1 ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
      await waitFor('the proxy to be registered again', async () => ((await pier.admin<unknown[]>('/proxies')).length === 1 ? true : undefined), { timeoutMs: 10_000 });
      await new Promise((r) => setTimeout(r, 3000)); // time for anything that would be sent
      await traffic.stop();

      assert.deepEqual(traffic.failures.slice(0, 5), [], `${traffic.failures.length} requests failed`);
      assert.ok(traffic.ok > duringOutage && duringOutage > 0, `requests served before/through/after the outage (${duringOutage}, ${traffic.ok})`);
      const after = await configCounters(envoy);
      const moved = [...after].filter(([k, v]) => before.get(k) !== v).map(([k, v]) => `${k}: ${before.get(k) ?? 0} -> ${v}`);
      assert.deepEqual(moved, [], 'Envoy applied or refused configuration after the restart: something was sent again');
      const responses = pier.find((l) => l.msg === 'delta response' || l.msg === 'SotW response');
      assert.deepEqual(responses.map((l) => `${String(l.typeUrl)} ${String(l.resources)}`), [], 'the restarted Pier sent responses');
      assert.ok(pier.find((l) => l.msg === 'proxy connected').length === 1);
    } finally {
      await traffic?.stop();
      await envoy.stop();
      await pier.stop();
      rmSync(envoyDir, { recursive: true, force: true });
    }
  });

  test('kill -9 of Pier with the Envoy it launched: the restarted Pier replaces the Envoy left behind without a failed request', async () => {
    const address = '127.0.0.63';
    const port = await freePort(address);
    const resources = path.join(dir, 'orphan');
    mkdirSync(resources);
    writeFileSync(path.join(resources, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${httpGatewayManifests('edge', address, port, 'web')}${webServiceManifests(backendPort)}`);
    const config = { resources, envoy: 'auto', xdsAddress: `127.0.0.1:${await freePort()}`, adminAddress: `127.0.0.1:${await freePort()}` };
    let pier = await PierProcess.start({ config });
    const url = () => `http://${address}:${port}/`;
    let traffic: Traffic | undefined;
    let orphan = 0;
    try {
      const get = () => new Promise<number>((resolve) => {
        http.get(url(), { agent: false, timeout: 2000 }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', () => resolve(0));
      });
      await waitFor('the launched Envoy to serve', async () => ((await get()) === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
      orphan = (await pier.admin<{ pid: number }[]>('/infra'))[0]?.pid ?? 0;
      assert.ok(orphan > 0);
      traffic = new Traffic(url, 2);
      pier.child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 1000));
      assert.ok(alive(orphan), 'the Envoy outlives the killed Pier');
      pier = await PierProcess.start({ config });
      const replacement = await waitFor('a new Envoy', async () => {
        const p = (await pier.admin<{ pid?: number }[]>('/infra'))[0]?.pid;
        return p && p !== orphan ? p : undefined;
      }, { timeoutMs: 20_000 });
      await waitFor('the Envoy left behind to be stopped', () => (alive(orphan) ? undefined : true), { timeoutMs: 30_000, intervalMs: 100 });
      await new Promise((r) => setTimeout(r, 1000));
      await traffic.stop();
      assert.ok(alive(replacement));
      assert.deepEqual(traffic.failures.slice(0, 5), [], `${traffic.failures.length} requests failed`);
      assert.ok(traffic.ok > 20, `only ${traffic.ok} requests`);
      assert.equal(pier.find((l) => l.msg === 'stopped the Envoy left by a previous Pier' && l.pid === orphan).length, 1);
    } finally {
      await traffic?.stop();
      await pier.stop();
      if (orphan && alive(orphan)) process.kill(orphan, 'SIGKILL');
    }
  });

  test('a file that becomes unreadable and a directory that disappears: the last good configuration keeps serving, the problem is reported', async () => {
    const address = '127.0.0.62';
    const port = await freePort(address);
    const resources = path.join(dir, 'faulty');
    mkdirSync(resources);
    chmodSync(resources, 0o755);
    const gatewayFile = path.join(resources, 'gateway.yaml');
    const routeFile = path.join(resources, 'route.yaml');
    writeFileSync(gatewayFile, `${PIER_GATEWAY_CLASS}---\n${webServiceManifests(backendPort)}`, { mode: 0o644 });
    writeFileSync(routeFile, httpGatewayManifests('edge', address, port, 'web'), { mode: 0o644 });
    // Root reads any file: Pier runs without the capabilities that bypass permissions.
    const pier = await PierProcess.start({ config: { resources, envoy: 'off' }, filePermissions: true });
    const envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-faults-envoy-'));
    const envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: GATEWAY, nodeId: 'faults-files', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }));
    const url = () => `http://${address}:${port}/`;
    let traffic: Traffic | undefined;
    try {
      const get = () => new Promise<number>((resolve) => {
        http.get(url(), { agent: false, timeout: 2000 }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', () => resolve(0));
      });
      await waitFor('Envoy to serve', async () => ((await get()) === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 100 });
      const before = await configCounters(envoy);
      traffic = new Traffic(url, 2);
      const errors = () => pier.admin<{ source: string; message: string }[]>('/errors');

      chmodSync(routeFile, 0o000);
      await waitFor('the unreadable file to be reported', async () => ((await errors()).some((e) => e.source === routeFile && /cannot read file: permission denied; its last good objects stay in use/.test(e.message)) ? true : undefined), { timeoutMs: 10_000 });
      // Pier's stdout is read by a pipe, so the log line may arrive after the admin answer.
      await waitFor('the warning in the log', async () => (pier.find((l) => l.level === 40 && String(l.msg).includes('permission denied')).length > 0 ? true : undefined), { timeoutMs: 5_000 });
      await new Promise((r) => setTimeout(r, 500));
      chmodSync(routeFile, 0o644);
      await waitFor('the problem to clear', async () => ((await errors()).length === 0 ? true : undefined), { timeoutMs: 10_000 });

      const gone = `${resources}.gone`;
      renameSync(resources, gone);
      await waitFor('the missing directory to be reported', async () => ((await errors()).some((e) => e.source === resources && /cannot read directory: no such file or directory; the last loaded resources stay in use/.test(e.message)) ? true : undefined), { timeoutMs: 10_000 });
      await new Promise((r) => setTimeout(r, 1500)); // several polls with the directory gone
      renameSync(gone, resources);
      await waitFor('recovery', async () => ((await errors()).length === 0 ? true : undefined), { timeoutMs: 10_000 });
      await new Promise((r) => setTimeout(r, 500));
      await traffic.stop();

      assert.deepEqual(traffic.failures.slice(0, 5), [], `${traffic.failures.length} requests failed`);
      assert.ok(traffic.ok > 20, `only ${traffic.ok} requests`);
      const after = await configCounters(envoy);
      const moved = [...after].filter(([k, v]) => before.get(k) !== v).map(([k, v]) => `${k}: ${before.get(k) ?? 0} -> ${v}`);
      assert.deepEqual(moved, [], 'the faults changed the configuration Envoy was sent');
    } finally {
      await traffic?.stop();
      await envoy.stop();
      await pier.stop();
      rmSync(envoyDir, { recursive: true, force: true });
    }
  });
});
