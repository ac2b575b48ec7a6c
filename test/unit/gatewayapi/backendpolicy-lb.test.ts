/** BackendPolicy spec.loadBalancer as IR settings: names mapped, hashes checked, cookie TTLs in seconds. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BackendPolicy } from '../../../src/apis/pier';
import { checkBackendPolicy } from '../../../src/gatewayapi/policies/backendpolicy';

const policy = (loadBalancer: NonNullable<BackendPolicy['spec']['loadBalancer']>): BackendPolicy => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy', metadata: { name: 'bp', namespace: 'default' },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'gw' }], loadBalancer },
});

describe('BackendPolicy load balancer', () => {
  test('each type, with what it hashes', () => {
    assert.deepEqual(checkBackendPolicy(policy({ type: 'LeastRequest', leastRequest: { choiceCount: 5 } })).settings, { loadBalancer: { type: 'leastRequest', choiceCount: 5 } });
    assert.deepEqual(checkBackendPolicy(policy({ type: 'RoundRobin' })).settings, { loadBalancer: { type: 'roundRobin' } });
    assert.deepEqual(checkBackendPolicy(policy({ type: 'Maglev', consistentHash: { type: 'Header', header: { name: 'X-User' } } })).settings,
      { loadBalancer: { type: 'maglev', hashOn: { type: 'header', name: 'x-user' } } });
    assert.deepEqual(checkBackendPolicy(policy({ type: 'RingHash', consistentHash: { type: 'SourceIP' } })).settings, { loadBalancer: { type: 'ringHash', hashOn: { type: 'sourceIP' } } });
  });

  test('a cookie: TTL in whole seconds (rounded up), absent a session cookie', () => {
    const cookie = (c: { name: string; ttl?: string; path?: string }): unknown => checkBackendPolicy(policy({ type: 'RingHash', consistentHash: { type: 'Cookie', cookie: c } })).settings;
    assert.deepEqual(cookie({ name: 's' }), { loadBalancer: { type: 'ringHash', hashOn: { type: 'cookie', name: 's', ttlSeconds: 0 } } });
    assert.deepEqual(cookie({ name: 's', ttl: '1m500ms', path: '/a' }), { loadBalancer: { type: 'ringHash', hashOn: { type: 'cookie', name: 's', ttlSeconds: 61, path: '/a' } } });
  });

  test('a hash balancer without what to hash is Invalid, naming the field (input the CRD would refuse)', () => {
    const missing = checkBackendPolicy(policy({ type: 'RingHash' }));
    assert.equal(missing.content.ok, false);
    assert.match(missing.content.message, /spec\.loadBalancer\.consistentHash is required for type RingHash/);
    const noHeader = checkBackendPolicy(policy({ type: 'Maglev', consistentHash: { type: 'Header' } }));
    assert.match(noHeader.content.message, /spec\.loadBalancer\.consistentHash\.header is required for type Header/);
  });
});

describe('BackendPolicy timeouts and TCP keepalive', () => {
  const withSpec = (spec: Partial<BackendPolicy['spec']>): BackendPolicy => ({ ...policy({ type: 'RoundRobin' }), spec: { targetRefs: [], ...spec } });
  test('timeouts in milliseconds; keepalive in whole seconds, rounded up', () => {
    assert.deepEqual(checkBackendPolicy(withSpec({ timeout: { connect: '250ms', idle: '1m', streamIdle: '2s' }, tcpKeepalive: { probes: 2, idleTime: '1500ms', interval: '1m' } })).settings, {
      timeout: { connectMs: 250, idleMs: 60_000, streamIdleMs: 2000 }, tcpKeepalive: { probes: 2, idleTimeSeconds: 2, intervalSeconds: 60 },
    });
    assert.deepEqual(checkBackendPolicy(withSpec({ tcpKeepalive: {} })).settings, { tcpKeepalive: {} }, 'keepalive on with the host\'s defaults');
  });

  test('a zero timeout is Invalid, naming the field', () => {
    const zero = checkBackendPolicy(withSpec({ timeout: { connect: '0s' } }));
    assert.equal(zero.content.ok, false);
    assert.match(zero.content.message, /spec\.timeout\.connect "0s" is not a positive duration/);
  });
});
