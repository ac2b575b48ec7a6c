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

describe('keepLastGood with objects the API server would refuse', () => {
  const tls = (keys: string): string =>
    `apiVersion: v1\nkind: Secret\nmetadata: {name: cert}\ntype: kubernetes.io/tls\ndata: {${keys}}\n`;
  const tlsRoute = (apiVersion: string, host: string): string =>
    `apiVersion: gateway.networking.k8s.io/${apiVersion}\nkind: TLSRoute\nmetadata: {name: passthrough}\nspec:\n  hostnames: [${host}]\n  rules: [{backendRefs: [{name: s, port: 443}]}]\n`;
  const keys = (objects: SourcedObject[]): string[] =>
    objects.flatMap((o) => (o.object.kind === 'Secret' ? Object.keys(o.object.data ?? {}).sort() : []));
  const hostnames = (objects: SourcedObject[]): string[] =>
    objects.flatMap((o) => (o.object.kind === 'TLSRoute' ? o.object.spec.hostnames ?? [] : []));

  test('a kubernetes.io/tls Secret losing tls.key keeps its previous version', () => {
    const previous = parseManifests(tls('tls.crt: Y3J0, tls.key: a2V5'), 's.yaml').objects;
    const parsed = parseManifests(tls('tls.crt: Y3J0'), 's.yaml');
    assert.equal(parsed.errors[0]?.message, 'data[tls.key]: Required value (a Secret of type kubernetes.io/tls must have it); this version of the object is rejected');
    assert.deepEqual(keys(keepLastGood(previous, parsed)), ['tls.crt', 'tls.key']);
  });

  test('a TLSRoute moved to an apiVersion the CRDs do not serve keeps its previous version', () => {
    const previous = parseManifests(tlsRoute('v1', 'a.example.com'), 'r.yaml').objects;
    const parsed = parseManifests(tlsRoute('v1alpha2', 'b.example.com'), 'r.yaml');
    assert.equal(parsed.errors.length, 1);
    assert.deepEqual(hostnames(keepLastGood(previous, parsed)), ['a.example.com']);
  });
});
