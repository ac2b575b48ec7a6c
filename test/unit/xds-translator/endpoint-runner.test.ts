import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { SERVICE_NAME_LABEL, type EndpointSlice } from '../../../src/apis/core';
import { silentLogger } from '../../../src/logging/logger';
import { Bus } from '../../../src/message/resources';
import { freezeValue } from '../../../src/message/watchable';
import { EndpointRunner } from '../../../src/xds/translator/endpoints/endpoint-runner';
import type { EndpointBinding } from '../../../src/xds/types';
import { waitFor as waitForValue } from '../../helpers/net';

/** Until check() holds (the shared poller, bounded in time). */
const waitFor = (what: string, check: () => boolean): Promise<true> => waitForValue(what, () => (check() ? true : undefined), { timeoutMs: 2_000, intervalMs: 5 });

const GATEWAY = 'default/edge';

function slice(service: string, address: string): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { namespace: 'default', name: `${service}-1`, labels: { [SERVICE_NAME_LABEL]: service } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [address], conditions: { ready: true } }],
    ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
  };
}

function binding(service: string): EndpointBinding {
  return { cluster: `default/${service}/80`, localities: [{ endpointsOf: { namespace: 'default', service, portName: 'http' } }] };
}

function addressesOf(bus: Bus, cluster: string): string[] {
  const assignment = bus.xdsEndpoints.load(GATEWAY)?.endpoints.find((e) => e.cluster_name === cluster);
  return (assignment?.endpoints ?? []).flatMap((l) => (l.lb_endpoints ?? []).map((e) => e.endpoint?.address?.socket_address?.address ?? ''));
}

describe('EndpointRunner', () => {
  test('an EndpointSlice change rebuilds the assignment of the cluster that uses its Service', async () => {
    const bus = new Bus();
    const runner = new EndpointRunner({ bus, logger: silentLogger() });
    runner.start();
    try {
      bus.tables.endpointSlices.store('default/web-1', slice('web', '10.0.0.1'));
      bus.endpointBindings.store(GATEWAY, [binding('web')]);
      await waitFor('the first assignment', () => addressesOf(bus, 'default/web/80').join() === '10.0.0.1');
      bus.tables.endpointSlices.store('default/web-1', slice('web', '10.0.0.2'));
      await waitFor('the new address', () => addressesOf(bus, 'default/web/80').join() === '10.0.0.2');
    } finally {
      await runner.stop();
    }
  });

  test('an XBackend EndpointSelector binding follows every labelled slice of its namespace as slices come, change and go', async () => {
    const bus = new Bus();
    const runner = new EndpointRunner({ bus, logger: silentLogger() });
    runner.start();
    const labelled = (name: string, address: string, app: string): EndpointSlice => ({ ...slice(name, address), metadata: { namespace: 'default', name: `${name}-1`, labels: { [SERVICE_NAME_LABEL]: name, app } } });
    const cluster = 'xbackend:default/web';
    try {
      bus.tables.endpointSlices.store('default/a-1', labelled('a', '10.0.2.1', 'web'));
      bus.tables.endpointSlices.store('default/b-1', labelled('b', '10.0.2.2', 'api'));
      bus.endpointBindings.store(GATEWAY, [{ cluster, localities: [{ endpointsOf: { namespace: 'default', service: '', portName: '', selector: { app: 'web' }, port: 8080 } }] }]);
      await waitFor('the selected slice', () => addressesOf(bus, cluster).join() === '10.0.2.1');
      bus.tables.endpointSlices.store('default/b-1', labelled('b', '10.0.2.2', 'web'));
      await waitFor('a slice relabelled into the selection', () => addressesOf(bus, cluster).join() === '10.0.2.1,10.0.2.2');
      bus.tables.endpointSlices.delete('default/a-1');
      await waitFor('a slice gone', () => addressesOf(bus, cluster).join() === '10.0.2.2');
    } finally {
      await runner.stop();
    }
  });

  test('Services, slices and bindings that come and go leave nothing in its indexes', async () => {
    const bus = new Bus();
    const runner = new EndpointRunner({ bus, logger: silentLogger() });
    runner.start();
    try {
      bus.tables.endpointSlices.store('default/kept-1', slice('kept', '10.0.1.1'));
      bus.endpointBindings.store(GATEWAY, [binding('kept')]);
      await waitFor('the kept assignment', () => addressesOf(bus, 'default/kept/80').length === 1);
      const steady = runner.retained();
      for (let cycle = 0; cycle < 3; cycle++) {
        const services = Array.from({ length: 20 }, (_, i) => `c${cycle}-${i}`);
        for (const s of services) bus.tables.endpointSlices.store(`default/${s}-1`, slice(s, '10.0.2.1'));
        // Some bound Services have no slices at all: their (empty) endpoints are resolved too.
        bus.endpointBindings.store(GATEWAY, [binding('kept'), ...services.map(binding), binding(`c${cycle}-sliceless`)]);
        await waitFor(`cycle ${cycle} assigned`, () => addressesOf(bus, `default/${services[19]!}/80`).length === 1);
        for (const s of services) bus.tables.endpointSlices.delete(`default/${s}-1`);
        bus.endpointBindings.store(GATEWAY, [binding('kept')]);
        await waitFor(`cycle ${cycle} removed`, () => (bus.xdsEndpoints.load(GATEWAY)?.endpoints.length ?? 0) === 1);
      }
      assert.deepEqual(runner.retained(), steady);
      assert.deepEqual(addressesOf(bus, 'default/kept/80'), ['10.0.1.1']);
      bus.endpointBindings.delete(GATEWAY);
      bus.tables.endpointSlices.delete('default/kept-1');
      await waitFor('the gateway gone', () => bus.xdsEndpoints.load(GATEWAY) === undefined);
      await waitFor('nothing retained', () => Object.values(runner.retained()).every((n) => n === 0));
    } finally {
      await runner.stop();
    }
  });

  test('a binding kept (the same frozen object) across binding changes still follows its Service', async () => {
    const bus = new Bus();
    const runner = new EndpointRunner({ bus, logger: silentLogger() });
    runner.start();
    try {
      // The xDS translator hands over the same frozen binding for an unchanged cluster: the
      // runner keeps its links instead of relinking it, and only relinks what came or went.
      const kept = freezeValue(binding('kept'));
      bus.tables.endpointSlices.store('default/kept-1', slice('kept', '10.0.1.1'));
      bus.tables.endpointSlices.store('default/other-1', slice('other', '10.0.3.1'));
      bus.endpointBindings.store(GATEWAY, [kept]);
      await waitFor('the kept assignment', () => addressesOf(bus, 'default/kept/80').join() === '10.0.1.1');
      const steady = runner.retained();
      bus.endpointBindings.store(GATEWAY, [kept, freezeValue(binding('other'))]);
      await waitFor('the other assignment', () => addressesOf(bus, 'default/other/80').join() === '10.0.3.1');
      bus.endpointBindings.store(GATEWAY, [kept]);
      await waitFor('the other cluster gone', () => (bus.xdsEndpoints.load(GATEWAY)?.endpoints.length ?? 0) === 1);
      bus.tables.endpointSlices.store('default/kept-1', slice('kept', '10.0.1.2'));
      await waitFor('the kept cluster\'s new address', () => addressesOf(bus, 'default/kept/80').join() === '10.0.1.2');
      assert.deepEqual(runner.retained(), steady);
    } finally {
      await runner.stop();
    }
  });

  test('a kept binding whose Service changes in the same batch as another binding of its gateway gets the new endpoints', async () => {
    const bus = new Bus();
    const runner = new EndpointRunner({ bus, logger: silentLogger() });
    runner.start();
    try {
      // A Service with no slices yet (a controller makes them a moment later), then, in one
      // batch, its first slice and a new binding for another Service of the same gateway.
      const kept = freezeValue(binding('kept'));
      bus.endpointBindings.store(GATEWAY, [kept]);
      await waitFor('the kept cluster, without endpoints', () => bus.xdsEndpoints.load(GATEWAY)?.endpoints.length === 1);
      assert.deepEqual(addressesOf(bus, 'default/kept/80'), []);
      bus.tables.endpointSlices.store('default/other-1', slice('other', '10.0.3.1'));
      bus.tables.endpointSlices.store('default/kept-1', slice('kept', '10.0.1.1'));
      bus.endpointBindings.store(GATEWAY, [kept, freezeValue(binding('other'))]);
      await waitFor('the other assignment', () => addressesOf(bus, 'default/other/80').join() === '10.0.3.1');
      assert.deepEqual(addressesOf(bus, 'default/kept/80'), ['10.0.1.1']);
    } finally {
      await runner.stop();
    }
  });

  /**
   * A deterministic sequence: mostly one to three slices changed (the stored lists are then
   * patched in place), sometimes a Service's slices deleted or a binding added, removed or (in
   * name order) replaced by one reading another Service. In name order, as the xDS translator
   * lists them, changed bindings are patched in too; out of order they are stored whole again.
   */
  const sequence = async (inNameOrder: boolean, seed: number, serviceCount: number): Promise<void> => {
    const next = (): number => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const services = Array.from({ length: serviceCount }, (_, i) => `svc${i}`);
    const slices = new Map<string, EndpointSlice>(services.map((s, i) => [`default/${s}-1`, slice(s, `10.1.0.${i}`)]));
    const order = (list: EndpointBinding[]): EndpointBinding[] => (inNameOrder ? list.sort((a, b) => (a.cluster < b.cluster ? -1 : 1)) : list);
    // In name order, half the Services start unbound, so bindings come as often as they go.
    let bindings = order(services.filter((_, i) => !inNameOrder || i % 2 === 0).map((s) => freezeValue(binding(s))));
    const bus = new Bus();
    const runner = new EndpointRunner({ bus, logger: silentLogger() });
    runner.start();
    try {
      for (const [key, s] of slices) bus.tables.endpointSlices.store(key, s);
      bus.endpointBindings.store(GATEWAY, bindings);
      for (let step = 0; step < 60; step++) {
        const roll = next();
        if (roll < 0.75) {
          for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
            const service = services[Math.floor(next() * services.length)]!;
            const value = slice(service, `10.2.${step}.${k}`);
            slices.set(`default/${service}-1`, value);
            bus.tables.endpointSlices.store(`default/${service}-1`, value);
          }
        } else if (roll < 0.85) {
          const key = `default/${services[Math.floor(next() * services.length)]!}-1`;
          slices.delete(key);
          bus.tables.endpointSlices.delete(key);
        } else {
          const i = Math.floor(next() * bindings.length);
          const other = `svc${Math.floor(next() * serviceCount)}`;
          if (inNameOrder && roll < 0.89) {
            const replaced = bindings[i]!;
            bindings = bindings.map((b) => (b === replaced ? freezeValue({ cluster: b.cluster, localities: [{ endpointsOf: { namespace: 'default', service: other, portName: 'http' } }] }) : b));
          } else {
            bindings = order(roll < 0.93 ? bindings.filter((_, j) => j !== i) : [...bindings, freezeValue(binding(other))].filter((b, j, all) => all.findIndex((o) => o.cluster === b.cluster) === j));
          }
          bus.endpointBindings.store(GATEWAY, bindings);
        }
        const freshBus = new Bus();
        const fresh = new EndpointRunner({ bus: freshBus, logger: silentLogger() });
        fresh.start();
        try {
          for (const [key, s] of slices) freshBus.tables.endpointSlices.store(key, s);
          freshBus.endpointBindings.store(GATEWAY, bindings);
          const expected = await waitForValue(`step ${step}: the fresh runner's endpoints`, () => freshBus.xdsEndpoints.load(GATEWAY), { timeoutMs: 2_000, intervalMs: 2 });
          await waitFor(`step ${step}: the same endpoints as a fresh runner`, () => isDeepStrictEqual(bus.xdsEndpoints.load(GATEWAY), expected));
        } finally {
          await fresh.stop();
        }
      }
    } finally {
      await runner.stop();
    }
  };

  test('endpoint changes among many clusters, with bindings changing now and then, store what a fresh runner stores', async () => {
    await sequence(false, 11, 60);
  });

  test('the same with bindings in name order (patched in place), store what a fresh runner stores', async () => {
    for (const seed of [11, 12, 13, 14]) await sequence(true, seed, 16);
  });
});
