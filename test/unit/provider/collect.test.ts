import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProviderObject } from '../../../src/provider/defaults';
import { collectResources } from '../../../src/provider/file/objects/collect';
import type { SourcedObject } from '../../../src/provider/file/parse';

function svc(namespace: string, name: string, port = 80): ProviderObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { namespace, name }, spec: { ports: [{ port }] } };
}

function ns(name: string): ProviderObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

function at(object: ProviderObject, source: string, line: number): SourcedObject {
  return { object, source, line };
}

const names = (list: { metadata: { namespace?: string; name: string } }[]): string[] =>
  list.map((o) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name));

describe('collectResources', () => {
  test('sorts each list by namespace then name and applies defaults', () => {
    const { resources, errors } = collectResources([
      at(svc('b', 'a'), 'z.yaml', 1),
      at(svc('a', 'z'), 'a.yaml', 1),
      at(svc('a', 'b'), 'm.yaml', 9),
      at(ns('b'), 'n.yaml', 1),
      at(ns('a'), 'n.yaml', 5),
      at({ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'z' }, spec: { controllerName: 'c' } }, 'c.yaml', 1),
      at({ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'a' }, spec: { controllerName: 'c' } }, 'c.yaml', 7),
    ]);
    assert.deepEqual(errors, []);
    assert.deepEqual(names(resources.services), ['a/b', 'a/z', 'b/a']);
    assert.deepEqual(names(resources.namespaces), ['a', 'b']);
    assert.deepEqual(names(resources.gatewayClasses), ['a', 'z']);
    assert.equal(resources.services[0]?.spec.type, 'ClusterIP', 'defaults applied');
  });

  test('the same object twice: the first by path then line wins; the error names both places', () => {
    const objects = [
      at(svc('default', 'web', 2), 'b.yaml', 3),
      at(svc('default', 'web', 1), 'a.yaml', 10),
      at(svc('default', 'web', 3), 'a.yaml', 20),
    ];
    const { resources, errors } = collectResources(objects);
    assert.equal(resources.services.length, 1);
    assert.equal(resources.services[0]?.spec.ports?.[0]?.port, 1);
    assert.deepEqual(errors.map((e) => [e.source, e.line, e.object]), [
      ['a.yaml', 20, 'Service default/web'],
      ['b.yaml', 3, 'Service default/web'],
    ]);
    assert.match(errors[1]?.message ?? '', /^duplicate Service default\/web: already defined at a\.yaml:10; that first definition is used/);
  });

  test('same name in different kinds or namespaces is not a duplicate', () => {
    const { resources, errors } = collectResources([
      at(svc('a', 'web'), 'x.yaml', 1),
      at(svc('b', 'web'), 'x.yaml', 5),
      at({ apiVersion: 'v1', kind: 'Secret', metadata: { namespace: 'a', name: 'web' } }, 'x.yaml', 9),
    ]);
    assert.deepEqual(errors, []);
    assert.equal(resources.services.length, 2);
    assert.equal(resources.secrets.length, 1);
  });

  test('the output does not depend on input order', () => {
    const objects = [
      at(svc('default', 'web', 2), 'b.yaml', 3),
      at(svc('default', 'web', 1), 'a.yaml', 10),
      at(svc('x', 'api'), 'c.yaml', 1),
      at(ns('x'), 'c.yaml', 9),
    ];
    const forward = collectResources(objects);
    const backward = collectResources([...objects].reverse());
    assert.deepEqual(backward, forward);
  });

  test('namespaces used but not declared are implied, with the name label', () => {
    const { resources } = collectResources([
      at(svc('apps', 'a'), 'x.yaml', 1),
      at(svc('default', 'b'), 'x.yaml', 5),
      at({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'apps', labels: { team: 't' } } }, 'x.yaml', 9),
    ]);
    assert.deepEqual(resources.namespaces.map((n) => n.metadata), [
      { name: 'apps', labels: { team: 't', 'kubernetes.io/metadata.name': 'apps' } },
      { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } },
    ]);
  });

  test('inputs are not mutated', () => {
    const objects = [at(svc('a', 'web'), 'x.yaml', 1)];
    const before = structuredClone(objects);
    collectResources(objects);
    assert.deepEqual(objects, before);
  });
});
