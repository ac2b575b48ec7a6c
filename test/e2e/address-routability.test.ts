/**
 * GEP-5093 (Gateway address routability) on host infrastructure with --gateway-address-pool:
 * every status address carries its routability; the conformance sentinel is given a pool address
 * and reported as asked; a routability Pier does not know, or Cluster (the host has no Service
 * ClusterIP), is never given an address: alone, the Gateway is not served (no Envoy),
 * Programmed=False/AddressNotAssigned and AddressesAssigned=False/NotAssigned; beside an entry
 * that is satisfied, AddressesAssigned=False/PartiallyAssigned names it, and the Gateway is served
 * at the address it got. Traffic goes through real Envoys at the addresses status reports.
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
import { gatewayWithRouteManifests, PIER_GATEWAY_CLASS } from '../helpers/manifests';

const POOL = '127.35.0.0/16';
const SENTINEL = 'testing.x-k8s.io/sentinel';

interface Condition { type: string; status: string; reason: string; message: string }
interface GatewayStatusEntry { kind: string; name: string; status: { addresses?: { type: string; value: string; routability?: string }[]; conditions?: Condition[] } }

test('status addresses carry their routability; unsatisfiable routability is reported, never substituted, and not served', { timeout: 180_000 }, async () => {
  requireEnvoy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-routability-'));
  const echo = new EchoBackend({ service: 'web', namespace: 'default', pod: 'web-1' });
  const backendPort = await echo.listen('127.0.0.1', 0);
  const port = 21_000 + (process.pid % 20_000);
  const gateways: Record<string, string> = {
    plain: '',
    sentinel: `[{ type: IPAddress, routability: "${SENTINEL}" }]`,
    unsupported: '[{ type: IPAddress, routability: example.com/CorpWan }]',
    'cluster-on-host': '[{ type: IPAddress, routability: Cluster }]',
    partial: '[{ type: IPAddress }, { type: IPAddress, routability: example.com/CorpWan }]',
  };
  const write = (): void => writeFileSync(path.join(dir, 'all.yaml'),
    `${PIER_GATEWAY_CLASS}---\n${Object.entries(gateways).map(([name, addresses]) => gatewayWithRouteManifests(name, port, backendPort, addresses)).join('')}`);
  write();
  const pier = await PierProcess.start({ config: { resources: dir, envoy: 'auto', gatewayAddressPool: POOL } });
  const statusOf = async (name: string): Promise<GatewayStatusEntry['status'] | undefined> =>
    (await pier.admin<GatewayStatusEntry[]>('/statuses')).find((s) => s.kind === 'Gateway' && s.name === name)?.status;
  const conditionOf = (status: GatewayStatusEntry['status'] | undefined, type: string): Condition | undefined => status?.conditions?.find((c) => c.type === type);
  const serves = (address: string): Promise<unknown> => waitFor(`Envoy to serve at ${address}:${port}`, async () => {
    const r = await httpRequest(`http://${address}:${port}/`).catch(() => undefined);
    return r?.status === 200 ? r : undefined;
  }, { timeoutMs: 30_000 });
  try {
    // Each Gateway once its assignment is reconciled.
    const statuses = await waitFor('every Gateway\'s AddressesAssigned', async () => {
      const all = await Promise.all(Object.keys(gateways).map(async (name) => [name, await statusOf(name)] as const));
      return all.every(([, s]) => conditionOf(s, 'AddressesAssigned')) ? Object.fromEntries(all) : undefined;
    }, { timeoutMs: 30_000 });

    // No spec.addresses: the pool's address, routability "" said explicitly.
    const plain = statuses.plain!;
    assert.equal(plain.addresses?.length, 1);
    assert.match(plain.addresses![0]!.value, /^127\.35\.\d+\.\d+$/);
    assert.equal(plain.addresses![0]!.routability, '', 'an explicit empty routability');
    assert.deepEqual([conditionOf(plain, 'AddressesAssigned')?.status, conditionOf(plain, 'AddressesAssigned')?.reason], ['True', 'AddressesAssigned']);

    // The sentinel: a pool address, reported with the sentinel.
    const sentinel = statuses.sentinel!;
    assert.equal(sentinel.addresses?.length, 1);
    assert.match(sentinel.addresses![0]!.value, /^127\.35\.\d+\.\d+$/);
    assert.equal(sentinel.addresses![0]!.routability, SENTINEL);
    assert.equal(conditionOf(sentinel, 'AddressesAssigned')?.reason, 'AddressesAssigned');
    assert.equal(conditionOf(sentinel, 'Programmed')?.status, 'True');

    // Unsatisfiable alone: no address, not programmed, not assigned.
    for (const name of ['unsupported', 'cluster-on-host']) {
      const s = statuses[name]!;
      assert.equal(s.addresses, undefined, `${name}: no address substituted`);
      assert.deepEqual([conditionOf(s, 'Programmed')?.status, conditionOf(s, 'Programmed')?.reason], ['False', 'AddressNotAssigned'], name);
      assert.deepEqual([conditionOf(s, 'AddressesAssigned')?.status, conditionOf(s, 'AddressesAssigned')?.reason], ['False', 'NotAssigned'], name);
      assert.equal(conditionOf(s, 'Accepted')?.status, 'True', name);
    }
    assert.match(conditionOf(statuses.unsupported, 'AddressesAssigned')!.message, /routability "example\.com\/CorpWan" is not supported/);
    assert.match(conditionOf(statuses['cluster-on-host'], 'AddressesAssigned')!.message, /routability Cluster needs a Kubernetes Service ClusterIP/);

    // Partial: the satisfied entry's address only; the other named; served.
    const partial = statuses.partial!;
    assert.equal(partial.addresses?.length, 1);
    assert.equal(partial.addresses![0]!.routability, '');
    const assigned = conditionOf(partial, 'AddressesAssigned')!;
    assert.deepEqual([assigned.status, assigned.reason], ['False', 'PartiallyAssigned']);
    assert.match(assigned.message, /spec\.addresses\[1\] \(IPAddress routability example\.com\/CorpWan\)/);
    assert.equal(conditionOf(partial, 'Programmed')?.status, 'True');

    // Real traffic at the addresses status reports; no Envoy for what was not assigned.
    for (const name of ['plain', 'sentinel', 'partial']) await serves(statuses[name]!.addresses![0]!.value);
    const envoys = (await pier.admin<{ gateway: string }[]>('/infra')).map((p) => p.gateway).sort();
    assert.deepEqual(envoys, ['default/partial', 'default/plain', 'default/sentinel']);

    // The unsupported Gateway asks for the default instead: assigned, served.
    gateways.unsupported = '[{ type: IPAddress, routability: "" }]';
    write();
    const fixed = await waitFor('the fixed Gateway assigned', async () => {
      const s = await statusOf('unsupported');
      return conditionOf(s, 'AddressesAssigned')?.status === 'True' && conditionOf(s, 'Programmed')?.status === 'True' ? s : undefined;
    }, { timeoutMs: 30_000 });
    assert.equal(fixed.addresses?.[0]?.routability, '');
    await serves(fixed.addresses![0]!.value);
  } finally {
    assert.equal(await pier.stop(), 0);
    await echo.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
