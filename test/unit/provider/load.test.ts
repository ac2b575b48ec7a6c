import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { loadResourcesFromPaths } from '../../../src/provider/file/load';
import { testData } from '../../helpers/paths';

const fixtures = (...parts: string[]): string => testData('fixtures', 'provider', ...parts);

/** Compares value with a golden JSON file; PIER_UPDATE_GOLDEN=1 rewrites the file. */
async function assertGolden(file: string, value: unknown): Promise<void> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.PIER_UPDATE_GOLDEN === '1') {
    await fs.writeFile(file, text);
    return;
  }
  const expected = await fs.readFile(file, 'utf8').catch(() => {
    throw new Error(`missing golden file ${file}; run with PIER_UPDATE_GOLDEN=1 to create it`);
  });
  assert.deepEqual(JSON.parse(text), JSON.parse(expected));
}

describe('loadResourcesFromPaths', () => {
  test('a directory: recursive, *.yaml and *.yml only, hidden files skipped, defaults and generation 1', async () => {
    const { resources, errors } = await loadResourcesFromPaths([fixtures('quickstart')]);
    assert.deepEqual(errors, []);
    assert.equal(resources.namespaces.some((n) => n.metadata.name === 'hidden-should-not-load'), false);
    await assertGolden(fixtures('quickstart.expected.json'), resources);
  });

  test('reports every problem of invalid files and keeps the valid documents', async () => {
    const dir = fixtures('invalid');
    const { resources, errors } = await loadResourcesFromPaths([dir]);
    assert.deepEqual(resources.services.map((s) => `${s.metadata.namespace}/${s.metadata.name}`), ['infra/fine']);
    assert.deepEqual(resources.gateways, []);
    assert.deepEqual(resources.httpRoutes, []);
    assert.deepEqual(errors.map((e) => [path.basename(e.source), e.line, e.object, e.field]), [
      ['broken-syntax.yaml', 7, undefined, undefined],
      ['mixed.yaml', 2, undefined, 'kind'],
      ['mixed.yaml', 16, 'Gateway infra/bad-port', 'spec.listeners[0].port'],
    ]);
    assert.match(errors[0]?.message ?? '', /^YAML syntax error/);
  });

  test('files named explicitly, and paths that do not exist', async () => {
    const gateway = fixtures('quickstart', 'gateway.yaml');
    const missing = fixtures('does-not-exist.yaml');
    const { resources, errors } = await loadResourcesFromPaths([gateway, missing, gateway]);
    assert.equal(resources.gateways.length, 1);
    assert.equal(resources.gatewayClasses.length, 1);
    assert.deepEqual(errors, [{ source: missing, message: 'cannot read: no such file or directory' }]);
  });

  test('the same object in two files: the first path wins, the other is reported', async () => {
    const gateway = fixtures('quickstart', 'gateway.yaml');
    const { resources, errors } = await loadResourcesFromPaths([fixtures('quickstart'), gateway]);
    assert.equal(resources.gateways.length, 1, 'the same file named twice is read once');
    assert.deepEqual(errors, []);
  });
});
