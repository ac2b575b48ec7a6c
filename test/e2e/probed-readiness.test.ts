/**
 * A proxy that is probed for readiness (Kubernetes infrastructure's bootstrap, readinessPort)
 * is not ready until Pier has given it configuration: Envoy's default initial fetch timeout
 * (15 s) would end its initialization without any, and the kubelet would count it available
 * and its Gateway Programmed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { freePort, httpRequest } from '../helpers/net';

/** Past Envoy's default initial fetch timeout, with a margin. */
const WAIT_MS = 18_000;

test('a probed Envoy that cannot reach Pier stays not ready past the default initial fetch timeout', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-readiness-'));
  const readinessPort = await freePort('127.0.0.1');
  // Nothing listens there: the proxy never gets its listeners and clusters.
  const deadXdsPort = await freePort('127.0.0.1');
  const envoy = await EnvoyProxy.start(dir, buildBootstrap({
    gateway: 'default/gw', nodeId: 'probed-1', xdsHost: '127.0.0.1', xdsPort: deadXdsPort, adsMode: 'delta',
    adminAddress: '127.0.0.1', adminPort: 0, readinessPort,
  }));
  try {
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    const probe = await httpRequest(`http://127.0.0.1:${readinessPort}/ready`, { timeoutMs: 2000 }).catch((err: Error) => err);
    assert.ok(probe instanceof Error || probe.status !== 200, `the readiness probe answered ${probe instanceof Error ? probe.message : `${probe.status} ${probe.body}`}`);
    const state = await httpRequest(`http://${envoy.adminAddress() ?? ''}/ready`, { timeoutMs: 2000 });
    assert.equal(state.body.trim(), 'PRE_INITIALIZING', 'Envoy is still waiting for its first configuration');
  } finally {
    await envoy.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
