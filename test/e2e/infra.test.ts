/** Host infrastructure: Pier supervises the Envoy it launches for a Gateway. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { PIER_GATEWAY_CLASS, httpGatewayManifests, webServiceManifests } from '../helpers/manifests';

const ADDRESS = '127.0.0.23';

test('an Envoy that dies is restarted and serves the Gateway again', async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-infra-'));
  const backend = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await backend.listen('127.0.0.1', 0);
  const port = await freePort(ADDRESS);
  writeFileSync(path.join(dir, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${httpGatewayManifests('edge', ADDRESS, port, 'web')}${webServiceManifests(backendPort)}`);
  const pier = await PierProcess.start({ config: { resources: dir, envoy: 'auto' } });
  const serving = async () => ((await httpRequest(`http://${ADDRESS}:${port}/`).catch(() => undefined))?.status === 200 ? true : undefined);
  try {
    await waitFor('the Gateway to serve', serving, { timeoutMs: 20_000 });
    const [first] = await pier.admin<{ pid: number }[]>('/infra');
    process.kill(first.pid, 'SIGKILL');
    const restarted = await waitFor('a new Envoy process', async () => {
      const [p] = await pier.admin<{ pid?: number }[]>('/infra');
      return p?.pid && p.pid !== first.pid ? p.pid : undefined;
    }, { timeoutMs: 10_000 });
    assert.notEqual(restarted, first.pid);
    await waitFor('the restarted Envoy to serve', serving, { timeoutMs: 20_000 });
    await waitFor('the crash to be logged', () => (pier.find((l) => l.msg === 'envoy exited unexpectedly; restarting').length === 1 ? true : undefined), { timeoutMs: 2000 });
  } finally {
    assert.equal(await pier.stop(), 0);
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
