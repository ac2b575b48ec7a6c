import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFieldError, goValue } from '../../../src/provider/crd/errors';
import type { JSONSchemaProps } from '../../../src/provider/crd/schema';
import { findUnknownFields, withoutFields } from '../../../src/provider/crd/unknown-fields';
import { validateAgainstSchema } from '../../../src/provider/crd/validate';

/** The messages of validating value (found at `field` of a one-property object) against schema. */
function messages(schema: JSONSchemaProps, value: unknown): string[] {
  const root: JSONSchemaProps = { type: 'object', properties: { field: schema } };
  return validateAgainstSchema(root, { field: value }).map(formatFieldError);
}

describe('validateAgainstSchema: one keyword at a time, in the API server\'s words', () => {
  test('type, for each JSON type', () => {
    assert.deepEqual(messages({ type: 'integer' }, '80'), ['field: Invalid value: "string": field in body must be of type integer: "string"']);
    assert.deepEqual(messages({ type: 'integer' }, 80.5), ['field: Invalid value: "number": field in body must be of type integer: "number"']);
    assert.deepEqual(messages({ type: 'number' }, 80.5), []);
    assert.deepEqual(messages({ type: 'string' }, 7), ['field: Invalid value: "integer": field in body must be of type string: "integer"']);
    assert.deepEqual(messages({ type: 'boolean' }, 'yes'), ['field: Invalid value: "string": field in body must be of type boolean: "string"']);
    assert.deepEqual(messages({ type: 'array' }, { a: 1 }), ['field: Invalid value: "object": field in body must be of type array: "object"']);
    assert.deepEqual(messages({ type: 'object' }, []), ['field: Invalid value: "array": field in body must be of type object: "array"']);
  });

  test('a value of the wrong type is not checked further', () => {
    assert.equal(messages({ type: 'integer', minimum: 1, enum: [1, 2] }, 'x').length, 1);
  });

  test('nullable', () => {
    assert.deepEqual(messages({ type: 'string', nullable: true }, null), []);
    assert.deepEqual(messages({ type: 'string' }, null), ['field: Invalid value: "null": field in body must be of type string: "null"']);
  });

  test('x-kubernetes-int-or-string', () => {
    const schema: JSONSchemaProps = { 'x-kubernetes-int-or-string': true };
    assert.deepEqual(messages(schema, 8080), []);
    assert.deepEqual(messages(schema, 'http'), []);
    assert.deepEqual(messages(schema, true), ['field: Invalid value: "boolean": field in body must be of type integer or string: "boolean"']);
  });

  test('enum: strings and numbers, supported values quoted', () => {
    assert.deepEqual(messages({ type: 'string', enum: ['Exact', 'PathPrefix', 'RegularExpression'] }, 'Prefix'),
      ['field: Unsupported value: "Prefix": supported values: "Exact", "PathPrefix", "RegularExpression"']);
    assert.deepEqual(messages({ type: 'integer', enum: [301, 302] }, 304), ['field: Unsupported value: 304: supported values: "301", "302"']);
    assert.deepEqual(messages({ type: 'integer', enum: [301, 302] }, 302), []);
  });

  test('minimum and maximum, inclusive and exclusive', () => {
    const port: JSONSchemaProps = { type: 'integer', minimum: 1, maximum: 65535 };
    assert.deepEqual(messages(port, 0), ['field: Invalid value: 0: field in body should be greater than or equal to 1']);
    assert.deepEqual(messages(port, 70000), ['field: Invalid value: 70000: field in body should be less than or equal to 65535']);
    assert.deepEqual(messages(port, 1), []);
    assert.deepEqual(messages({ type: 'integer', minimum: 1, exclusiveMinimum: true }, 1), ['field: Invalid value: 1: field in body should be greater than 1']);
    assert.deepEqual(messages({ type: 'integer', maximum: 9, exclusiveMaximum: true }, 9), ['field: Invalid value: 9: field in body should be less than 9']);
  });

  test('minLength and maxLength count characters, not bytes', () => {
    assert.deepEqual(messages({ type: 'string', minLength: 1 }, ''), ['field: Invalid value: "": field in body should be at least 1 chars long']);
    assert.deepEqual(messages({ type: 'string', maxLength: 3 }, 'abcd'), ['field: Too long: may not be more than 3 bytes']);
    assert.deepEqual(messages({ type: 'string', maxLength: 3 }, 'ééé'), [], 'three characters, six bytes');
  });

  test('pattern: JavaScript with the u flag', () => {
    const hostname: JSONSchemaProps = { type: 'string', pattern: '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$' };
    assert.deepEqual(messages(hostname, '*.example.com'), []);
    assert.deepEqual(messages(hostname, 'Example.com'), [
      `field: Invalid value: "Example.com": field in body should match '${hostname.pattern ?? ''}'`,
    ]);
    assert.deepEqual(messages({ type: 'string', pattern: '(' }, 'x'), [], 'a pattern JavaScript cannot compile is not enforced');
  });

  test('format: ipv4 and ipv6 on strings; unknown formats pass', () => {
    assert.deepEqual(messages({ type: 'string', format: 'ipv4' }, '10.0.0.1'), []);
    assert.deepEqual(messages({ type: 'string', format: 'ipv4' }, '10.0.0'), ['field: Invalid value: "10.0.0": field in body must be of type ipv4: "10.0.0"']);
    assert.deepEqual(messages({ type: 'string', format: 'ipv6' }, '::1'), []);
    assert.deepEqual(messages({ type: 'string', format: 'hostname-ish' }, '!!'), []);
    assert.deepEqual(messages({ type: 'integer', format: 'int32' }, 2 ** 40), [], 'int32 is informational, as in Kubernetes');
  });

  test('minItems and maxItems', () => {
    assert.deepEqual(messages({ type: 'array', maxItems: 32 }, new Array(33).fill('x')), ['field: Too many: 33: must have at most 32 items']);
    assert.deepEqual(messages({ type: 'array', minItems: 1 }, []), ['field: Invalid value: 0: field in body should have at least 1 items']);
  });

  test('items are checked with their index in the path', () => {
    assert.deepEqual(messages({ type: 'array', items: { type: 'integer', minimum: 1 } }, [1, 0]),
      ['field[1]: Invalid value: 0: field[1] in body should be greater than or equal to 1']);
  });

  test('required, properties and nested paths', () => {
    const schema: JSONSchemaProps = {
      type: 'object', required: ['name'],
      properties: { name: { type: 'string' }, port: { type: 'integer', minimum: 1 } },
    };
    assert.deepEqual(messages(schema, { port: 0 }), [
      'field.name: Required value',
      'field.port: Invalid value: 0: field.port in body should be greater than or equal to 1',
    ]);
  });

  test('maxProperties and additionalProperties schemas (maps)', () => {
    const labels: JSONSchemaProps = { type: 'object', maxProperties: 2, additionalProperties: { type: 'string', maxLength: 3 } };
    assert.deepEqual(messages(labels, { a: 'x', b: 'y', c: 'toolong' }), [
      'field: Too many: 3: must have at most 2 items',
      'field.c: Too long: may not be more than 3 bytes',
    ]);
  });

  test('x-kubernetes-list-type map: duplicate keys', () => {
    const listeners: JSONSchemaProps = {
      type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer' } } },
    };
    assert.deepEqual(messages(listeners, [{ name: 'a', port: 1 }, { name: 'b', port: 1 }, { name: 'a', port: 2 }]),
      ['field[2]: Duplicate value: map[string]interface {}{"name":"a"}']);
    const twoKeys: JSONSchemaProps = { ...listeners, 'x-kubernetes-list-map-keys': ['name', 'port'] };
    assert.deepEqual(messages(twoKeys, [{ name: 'a', port: 1 }, { name: 'a', port: 2 }]), []);
    assert.deepEqual(messages(twoKeys, [{ name: 'a', port: 1 }, { name: 'a', port: 1 }]),
      ['field[1]: Duplicate value: map[string]interface {}{"name":"a", "port":1}']);
  });

  test('x-kubernetes-list-type set: duplicate items; atomic: anything goes', () => {
    const hostnames = (listType: 'set' | 'atomic'): JSONSchemaProps => ({ type: 'array', 'x-kubernetes-list-type': listType, items: { type: 'string' } });
    assert.deepEqual(messages(hostnames('set'), ['a', 'b', 'a']), ['field[2]: Duplicate value: "a"']);
    assert.deepEqual(messages(hostnames('atomic'), ['a', 'a']), []);
  });

  test('oneOf, anyOf and not (the Gateway address shape)', () => {
    const address: JSONSchemaProps = {
      type: 'object',
      properties: { type: { type: 'string' }, value: { type: 'string' } },
      oneOf: [
        { properties: { type: { enum: ['IPAddress'] }, value: { anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } } },
        { properties: { type: { not: { enum: ['IPAddress'] } } } },
      ],
    };
    assert.deepEqual(messages(address, { type: 'IPAddress', value: '10.0.0.1' }), []);
    assert.deepEqual(messages(address, { type: 'Hostname', value: 'anything' }), []);
    assert.deepEqual(messages(address, { type: 'IPAddress', value: 'nope' }), [
      'field: Invalid value: "object": field in body must validate one and only one schema (oneOf). Found none valid',
      'field.value: Invalid value: "string": field.value in body must validate at least one schema (anyOf)',
      'field.value: Invalid value: "nope": field.value in body must be of type ipv4: "nope"',
    ]);
    assert.deepEqual(messages({ type: 'string', not: { enum: ['x'] } }, 'x'), ['field: Invalid value: "string": field in body must not validate the schema (not)']);
  });

  test('allOf: every branch applies', () => {
    assert.deepEqual(messages({ type: 'integer', allOf: [{ minimum: 2 }, { maximum: 1 }] }, 3), ['field: Invalid value: 3: field in body should be less than or equal to 1']);
  });

  test('properties named like Object.prototype members are not schemas', () => {
    assert.deepEqual(messages({ type: 'object', properties: { a: { type: 'string' } } }, { constructor: 1, toString: 'x' }), []);
  });
});

describe('goValue', () => {
  test('formats values as Go prints them in field errors', () => {
    assert.equal(goValue('a"b'), '"a\\"b"');
    assert.equal(goValue(3), '3');
    assert.equal(goValue(true), 'true');
    assert.equal(goValue(null), 'null');
    assert.equal(goValue({ port: 80, name: 'http' }), 'map[string]interface {}{"name":"http", "port":80}');
    assert.equal(goValue(['a', 1]), '[]interface {}{"a", 1}');
  });
});

describe('findUnknownFields', () => {
  const root: JSONSchemaProps = {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' },
      spec: {
        type: 'object',
        properties: {
          rules: { type: 'array', items: { type: 'object', properties: { matches: { type: 'array' } } } },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          anything: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        },
      },
    },
  };

  test('names undeclared fields at any depth, metadata against ObjectMeta', () => {
    const obj = {
      apiVersion: 'v', kind: 'K', metadata: { name: 'a', lables: {} }, extra: 1,
      spec: { rules: [{ matches: [] }, { matchs: [] }], labels: { free: 'form' }, anything: { goes: { here: 1 } } },
    };
    assert.deepEqual(findUnknownFields(root, obj), [['metadata', 'lables'], ['extra'], ['spec', 'rules', 1, 'matchs']]);
  });

  test('withoutFields drops them from a copy', () => {
    const obj = { spec: { rules: [{ matchs: [] }] }, extra: 1 };
    assert.deepEqual(withoutFields(obj, [['extra'], ['spec', 'rules', 0, 'matchs']]), { spec: { rules: [{}] } });
    assert.deepEqual(obj, { spec: { rules: [{ matchs: [] }] }, extra: 1 }, 'the input is untouched');
  });
});
