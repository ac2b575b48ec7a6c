import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { keepLastGood } from '../../../src/provider/file/lastgood';
import { parseManifests, type SourcedObject } from '../../../src/provider/file/parse';

const svc = (name: string, port: number | string): string =>
  `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}}\nspec:\n  ports: [{port: ${port}}]\n`;

const ports = (objects: SourcedObject[]): Record<string, unknown> =>
  Object.fromEntries(objects.map((o) => [o.object.metadata.name, (o.object as { spec: { ports: { port: number }[] } }).spec.ports[0]?.port]));

describe('keepLastGood', () => {
  const previous = parseManifests(`${svc('a', 1)}---\n${svc('b', 1)}`, 'f.yaml').objects;

  test('a syntax error keeps every previous object', () => {
    assert.deepEqual(ports(keepLastGood(previous, parseManifests('a: [\n', 'f.yaml'))), { a: 1, b: 1 });
  });

  test('a syntax error in a file never parsed contributes nothing', () => {
    assert.deepEqual(keepLastGood([], parseManifests('a: [\n', 'f.yaml')), []);
  });

  test('valid YAML replaces the objects; a rejected object keeps its previous version', () => {
    const parsed = parseManifests(`${svc('a', 2)}---\n${svc('b', '"x"')}`, 'f.yaml');
    assert.deepEqual(ports(keepLastGood(previous, parsed)), { a: 2, b: 1 });
  });

  test('an object removed from the file is gone', () => {
    assert.deepEqual(ports(keepLastGood(previous, parseManifests(svc('a', 3), 'f.yaml'))), { a: 3 });
  });

  test('a rejected object that never loaded before stays out', () => {
    assert.deepEqual(ports(keepLastGood(previous, parseManifests(`${svc('a', 1)}---\n${svc('c', '"x"')}`, 'f.yaml'))), { a: 1 });
  });
});
