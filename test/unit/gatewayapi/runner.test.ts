import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Gateway, GatewayClass, HTTPRoute } from '../../../src/apis/gateway';
import { silentLogger } from '../../../src/logging/logger';
import { Bus, emptyProviderResources, statusKey, type ProviderResources } from '../../../src/message/resources';
import { anyTable, TABLE_NAMES, tableKey } from '../../../src/message/tables';
import type { KubeObject } from '../../../src/apis/meta';
import { GatewayAPITranslatorRunner } from '../../../src/gatewayapi/runner';
import { GatewayAddressPool } from '../../../src/infra/host/address-pool';

const CONTROLLER = 'pier.dev/gateway-controller';

function gatewayClass(): GatewayClass {
  return { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'pier', generation: 1 }, spec: { controllerName: CONTROLLER } };
}

function gateway(name: string): Gateway {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name, namespace: 'default', generation: 1 },
    spec: { gatewayClassName: 'pier', listeners: [{ name: 'http', protocol: 'HTTP', port: 80, allowedRoutes: { namespaces: { from: 'Same' } } }] },
  };
}

function route(name: string, gatewayName: string): HTTPRoute {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name, namespace: 'default', generation: 1 },
    spec: {
      parentRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: gatewayName }],
      rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ group: '', kind: 'Service', name: 'missing', port: 80, weight: 1 }] }],
    },
  };
}

/** Stores a whole resource set into the bus tables (deleting what is not in it), and marks the provider synced. */
function publish(bus: Bus, partial: Partial<ProviderResources>): void {
  const all = { ...emptyProviderResources(), ...partial };
  for (const table of TABLE_NAMES) {
    const map = anyTable(bus.tables, table);
    const keys = new Set<string>();
    for (const o of all[table] as KubeObject[]) {
      keys.add(tableKey(o));
      map.store(tableKey(o), o);
    }
    for (const k of map.keys()) if (!keys.has(k)) map.delete(k);
  }
  bus.providerSynced.store('test', true);
}

/** Polls until check() holds; bounded in time and tries. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('GatewayAPITranslatorRunner', () => {
  test('publishes IR and statuses, deletes what is no longer produced', async () => {
    const bus = new Bus();
    const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, defaultAddress: '127.0.0.1', logger: silentLogger() });
    runner.start();
    try {
      publish(bus, ({
        gatewayClasses: [gatewayClass()], gateways: [gateway('a'), gateway('b')], httpRoutes: [route('r', 'a')],
      }));
      await eventually(() => bus.xdsIR.load('default/a') !== undefined && bus.xdsIR.load('default/b') !== undefined, 'IR of both gateways');
      assert.equal(bus.xdsIR.load('default/a')?.http[0]?.address, '127.0.0.1');
      assert.deepEqual(bus.infraIR.load('default/b')?.addresses, ['127.0.0.1']);
      assert.ok(bus.statuses.load(statusKey('GatewayClass', undefined, 'pier')));
      const routeStatus = bus.statuses.load(statusKey('HTTPRoute', 'default', 'r'));
      assert.equal(routeStatus?.kind, 'HTTPRoute');

      // Gateway b and the route go away: their keys are deleted, the rest stays.
      publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [gateway('a')] }));
      await eventually(() => bus.xdsIR.load('default/b') === undefined, 'gateway b IR deleted');
      assert.equal(bus.infraIR.load('default/b'), undefined);
      assert.equal(bus.statuses.load(statusKey('Gateway', 'default', 'b')), undefined);
      assert.equal(bus.statuses.load(statusKey('HTTPRoute', 'default', 'r')), undefined);
      assert.ok(bus.xdsIR.load('default/a'));

      // Nothing is left: everything this runner stored is deleted.
      publish(bus, {});
      await eventually(() => bus.xdsIR.keys().length === 0 && bus.infraIR.keys().length === 0 && bus.statuses.keys().length === 0, 'everything deleted');
    } finally {
      await runner.stop();
      bus.close();
    }
  });

  test('infrastructure that reports (Kubernetes): a new Gateway is served at once, Pending with no address until the report, then what it says', async () => {
    const bus = new Bus();
    const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, defaultAddress: '0.0.0.0', infraReports: true, logger: silentLogger() });
    runner.start();
    const status = () => {
      const s = bus.statuses.load(statusKey('Gateway', 'default', 'a'));
      return s?.kind === 'Gateway' ? s.status : undefined;
    };
    try {
      publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [gateway('a')] }));
      // Served (the infrastructure makes the proxies from its IR), not Programmed, and never with the bind address.
      await eventually(() => bus.xdsIR.load('default/a') !== undefined && bus.infraIR.load('default/a') !== undefined, 'gateway a served');
      await eventually(() => status()?.conditions?.find((c) => c.type === 'Programmed')?.reason === 'Pending', 'gateway a pending');
      assert.equal(status()?.conditions?.find((c) => c.type === 'Programmed')?.status, 'False');
      assert.equal(status()?.addresses, undefined, 'no address before the report');
      // A report without programmed: nothing against it.
      bus.gatewayInfra.store('default/a', { addresses: [{ type: 'IPAddress', value: '198.19.0.7' }] });
      await eventually(() => status()?.conditions?.find((c) => c.type === 'Programmed')?.status === 'True', 'gateway a programmed');
      assert.deepEqual(status()?.addresses, [{ type: 'IPAddress', value: '198.19.0.7', routability: '' }]);
      assert.equal(status()?.conditions?.find((c) => c.type === 'AddressesAssigned')?.reason, 'AddressesAssigned');
    } finally {
      await runner.stop();
      bus.close();
    }
  });

  test('with an address pool, each Gateway waits for its own address, then binds and reports it', async () => {
    const bus = new Bus();
    const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, defaultAddress: '0.0.0.0', awaitGatewayInfra: true, logger: silentLogger() });
    runner.start();
    const programmed = (name: string) => {
      const s = bus.statuses.load(statusKey('Gateway', 'default', name));
      return s?.kind === 'Gateway' ? s.status.conditions?.find((c) => c.type === 'Programmed') : undefined;
    };
    try {
      publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [gateway('a'), gateway('b')] }));
      // No infrastructure report yet: not served, Programmed False/Pending, no address.
      await eventually(() => programmed('a')?.reason === 'Pending', 'gateway a pending');
      assert.equal(bus.xdsIR.load('default/a'), undefined);
      const pool = new GatewayAddressPool({ bus, pool: '127.32.0.0/16', logger: silentLogger() });
      pool.start();
      try {
        await eventually(() => bus.xdsIR.load('default/a') !== undefined && bus.xdsIR.load('default/b') !== undefined, 'both served');
        const a = bus.xdsIR.load('default/a')!.http[0]!.address;
        const b = bus.xdsIR.load('default/b')!.http[0]!.address;
        assert.match(a, /^127\.32\.\d+\.\d+$/);
        assert.notEqual(a, b, 'each Gateway its own address');
        const status = bus.statuses.load(statusKey('Gateway', 'default', 'a'));
        assert.deepEqual(status?.kind === 'Gateway' && status.status.addresses, [{ type: 'IPAddress', value: a, routability: '' }]);
        assert.equal(programmed('a')?.status, 'True');
        // The infrastructure says the proxies are not ready: Programmed False with its reason, config still served.
        bus.gatewayInfra.store('default/b', { ...bus.gatewayInfra.load('default/b')!, programmed: { ok: false, reason: 'Pending', message: 'no ready replica' } });
        await eventually(() => programmed('b')?.status === 'False', 'gateway b not programmed');
        assert.equal(programmed('b')?.message, 'no ready replica');
        assert.ok(bus.xdsIR.load('default/b'));
        // A Gateway that asks for its own address keeps it, and gets none from the pool.
        const own = { ...gateway('a'), spec: { ...gateway('a').spec, addresses: [{ type: 'IPAddress', value: '127.0.0.9' }] } } as Gateway;
        publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [own, gateway('b')] }));
        // The pool releases its address; the Gateway's own one (loopback: the host has it) needs no report.
        await eventually(() => bus.gatewayInfra.load('default/a') === undefined, 'pool releases a');
        await eventually(() => bus.xdsIR.load('default/a')?.http[0]?.address === '127.0.0.9', 'a binds its own address');
        assert.equal(programmed('a')?.status, 'True');
      } finally {
        await pool.stop();
      }
    } finally {
      await runner.stop();
      bus.close();
    }
  });

  test('a Gateway whose spec.addresses asks for an address (no value) gets one from the pool; without a pool, AddressNotAssigned', async () => {
    const asking = (name: string): Gateway => ({ ...gateway(name), spec: { ...gateway(name).spec, addresses: [{ type: 'IPAddress' }] } }) as Gateway;
    const gatewayStatus = (bus: Bus, name: string) => {
      const s = bus.statuses.load(statusKey('Gateway', 'default', name));
      return s?.kind === 'Gateway' ? s.status : undefined;
    };
    const programmed = (bus: Bus, name: string) => gatewayStatus(bus, name)?.conditions?.find((c) => c.type === 'Programmed');
    for (const pool of ['127.33.0.0/16', '']) {
      const bus = new Bus();
      const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, defaultAddress: '0.0.0.0', awaitGatewayInfra: pool !== '', logger: silentLogger() });
      const addresses = new GatewayAddressPool({ bus, pool, logger: silentLogger() });
      runner.start();
      addresses.start();
      try {
        publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [asking('a')] }));
        if (pool) {
          await eventually(() => programmed(bus, 'a')?.status === 'True', 'a programmed with an assigned address');
          const bound = bus.xdsIR.load('default/a')?.http[0]?.address ?? '';
          assert.match(bound, /^127\.33\.\d+\.\d+$/);
          assert.deepEqual(gatewayStatus(bus, 'a')?.addresses, [{ type: 'IPAddress', value: bound, routability: '' }]);
        } else {
          await eventually(() => programmed(bus, 'a')?.reason === 'AddressNotAssigned', 'a not programmed: no address to assign');
          assert.match(programmed(bus, 'a')?.message ?? '', /no address pool is configured \(--gateway-address-pool\)/);
          assert.equal(gatewayStatus(bus, 'a')?.addresses, undefined);
          assert.equal(gatewayStatus(bus, 'a')?.conditions?.find((c) => c.type === 'Accepted')?.status, 'True');
        }
        // Naming an address instead: bound, reported, nothing assigned.
        const own = { ...gateway('a'), spec: { ...gateway('a').spec, addresses: [{ type: 'IPAddress', value: '127.0.0.9' }, { type: 'IPAddress' }] } } as Gateway;
        publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [own] }));
        await eventually(() => bus.xdsIR.load('default/a')?.http[0]?.address === '127.0.0.9' && programmed(bus, 'a')?.status === 'True', 'a binds its own address');
        assert.deepEqual(gatewayStatus(bus, 'a')?.addresses, [{ type: 'IPAddress', value: '127.0.0.9', routability: '' }]);
        // One address per Gateway on this host: the entry without a value gets none (GEP-5093).
        assert.equal(gatewayStatus(bus, 'a')?.conditions?.find((c) => c.type === 'AddressesAssigned')?.reason, 'PartiallyAssigned');
      } finally {
        await addresses.stop();
        await runner.stop();
        bus.close();
      }
    }
  });

  test('with an address pool, a Gateway asking only for routability Cluster gets no pool address and is not served (GEP-5093)', async () => {
    const bus = new Bus();
    const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, defaultAddress: '0.0.0.0', awaitGatewayInfra: true, logger: silentLogger() });
    const pool = new GatewayAddressPool({ bus, pool: '127.34.0.0/16', logger: silentLogger() });
    runner.start();
    pool.start();
    const cluster = { ...gateway('a'), spec: { ...gateway('a').spec, addresses: [{ type: 'IPAddress', routability: 'Cluster' }] } } as Gateway;
    const conditionOf = (type: string) => {
      const s = bus.statuses.load(statusKey('Gateway', 'default', 'a'));
      return s?.kind === 'Gateway' ? s.status.conditions?.find((c) => c.type === type) : undefined;
    };
    try {
      publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [cluster] }));
      await eventually(() => conditionOf('AddressesAssigned')?.reason === 'NotAssigned', 'a not assigned');
      assert.deepEqual(bus.gatewayInfra.load('default/a'), { addresses: [] });
      assert.equal(conditionOf('Programmed')?.reason, 'AddressNotAssigned');
      assert.equal(bus.xdsIR.load('default/a'), undefined, 'not served');
    } finally {
      await pool.stop();
      await runner.stop();
      bus.close();
    }
  });

  test('reads resources stored before it started', async () => {
    const bus = new Bus();
    publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [gateway('a')] }));
    const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, logger: silentLogger() });
    runner.start();
    try {
      await eventually(() => bus.xdsIR.load('default/a') !== undefined, 'IR');
      assert.equal(bus.xdsIR.load('default/a')?.http[0]?.address, '0.0.0.0');
    } finally {
      await runner.stop();
      bus.close();
    }
  });

  test('bad input becomes status, never an exception', async () => {
    const bus = new Bus();
    const runner = new GatewayAPITranslatorRunner({ bus, controllerName: CONTROLLER, logger: silentLogger() });
    runner.start();
    try {
      // Structurally broken objects (as an unvalidated provider could pass them on).
      const broken = { ...gateway('broken'), spec: { gatewayClassName: 'pier' } } as unknown as Gateway;
      const brokenRoute = { ...route('r2', 'broken'), spec: { parentRefs: [{ name: 'broken' }], rules: [{ matches: [{ path: { type: 'Bogus', value: 'x' } }], filters: [{ type: 'Nope' }] }] } } as unknown as HTTPRoute;
      publish(bus, ({ gatewayClasses: [gatewayClass()], gateways: [broken], httpRoutes: [brokenRoute] }));
      await eventually(() => bus.statuses.load(statusKey('Gateway', 'default', 'broken')) !== undefined, 'gateway status');
      const gw = bus.statuses.load(statusKey('Gateway', 'default', 'broken'));
      assert.equal(gw?.kind === 'Gateway' && gw.status.conditions?.[0]?.status, 'False');
      const rs = bus.statuses.load(statusKey('HTTPRoute', 'default', 'r2'));
      assert.equal(rs?.kind === 'HTTPRoute' && rs.status.parents[0]?.conditions[0]?.status, 'False');
    } finally {
      await runner.stop();
      bus.close();
    }
  });
});
