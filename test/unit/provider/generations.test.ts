import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../../src/apis/core';
import { emptyProviderResources, type ProviderResources } from '../../../src/message/resources';
import { GenerationTracker } from '../../../src/provider/file/objects/generations';

function service(name: string, port: number, labels?: Record<string, string>): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { namespace: 'default', name, labels }, spec: { ports: [{ port }] } };
}

function withServices(...services: Service[]): ProviderResources {
  const r = emptyProviderResources();
  r.services.push(...services);
  return r;
}

const generations = (r: ProviderResources): Record<string, number | undefined> =>
  Object.fromEntries(r.services.map((s) => [s.metadata.name, s.metadata.generation]));

describe('GenerationTracker', () => {
  test('1 when first seen, +1 on each spec change, unchanged otherwise', () => {
    const tracker = new GenerationTracker();
    assert.deepEqual(generations(tracker.stamp(withServices(service('a', 80), service('b', 80)))), { a: 1, b: 1 });
    assert.deepEqual(generations(tracker.stamp(withServices(service('a', 80), service('b', 81)))), { a: 1, b: 2 });
    assert.deepEqual(generations(tracker.stamp(withServices(service('a', 80), service('b', 81)))), { a: 1, b: 2 });
    assert.deepEqual(generations(tracker.stamp(withServices(service('a', 80), service('b', 82)))), { a: 1, b: 3 });
  });

  test('metadata, status and apiVersion changes do not count', () => {
    const tracker = new GenerationTracker();
    tracker.stamp(withServices(service('a', 80)));
    const relabelled = service('a', 80, { team: 'x' });
    const out = tracker.stamp(withServices({ ...relabelled, apiVersion: 'v1' }));
    assert.equal(out.services[0]?.metadata.generation, 1);
  });

  test('objects that are gone are forgotten and start again at 1', () => {
    const tracker = new GenerationTracker();
    tracker.stamp(withServices(service('a', 80)));
    tracker.stamp(withServices(service('a', 81)));
    tracker.stamp(withServices());
    assert.equal(tracker.size, 0);
    assert.deepEqual(generations(tracker.stamp(withServices(service('a', 81)))), { a: 1 });
  });

  test('an input generation is replaced, and the input is not mutated', () => {
    const tracker = new GenerationTracker();
    const input = withServices({ ...service('a', 80), metadata: { namespace: 'default', name: 'a', generation: 42 } });
    const before = structuredClone(input);
    const out = tracker.stamp(input);
    assert.equal(out.services[0]?.metadata.generation, 1);
    assert.deepEqual(input, before);
  });

  test('identity is per kind: the same name in two kinds is tracked apart', () => {
    const tracker = new GenerationTracker();
    const r = withServices(service('a', 80));
    r.secrets.push({ apiVersion: 'v1', kind: 'Secret', metadata: { namespace: 'default', name: 'a' }, data: { k: 'dg==' } });
    tracker.stamp(r);
    const r2 = withServices(service('a', 80));
    r2.secrets.push({ apiVersion: 'v1', kind: 'Secret', metadata: { namespace: 'default', name: 'a' }, data: { k: 'dw==' } });
    const out = tracker.stamp(r2);
    assert.equal(out.services[0]?.metadata.generation, 1);
    assert.equal(out.secrets[0]?.metadata.generation, 2);
  });
});
