import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Gateway } from '../../../src/apis/gateway';
import { AddressAllocator, isHostAddress, parseAddressPool, staticAddressState } from '../../../src/infra/host/address-pool';

describe('Gateway address pool', () => {
  test('parses an IPv4 CIDR; the network and broadcast addresses are not handed out', () => {
    assert.deepEqual(parseAddressPool('127.32.0.0/16'), { first: (127 * 256 + 32) * 65536 + 1, size: 65534 });
    assert.deepEqual(parseAddressPool('127.32.5.77/30'), { first: (((127 * 256 + 32) * 256 + 5) * 256) + 76 + 1, size: 2 });
  });

  test('refuses what is not a usable IPv4 CIDR, naming the setting', () => {
    for (const bad of ['127.32.0.0', '::1/64', '300.1.1.1/16', '127.0.0.0/31', '10.0.0.0/4']) {
      assert.throws(() => parseAddressPool(bad), /gatewayAddressPool/, bad);
    }
  });

  test('one address per Gateway, kept while it lives, reused after release', () => {
    const pool = new AddressAllocator(parseAddressPool('127.40.0.0/29')); // 6 usable
    const a = pool.allocate('default/a');
    assert.equal(pool.allocate('default/a'), a, 'the same address again');
    const all = new Set([a, ...['b', 'c', 'd', 'e', 'f'].map((n) => pool.allocate(`default/${n}`))]);
    assert.equal(all.size, 6);
    for (const address of all) assert.match(address!, /^127\.40\.0\.[1-6]$/);
    assert.equal(pool.allocate('default/g'), undefined, 'exhausted');
    pool.release('default/c');
    assert.ok(pool.allocate('default/g'), 'a released address is handed out again');
  });

  test('a Gateway gets its hashed slot back in a fresh allocator (a restarted Pier)', () => {
    const first = new AddressAllocator(parseAddressPool('127.32.0.0/16')).allocate('team/web');
    const second = new AddressAllocator(parseAddressPool('127.32.0.0/16'));
    second.allocate('other/gw');
    assert.equal(second.allocate('team/web'), first);
  });
});

describe('a Gateway\'s own addresses on host infrastructure', () => {
  const gw = (addresses: { type?: string; value?: string; routability?: string }[]) => ({
    apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'g', namespace: 'default' },
    spec: { gatewayClassName: 'pier', addresses, listeners: [] },
  }) as unknown as Gateway;
  const has = (ip: string) => ip.startsWith('127.');

  test('addresses the host has: nothing to report (the translator binds and reports the first itself)', () => {
    assert.equal(staticAddressState(gw([{ value: '127.31.0.7' }, { type: 'IPAddress', value: '127.31.0.8' }]), has), undefined);
  });

  test('an address the host does not have: AddressNotUsable, naming it; the usable one is still the one reported', () => {
    const state = staticAddressState(gw([{ value: '192.0.2.7' }, { value: '127.31.0.7' }]), has);
    assert.equal(state?.bindAddress, '127.31.0.7');
    assert.deepEqual(state?.addresses, [{ type: 'IPAddress', value: '127.31.0.7' }]);
    assert.equal(state?.programmed?.ok, false);
    assert.equal(state?.programmed?.reason, 'AddressNotUsable');
    assert.match(state?.programmed?.message ?? '', /192\.0\.2\.7/);
  });

  test('no IP address at all: nothing to say (the translator reports unsupported types)', () => {
    assert.equal(staticAddressState(gw([{ type: 'Hostname', value: 'gw.example.com' }]), has), undefined);
  });

  test('only addresses the host does not have: nothing bound, none reported, not Programmed', () => {
    const state = staticAddressState(gw([{ value: '192.0.2.7' }]), has);
    assert.deepEqual(state?.addresses, []);
    assert.equal(state?.bindAddress, undefined);
    assert.equal(state?.programmed?.reason, 'AddressNotUsable');
  });

  test('only entries of default routability are bound (GEP-5093): a Cluster or unknown one is left for the translator to refuse', () => {
    assert.equal(staticAddressState(gw([{ value: '10.96.0.1', routability: 'Cluster' }, { value: '192.0.2.9', routability: 'example.com/CorpWan' }]), has), undefined);
    const sentinel = staticAddressState(gw([{ value: '192.0.2.7', routability: 'testing.x-k8s.io/sentinel' }, { value: '127.31.0.7', routability: '' }]), has);
    assert.equal(sentinel?.bindAddress, '127.31.0.7');
    assert.equal(sentinel?.programmed?.reason, 'AddressNotUsable');
  });

  test('the host\'s own interfaces and loopback count as its addresses', () => {
    assert.ok(isHostAddress('127.45.6.7'));
    assert.ok(isHostAddress('0.0.0.0'));
    assert.ok(!isHostAddress('192.0.2.123', {}));
  });
});
