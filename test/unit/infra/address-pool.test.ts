import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { AddressAllocator, parseAddressPool } from '../../../src/infra/host/address-pool';

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
