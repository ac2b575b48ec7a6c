import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Service } from '../../../src/apis/core';
import type { ReferenceGrant } from '../../../src/apis/gateway';
import { ResourceIndex } from '../../../src/gatewayapi/resourceindex';

function service(name: string): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { namespace: 'default', name }, spec: { ports: [{ name: 'http', port: 80 }] } };
}

function grant(name: string): ReferenceGrant {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1beta1', kind: 'ReferenceGrant', metadata: { namespace: 'backends', name },
    spec: { from: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', namespace: 'default' }], to: [{ group: '', kind: 'Service' }] },
  };
}

describe('ResourceIndex', () => {
  test('a read taken while an object existed is stale once it is deleted, and again once it is back', () => {
    const index = new ResourceIndex();
    index.set('services', service('web'));
    const { reads } = index.withReads(() => index.service('default', 'web'));
    assert.ok(index.readsCurrent(reads));
    index.set('services', undefined, { namespace: 'default', name: 'web' });
    assert.equal(index.readsCurrent(reads), false);
    const absent = index.withReads(() => index.service('default', 'web')).reads;
    index.set('services', service('web'));
    assert.equal(index.readsCurrent(absent), false);
    assert.equal(index.readsCurrent(reads), false, 'a new object is not the one read before');
  });

  test('a read taken while an object was absent holds whenever it is absent', () => {
    const index = new ResourceIndex();
    const { reads } = index.withReads(() => index.service('default', 'web'));
    index.set('services', service('web'));
    assert.equal(index.readsCurrent(reads), false);
    index.set('services', undefined, { namespace: 'default', name: 'web' });
    assert.ok(index.readsCurrent(reads), 'absent then and now: what was read is what there is');
  });

  test('objects that come and go leave no version behind', () => {
    const index = new ResourceIndex();
    index.set('services', service('kept'));
    const clock = index.clock;
    for (let cycle = 0; cycle < 3; cycle++) {
      for (let i = 0; i < 50; i++) index.set('services', service(`c${cycle}-${i}`));
      for (let i = 0; i < 5; i++) index.set('referenceGrants', grant(`g${i}`));
      for (let i = 0; i < 50; i++) index.set('services', undefined, { namespace: 'default', name: `c${cycle}-${i}` });
      for (let i = 0; i < 5; i++) index.set('referenceGrants', undefined, { namespace: 'backends', name: `g${i}` });
    }
    assert.equal(index.versionedKeys(), 1);
    assert.ok(index.clock > clock, 'the clock moves on every change, deletions included');
  });
});
