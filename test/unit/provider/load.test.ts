import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { compareProviderErrors } from '../../../src/provider/file/errors';
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
      // The API server's note that CEL rules did not run: reported at the object, without a field.
      ['mixed.yaml', 6, 'Gateway infra/bad-port', undefined],
      ['mixed.yaml', 16, 'Gateway infra/bad-port', 'spec.listeners[0].port'],
    ]);
    assert.match(errors[0]?.message ?? '', /^YAML syntax error/);
    assert.equal(errors[3]?.message, 'Gateway.gateway.networking.k8s.io "bad-port" is invalid: spec.listeners[0].port: Invalid value: "string": spec.listeners[0].port in body must be of type integer: "string"');
    assert.match(errors[2]?.message ?? '', /some validation rules were not checked because the object was invalid/);
  });

  test('Gateway API objects: validated against their CRD, published with its defaults', async () => {
    const { resources, errors } = await loadResourcesFromPaths([fixtures('crd')]);
    const routes = fixtures('crd', 'routes.yaml');
    assert.deepEqual(errors, [
      {
        source: routes, line: 30, column: 19, object: 'HTTPRoute default/bad-type', field: 'spec.rules[0].matches[0].path.type',
        message: 'HTTPRoute.gateway.networking.k8s.io "bad-type" is invalid: spec.rules[0].matches[0].path.type: Unsupported value: "Prefix": supported values: "Exact", "PathPrefix", "RegularExpression"',
      },
      {
        source: routes, line: 21, column: 1, object: 'HTTPRoute default/bad-type',
        message: 'HTTPRoute.gateway.networking.k8s.io "bad-type" is invalid: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
      },
      {
        source: routes, line: 45, column: 13, object: 'HTTPRoute default/bad-path', field: 'spec.rules[0].matches[0].path',
        message: 'HTTPRoute.gateway.networking.k8s.io "bad-path" is invalid: spec.rules[0].matches[0].path: Invalid value: "object": value must be an absolute path and start with \'/\' when type one of [\'Exact\', \'PathPrefix\']',
      },
    ].sort(compareProviderErrors));
    assert.deepEqual(resources.httpRoutes.map((r) => r.metadata.name), ['good']);
    const [rule] = resources.httpRoutes[0]?.spec.rules ?? [];
    assert.deepEqual(rule?.matches, [{ path: { type: 'PathPrefix', value: '/' } }]);
    assert.deepEqual(rule?.filters?.[0]?.requestMirror, { backendRef: { name: 'mirror', port: 80, group: '', kind: 'Service' }, fraction: { numerator: 10, denominator: 100 } });
    assert.deepEqual((rule?.filters?.[1] as { cors?: unknown } | undefined)?.cors, { allowOrigins: ['https://app.example'], maxAge: 5 });
    assert.equal('status' in (resources.gatewayClasses[0] ?? {}), false, 'the CRD\'s status default is not applied');
    assert.deepEqual(resources.gateways[0]?.spec.listeners[0]?.allowedRoutes, { namespaces: { from: 'Same' } });
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
