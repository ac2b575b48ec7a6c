/**
 * Host infrastructure with --gateway-address-pool: three Gateways on the same port, two without
 * spec.addresses and one whose spec.addresses asks for an address (an IPAddress entry without a
 * value), each get an address of their own from the pool, report it in status.addresses, and
 * their Envoys serve each Gateway's own routes there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { gatewayWithRouteManifests as gatewayWithRoute, PIER_GATEWAY_CLASS } from '../helpers/manifests';

const POOL = '127.33.0.0/16';

interface GatewayStatusEntry { kind: string; name: string; status: { addresses?: { type: string; value: string }[]; conditions?: { type: string; status: string }[] } }

test('each Gateway gets its own address from the pool, reports it, and is served there', async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-pool-'));
  const backends = ['one', 'two', 'three'].map((name) => new EchoBackend({ service: name, namespace: 'default', pod: `${name}-1` }));
  const ports = await Promise.all(backends.map((b) => b.listen('127.0.0.1', 0)));
  // The same listener port on both: only distinct addresses let both Envoys bind it.
  const port = 20_000 + (process.pid % 20_000);
  writeFileSync(path.join(dir, 'all.yaml'), `${PIER_GATEWAY_CLASS}---\n${gatewayWithRoute('one', port, ports[0]!)}${gatewayWithRoute('two', port, ports[1]!)}${gatewayWithRoute('three', port, ports[2]!, '[{ type: IPAddress }]')}`);
  const pier = await PierProcess.start({ config: { resources: dir, envoy: 'auto', gatewayAddressPool: POOL } });
  try {
    const addresses = await waitFor('every Gateway to report an address', async () => {
      const statuses = await pier.admin<GatewayStatusEntry[]>('/statuses');
      const of = (name: string) => statuses.find((s) => s.kind === 'Gateway' && s.name === name)?.status.addresses?.[0]?.value;
      const [one, two, three] = [of('one'), of('two'), of('three')];
      return one && two && three ? { one, two, three } : undefined;
    }, { timeoutMs: 20_000 });
    for (const address of Object.values(addresses)) assert.match(address, /^127\.33\.\d+\.\d+$/);
    assert.equal(new Set(Object.values(addresses)).size, 3, 'each Gateway its own address');
    for (const name of ['one', 'two', 'three'] as const) {
      const served = await waitFor(`Gateway ${name} to serve on ${addresses[name]}:${port}`, async () => {
        const r = await httpRequest(`http://${addresses[name]}:${port}/`).catch(() => undefined);
        return r?.status === 200 ? r : undefined;
      }, { timeoutMs: 20_000 });
      assert.equal(served.headers['x-pier-backend'], `${name}-1`, `Gateway ${name} routes to its own backend`);
    }
  } finally {
    assert.equal(await pier.stop(), 0);
    await Promise.all(backends.map((b) => b.close()));
    rmSync(dir, { recursive: true, force: true });
  }
});
