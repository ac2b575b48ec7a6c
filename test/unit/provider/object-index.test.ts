/**
 * The incremental index gives, after every change, exactly what a whole-set collection gives
 * (collectResources, then generations stamped as the provider used to on every reload): the same
 * objects, defaults, made-up Namespaces, generations and duplicate errors, for random sequences of
 * files being written, rewritten and removed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProviderError, ProviderResources } from '../../../src/message/resources';
import type { ProviderObject } from '../../../src/provider/defaults';
import { collectResources, resourcesOf } from '../../../src/provider/file/objects/collect';
import { GenerationTracker } from '../../../src/provider/file/objects/generations';
import { ObjectIndex } from '../../../src/provider/file/objects/object-index';
import type { SourcedObject } from '../../../src/provider/file/parse';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

function randomObject(rnd: () => number): ProviderObject {
  const namespace = pick(rnd, ['a', 'b', 'c']);
  const name = pick(rnd, ['x', 'y']);
  switch (pick(rnd, ['Service', 'Service', 'Secret', 'Namespace'])) {
    case 'Service': return { apiVersion: 'v1', kind: 'Service', metadata: { namespace, name }, spec: { ports: [{ port: pick(rnd, [80, 81]) }] } };
    case 'Secret': return { apiVersion: 'v1', kind: 'Secret', metadata: { namespace, name }, stringData: { k: pick(rnd, ['1', '2']) } };
    default: return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels: { team: pick(rnd, ['t1', 't2']) } } };
  }
}

function sortErrors(errors: ProviderError[]): string[] {
  return errors.map((e) => `${e.source}:${e.line} ${e.message}`).sort();
}

describe('ObjectIndex', () => {
  for (const [seed, ownsDefinitions] of [[1, false], [2, false], [3, true], [4, true]] as const) {
    const owning = ownsDefinitions ? ', definitions owned (replaced by their defaulted objects)' : '';
    test(`random file edits (seed ${seed}${owning}): incremental == collect + stamp after every step`, () => {
      const rnd = random(seed);
      const index = new ObjectIndex({ generations: true, ownsDefinitions });
      const tracker = new GenerationTracker();
      const files = new Map<string, SourcedObject[]>();
      const tables = new Map<string, ProviderObject>();
      for (let step = 0; step < 400; step++) {
        const file = pick(rnd, ['f0.yaml', 'f1.yaml', 'f2.yaml', 'f3.yaml', 'f4.yaml']);
        const count = rnd() < 0.2 ? 0 : 1 + Math.floor(rnd() * 3);
        const objects = Array.from({ length: count }, (_, i): SourcedObject => ({ object: randomObject(rnd), source: file, line: 1 + i * 10 }));
        if (count === 0) files.delete(file);
        else files.set(file, objects);
        index.setSource(file, objects);
        const { changes } = index.flush();
        for (const change of changes) {
          if (change.object) tables.set(`${change.table}/${change.key}`, change.object);
          else tables.delete(`${change.table}/${change.key}`);
        }

        const all = [...files.values()].flat();
        if (ownsDefinitions) {
          // Every published object is the one its definition now holds (one copy), generation aside.
          for (const published of tables.values()) {
            const { generation: _generation, ...metadata } = published.metadata;
            // The definition that wins: first by source, then line (made-up Namespaces have none).
            const winner = all.filter((d) => d.object.kind === published.kind && d.object.metadata.name === published.metadata.name
              && d.object.metadata.namespace === published.metadata.namespace)
              .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.line - b.line))[0];
            if (!winner) continue;
            assert.ok(Object.isFrozen(winner.object), `held object frozen at step ${step}`);
            const { generation: _heldGeneration, ...heldMetadata } = winner.object.metadata;
            assert.deepEqual({ ...published, metadata }, { ...winner.object, metadata: heldMetadata }, `held object at step ${step}`);
          }
        }
        const expected = collectResources(all);
        const stamped: ProviderResources = tracker.stamp(expected.resources);
        assert.deepEqual(resourcesOf(tables.values()), stamped, `step ${step}`);
        assert.deepEqual(sortErrors(index.allDuplicateErrors()), sortErrors(expected.errors), `errors at step ${step}`);
        for (const source of files.keys()) {
          assert.deepEqual(sortErrors(index.duplicateErrors(source)), sortErrors(expected.errors.filter((e) => e.source === source)), `errors of ${source} at step ${step}`);
        }
      }
    });
  }

  test('an unchanged source changes nothing; only the identities a change touches are published', () => {
    const index = new ObjectIndex({ generations: true });
    const svc = (name: string, port: number): SourcedObject => ({ object: { apiVersion: 'v1', kind: 'Service', metadata: { namespace: 'a', name }, spec: { ports: [{ port }] } }, source: `${name}.yaml`, line: 1 });
    const x = [svc('x', 80)];
    index.setSource('x.yaml', x);
    index.setSource('y.yaml', [svc('y', 80)]);
    assert.deepEqual(index.flush().changes.map((c) => `${c.table} ${c.key} ${c.object?.metadata.generation}`), ['namespaces a 1', 'services a/x 1', 'services a/y 1']);
    index.setSource('x.yaml', x);
    assert.deepEqual(index.flush().changes, []);
    index.setSource('y.yaml', [svc('y', 81)]);
    assert.deepEqual(index.flush().changes.map((c) => `${c.table} ${c.key} ${c.object?.metadata.generation}`), ['services a/y 2']);
    index.setSource('y.yaml', []);
    index.setSource('x.yaml', []);
    assert.deepEqual(index.flush().changes.map((c) => `${c.table} ${c.key} ${c.object === undefined ? 'deleted' : 'stored'}`).sort(), ['namespaces a deleted', 'services a/x deleted', 'services a/y deleted']);
  });
});
