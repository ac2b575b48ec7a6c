/**
 * The README's promises, literally: `pier quickstart` (what `npm start` runs) on the default
 * ports, then `curl http://127.0.0.1:8080/` answers from the demo backend through Envoy; and a
 * user's own Envoy started with envoy-bootstrap.yaml gets the quickstart Gateway's config.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import { requireEnvoy, requireGrpcurl } from '../helpers/tools';
import { readFileSync } from 'node:fs';
import { docBlocks, isAssignment, runCommands, runDocCommand } from '../helpers/doc-commands';
import { httpRequest, waitFor } from '../helpers/net';
import { PierProcess, PIER_CLI } from '../helpers/pier';
import { repoRoot } from '../helpers/paths';
import { ENVOY_FLAGS } from '../../src/infra/bootstrap';
import * as path from 'node:path';
import type { EchoResponse } from '../../src/demo/echo-backend';
import * as grpc from '@grpc/grpc-js';
import { SDS, SotwClient, makeNode } from '../unit/xds-server/harness';

async function demoAnswer(): Promise<EchoResponse | undefined> {
  const r = await httpRequest('http://127.0.0.1:8080/').catch(() => undefined);
  return r?.status === 200 ? (JSON.parse(r.body) as EchoResponse) : undefined;
}

/**
 * The README's grpcurl commands (its `<!-- test: run -->` blocks), exactly as written, from the
 * quickstart's working directory: they use the client certificate the quickstart wrote.
 */
async function readmeGrpcurlCommandsWork(cwd: string): Promise<void> {
  const readme = readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
  const commands = docBlocks(readme).filter((b) => b.kind === 'run').flatMap((b) => runCommands(b.text));
  assert.ok(commands.filter((c) => c.command.startsWith('grpcurl ')).length >= 3, 'the README shows grpcurl commands');
  assert.ok(existsSync(path.join(cwd, '.pier', 'xds-tls', 'client.crt')) && existsSync(path.join(cwd, '.pier', 'xds-tls', 'client.key')));
  const env = { ...process.env, PATH: [path.dirname(requireGrpcurl()), process.env.PATH ?? ''].join(path.delimiter) };
  const prelude: string[] = [];
  for (const c of commands) {
    if (isAssignment(c.command)) {
      prelude.push(c.command);
      continue;
    }
    // Bounded: CSDS lists the proxy once Envoy has connected.
    let last = await runDocCommand(prelude, c, cwd, 10_000, env);
    for (let attempt = 0; !last.ok && attempt < 20; attempt++) {
      await new Promise((r) => setTimeout(r, 500));
      last = await runDocCommand(prelude, c, cwd, 10_000, env);
    }
    assert.ok(last.ok, `README: \`${c.command}\` (expecting ${JSON.stringify(c.expect)}) gave:\n${last.output}`);
  }
}

describe('quickstart', () => {
  test('pier quickstart: curl 127.0.0.1:8080 answers from the demo backend through Envoy, over mTLS xDS', async () => {
    requireEnvoy();
    // Exactly the defaults: xDS on 0.0.0.0:18000 (so mTLS, with a CA generated in .pier/ of the
    // working directory, here a fresh one), admin on 127.0.0.1:19000, Envoy launched from PATH.
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-quickstart-'));
    const pier = await PierProcess.start({ command: 'quickstart', cwd, config: { xdsAddress: '0.0.0.0:18000', adminAddress: '127.0.0.1:19000', logLevel: 'info' } });
    try {
      const echo = await waitFor('the quickstart to answer on 8080', demoAnswer, { timeoutMs: 20_000 });
      assert.equal(echo.service, 'demo');
      assert.equal(echo.path, '/');
      const infra = await pier.admin<{ gateway: string; pid: number }[]>('/infra');
      assert.deepEqual(infra.map((p) => p.gateway), ['default/quickstart']);
      assert.ok(existsSync(path.join(cwd, '.pier', 'xds-tls', 'ca.crt')));
      const proxies = await pier.admin<{ cluster: string; identity: { transport: string; gateway?: string } }[]>('/proxies');
      assert.deepEqual(proxies.map((p) => [p.cluster, p.identity.transport, p.identity.gateway]), [['default/quickstart', 'mtls', 'default/quickstart']]);
      // Anyone else who reaches the port and claims the Gateway gets nothing: no certificate, no TLS session.
      const claimant = new SotwClient('127.0.0.1:18000', makeNode('default/quickstart', 'claimant'));
      claimant.request(SDS);
      const status = await claimant.inbox.status(10_000);
      claimant.close();
      assert.equal('code' in status ? status.code : -1, grpc.status.UNAVAILABLE);
      assert.equal(claimant.inbox.size, 0);
      await readmeGrpcurlCommandsWork(cwd);
      assert.ok(pier.find((l) => l.msg.includes('client certificate for grpcurl')).length === 1, 'the quickstart says where the grpcurl certificate is');
    } finally {
      assert.equal(await pier.stop(), 0);
      rmSync(cwd, { recursive: true, force: true });
    }
    await waitFor('Envoy to be stopped with Pier', async () => ((await demoAnswer()) === undefined ? true : undefined), { timeoutMs: 10_000 });
  });

  test('your own Envoy with envoy-bootstrap.yaml and a certificate from pier certgen gets the quickstart Gateway', async () => {
    const envoy = requireEnvoy();
    // The README's steps, in one working directory: Pier generates .pier/xds-tls on start,
    // certgen issues the quickstart Gateway's certificate there, Envoy reads it by relative path.
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-own-envoy-'));
    const pier = await PierProcess.start({ command: 'quickstart', cwd, config: { xdsAddress: '0.0.0.0:18000', adminAddress: '127.0.0.1:19000', envoy: 'off' } });
    execFileSync(process.execPath, [PIER_CLI, 'certgen', '--dir', '.pier/xds-tls', '--gateway', 'default/quickstart'], { cwd, stdio: 'ignore' });
    const proxy = spawn(envoy, ['-c', path.join(repoRoot(), 'envoy-bootstrap.yaml'), '--disable-hot-restart', ...ENVOY_FLAGS, '--log-level', 'warning'], { stdio: 'ignore', cwd });
    try {
      const echo = await waitFor('the bootstrapped Envoy to answer on 8080', demoAnswer, { timeoutMs: 20_000 });
      assert.equal(echo.service, 'demo');
      const proxies = await pier.admin<{ nodeId: string; cluster: string; identity: { transport: string; gateway?: string } }[]>('/proxies');
      assert.equal(proxies.length, 1);
      assert.equal(proxies[0].cluster, 'default/quickstart');
      assert.equal(proxies[0].nodeId, 'quickstart-envoy-1');
      assert.deepEqual([proxies[0].identity.transport, proxies[0].identity.gateway], ['mtls', 'default/quickstart']);
    } finally {
      proxy.kill('SIGTERM');
      await new Promise((r) => proxy.once('exit', r));
      assert.equal(await pier.stop(), 0);
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
