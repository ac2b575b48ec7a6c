/**
 * mTLS on the xDS port with real Envoy and real grpcurl: `pier certgen` makes the files,
 * `pier serve --xds-tls-dir` serves them; the Envoy Pier launches gets its own client
 * certificate and serves its Gateway (and again after a crash); an Envoy whose certificate
 * names another Gateway is refused and gets nothing; grpcurl needs a certificate of Pier's CA.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { EchoBackend } from '../../src/demo/echo-backend';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { gatewayCertPaths, tlsPathsInDir } from '../../src/security/tls-dir';
import { EnvoyProxy } from '../helpers/envoy';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PIER_CLI, PierProcess } from '../helpers/pier';
import { PIER_GATEWAY_CLASS, httpGatewayManifests, webServiceManifests } from '../helpers/manifests';
import { requireEnvoy, requireGrpcurl } from '../helpers/tools';

const run = promisify(execFile);
const ADDRESS = '127.0.0.41';
const OTHER_ADDRESS = '127.0.0.42';

describe('xDS mTLS with real Envoy', () => {
  let dir: string;
  let tlsDir: string;
  let backend: EchoBackend;
  let pier: PierProcess;
  let port: number;
  let otherPort: number;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-mtls-'));
    tlsDir = path.join(dir, 'tls');
    // The real command, as a user runs it.
    execFileSync(process.execPath, [PIER_CLI, 'certgen', '--dir', tlsDir], { stdio: 'ignore' });
    backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
    const backendPort = await backend.listen('127.0.0.1', 0);
    port = await freePort(ADDRESS);
    otherPort = await freePort(OTHER_ADDRESS);
    const resources = path.join(dir, 'resources');
    mkdirSync(resources);
    writeFileSync(path.join(resources, 'all.yaml'),
      `${PIER_GATEWAY_CLASS}---\n${httpGatewayManifests('edge', ADDRESS, port)}${httpGatewayManifests('other', OTHER_ADDRESS, otherPort)}${webServiceManifests(backendPort)}`);
    pier = await PierProcess.start({ config: { resources, envoy: 'auto', xdsTlsDir: tlsDir } });
  });

  after(async () => {
    assert.equal(await pier?.stop(), 0);
    await backend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const serving = (address: string, p: number) => async () =>
    ((await httpRequest(`http://${address}:${p}/`).catch(() => undefined))?.status === 200 ? true : undefined);

  test('the Envoys Pier launches connect over mTLS with their own Gateway certificate and serve; a crashed one comes back', async () => {
    await waitFor('edge to serve', serving(ADDRESS, port), { timeoutMs: 20_000 });
    await waitFor('other to serve', serving(OTHER_ADDRESS, otherPort), { timeoutMs: 20_000 });
    const proxies = await pier.admin<{ cluster: string; identity: { transport: string; gateway?: string } }[]>('/proxies');
    const ids = [...new Set(proxies.map((p) => `${p.cluster} ${p.identity.transport} ${p.identity.gateway ?? ''}`))].sort();
    assert.deepEqual(ids, ['default/edge mtls default/edge', 'default/other mtls default/other']);

    const infra = await pier.admin<{ gateway: string; pid: number }[]>('/infra');
    const edge = infra.find((p) => p.gateway === 'default/edge');
    assert.ok(edge);
    process.kill(edge.pid, 'SIGKILL');
    await waitFor('a new Envoy for edge', async () => {
      const p = (await pier.admin<{ gateway: string; pid?: number }[]>('/infra')).find((x) => x.gateway === 'default/edge');
      return p?.pid && p.pid !== edge.pid ? true : undefined;
    }, { timeoutMs: 10_000 });
    await waitFor('the restarted Envoy to serve again over mTLS', serving(ADDRESS, port), { timeoutMs: 20_000 });
  });

  test('an Envoy whose certificate names another Gateway is refused (PERMISSION_DENIED) and gets nothing', async () => {
    execFileSync(process.execPath, [PIER_CLI, 'certgen', '--dir', tlsDir, '--gateway', 'default/edge'], { stdio: 'ignore' });
    const files = gatewayCertPaths(tlsDir, 'default/edge');
    const envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-mtls-envoy-'));
    // Claims "default/other" with edge's certificate; listens nowhere else, so no port clash.
    const envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: 'default/other', nodeId: 'impostor', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta',
      adminAddress: '127.0.0.1', adminPort: 0, tls: { caCertFile: tlsPathsInDir(tlsDir).caCert, certFile: files.cert, keyFile: files.key },
    }));
    try {
      await waitFor('Pier to refuse the impostor', () => (pier.find((l) =>
        l.msg === 'closing xDS stream with an error' && l.node === 'impostor' &&
        String(l.details).includes('node.cluster "default/other" is not the Gateway of this proxy\'s certificate ("default/edge")')).length > 0 ? true : undefined),
      { timeoutMs: 15_000 });
      // Not control_plane.connected_state: Envoy opens a new stream after each refusal, and is
      // "connected" for the moment that takes. What matters is that nothing was ever accepted.
      const lds = await envoy.stats('listener_manager\\.lds\\.update_success');
      assert.equal(lds.get('listener_manager.lds.update_success') ?? 0, 0);
      const cds = await envoy.stats('cluster_manager\\.cds\\.update_success');
      assert.equal(cds.get('cluster_manager.cds.update_success') ?? 0, 0);
      const proxies = await pier.admin<{ nodeId: string }[]>('/proxies');
      assert.ok(!proxies.some((p) => p.nodeId === 'impostor'));
    } finally {
      await envoy.stop();
      rmSync(envoyDir, { recursive: true, force: true });
    }
  });

  test('grpcurl: with a proxy certificate it lists the services; without one, or in plaintext, it cannot', async () => {
    const grpcurl = requireGrpcurl();
    const files = gatewayCertPaths(tlsDir, 'default/edge');
    const ca = tlsPathsInDir(tlsDir).caCert;
    const target = `127.0.0.1:${pier.xdsPort}`;
    const { stdout } = await run(grpcurl, ['-cacert', ca, '-cert', files.cert, '-key', files.key, target, 'list'], { timeout: 10_000 });
    assert.ok(stdout.includes('envoy.service.discovery.v3.AggregatedDiscoveryService'), stdout);
    // CSDS over mTLS: a Gateway's certificate sees that Gateway's proxies only.
    const csds = await run(grpcurl, ['-cacert', ca, '-cert', files.cert, '-key', files.key, '-d', '{}', target,
      'envoy.service.status.v3.ClientStatusDiscoveryService/FetchClientStatus'], { timeout: 10_000 });
    const clusters = ((JSON.parse(csds.stdout) as { config?: { node?: { cluster?: string } }[] }).config ?? []).map((c) => c.node?.cluster);
    assert.ok(clusters.length >= 1, csds.stdout.slice(0, 500));
    assert.ok(clusters.every((c) => c === 'default/edge'), `only default/edge: ${clusters.join(', ')}`);
    // The event stream too: another Gateway's events are refused.
    await assert.rejects(run(grpcurl, ['-max-time', '5', '-cacert', ca, '-cert', files.cert, '-key', files.key, '-d', '{"gateway":"default/other"}', target,
      'pier.admin.v1.Admin/Subscribe'], { timeout: 10_000 }), /PermissionDenied[\s\S]*Gateway default\/edge only/);
    await assert.rejects(run(grpcurl, ['-connect-timeout', '3', '-cacert', ca, target, 'list'], { timeout: 10_000 }));
    await assert.rejects(run(grpcurl, ['-connect-timeout', '3', '-plaintext', target, 'list'], { timeout: 10_000 }));
  });
});
