import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applySchemaDefaults } from '../../../src/provider/crd/defaults';
import { defaultCrdSchemas } from '../../../src/provider/crd/load';
import { defaultResource } from '../../../src/provider/crd/resource';
import type { JSONSchemaProps } from '../../../src/provider/crd/schema';

const GROUP = 'gateway.networking.k8s.io';

describe('applySchemaDefaults: structural defaulting', () => {
  const schema: JSONSchemaProps = {
    type: 'object',
    properties: {
      mode: { type: 'string', default: 'Terminate' },
      optional: { type: 'string', nullable: true, default: 'x' },
      nested: {
        type: 'object',
        default: { inner: {} },
        properties: { inner: { type: 'object', properties: { level: { type: 'integer', default: 3 } } } },
      },
      absentParent: { type: 'object', properties: { value: { type: 'string', default: 'never' } } },
      list: { type: 'array', items: { type: 'object', properties: { weight: { type: 'integer', default: 1 } } } },
      map: { type: 'object', additionalProperties: { type: 'object', properties: { on: { type: 'boolean', default: true } } } },
    },
  };

  test('fills missing fields, recursing into defaults just set; never creates a missing parent', () => {
    assert.deepEqual(applySchemaDefaults(schema, {}), { mode: 'Terminate', optional: 'x', nested: { inner: { level: 3 } } });
  });

  test('keeps values that are set, including empty ones', () => {
    assert.deepEqual(applySchemaDefaults(schema, { mode: '', nested: { inner: { level: 0 } }, optional: 'y' }),
      { mode: '', optional: 'y', nested: { inner: { level: 0 } } });
  });

  test('null: replaced unless nullable', () => {
    assert.deepEqual(applySchemaDefaults(schema, { mode: null, optional: null }), { mode: 'Terminate', optional: null, nested: { inner: { level: 3 } } });
  });

  test('list items and map values are defaulted', () => {
    const out = applySchemaDefaults(schema, { list: [{}, { weight: 5 }], map: { a: {}, b: { on: false } } });
    assert.deepEqual(out.list, [{ weight: 1 }, { weight: 5 }]);
    assert.deepEqual(out.map, { a: { on: true }, b: { on: false } });
  });

  test('the input is not mutated and defaults are copies', () => {
    type Defaulted = { list: object[]; nested: { inner: { level: number } } };
    const input = { list: [{}] };
    const a = applySchemaDefaults(schema, input as unknown as Defaulted);
    a.nested.inner.level = 99;
    assert.deepEqual(input, { list: [{}] });
    assert.equal(applySchemaDefaults(schema, {} as Defaulted).nested.inner.level, 3);
  });
});

describe('defaultResource: the Gateway API v1.7.0 CRD defaults', () => {
  const schemas = defaultCrdSchemas();

  test('HTTPRoute: rules, matches, references, filters', () => {
    const route = defaultResource(schemas, {
      apiVersion: `${GROUP}/v1`, kind: 'HTTPRoute', metadata: { name: 'r', namespace: 'default' },
      spec: {
        parentRefs: [{ name: 'eg' }],
        rules: [
          { matches: [{ headers: [{ name: 'a', value: 'b' }] }], backendRefs: [{ name: 's', port: 80 }] },
          { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }, { type: 'CORS', cors: {} }, { type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 80 }, fraction: { numerator: 5 } } }] },
        ],
      },
    });
    assert.deepEqual(route?.spec, {
      parentRefs: [{ name: 'eg', group: GROUP, kind: 'Gateway' }],
      rules: [
        {
          matches: [{ headers: [{ name: 'a', value: 'b', type: 'Exact' }], path: { type: 'PathPrefix', value: '/' } }],
          backendRefs: [{ name: 's', port: 80, group: '', kind: 'Service', weight: 1 }],
        },
        {
          matches: [{ path: { type: 'PathPrefix', value: '/' } }],
          filters: [
            { type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 302 } },
            { type: 'CORS', cors: { maxAge: 5 } },
            { type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 80, group: '', kind: 'Service' }, fraction: { numerator: 5, denominator: 100 } } },
          ],
        },
      ],
    });
  });

  test('HTTPRoute without rules gets the single catch-all rule', () => {
    const route = defaultResource(schemas, { apiVersion: `${GROUP}/v1`, kind: 'HTTPRoute', metadata: { name: 'r' }, spec: {} });
    assert.deepEqual(route?.spec, { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }] }] });
  });

  test('Gateway: listeners and addresses; no status is made up', () => {
    const gateway = defaultResource(schemas, {
      apiVersion: `${GROUP}/v1`, kind: 'Gateway', metadata: { name: 'g' },
      spec: { gatewayClassName: 'pier', addresses: [{ value: '10.0.0.1' }], listeners: [{ name: 'https', port: 443, protocol: 'HTTPS', tls: { certificateRefs: [{ name: 'c' }] } }] },
    });
    assert.deepEqual(gateway?.spec, {
      gatewayClassName: 'pier',
      addresses: [{ value: '10.0.0.1', type: 'IPAddress' }],
      listeners: [{
        name: 'https', port: 443, protocol: 'HTTPS',
        tls: { mode: 'Terminate', certificateRefs: [{ name: 'c', group: '', kind: 'Secret' }] },
        allowedRoutes: { namespaces: { from: 'Same' } },
      }],
    });
    assert.equal('status' in (gateway ?? {}), false);
  });

  test('GRPCRoute and TCPRoute', () => {
    const grpc = defaultResource(schemas, {
      apiVersion: `${GROUP}/v1`, kind: 'GRPCRoute', metadata: { name: 'g' },
      spec: { rules: [{ matches: [{ method: { service: 'svc' } }], backendRefs: [{ name: 's', port: 9000 }] }] },
    });
    assert.deepEqual(grpc?.spec, { rules: [{ matches: [{ method: { service: 'svc', type: 'Exact' } }], backendRefs: [{ name: 's', port: 9000, group: '', kind: 'Service', weight: 1 }] }] });
    const tcp = defaultResource(schemas, { apiVersion: `${GROUP}/v1alpha2`, kind: 'TCPRoute', metadata: { name: 't' }, spec: { parentRefs: [{ name: 'eg' }], rules: [{ backendRefs: [{ name: 's', port: 1 }] }] } });
    assert.deepEqual(tcp?.spec, { parentRefs: [{ name: 'eg', group: GROUP, kind: 'Gateway' }], rules: [{ backendRefs: [{ name: 's', port: 1, group: '', kind: 'Service', weight: 1 }] }] });
  });

  test('kinds without a CRD are left to the caller', () => {
    assert.equal(defaultResource(schemas, { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }), undefined);
  });
});
