/**
 * Structural OpenAPI v3 validation of a decoded object against a CRD schema, with the messages the
 * API server gives (kube-openapi's "<path> in body ..." details wrapped in field errors). Covers
 * type, enum, required, properties, additionalProperties, items, min/max(Length|Items|Properties),
 * minimum/maximum (and exclusive), pattern, format, nullable, x-kubernetes-int-or-string, the
 * list types set and map, and allOf/anyOf/oneOf/not. CEL rules are checked separately (cel/).
 */
import { deepEqual } from 'fast-equals';
import { fieldErrors, type FieldError } from './errors';
import { satisfiesFormat } from './formats';
import { formatFieldPath, isRecord, type FieldPath } from './path';
import { compilePattern } from './pattern';
import type { JSONSchemaProps } from './schema';
import { additionalSchema, jsonTypeOf, propertySchema } from './util';

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object': return isRecord(value);
    case 'array': return Array.isArray(value);
    case 'string': return typeof value === 'string';
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
    default: return true;
  }
}

/** "spec.listeners[0].port in body" (kube-openapi names the location "body"). */
function inBody(path: FieldPath): string {
  return `${formatFieldPath(path)} in body`;
}

/** "<path> in body must be of type integer: \"string\"": the value shown is the type found. */
function typeInvalid(path: FieldPath, found: string, expected: string): FieldError {
  return { ...fieldErrors.invalid(path, found, `${inBody(path)} must be of type ${expected}: "${found}"`), typeInvalid: true };
}

/** Runs every check of schema on value; problems are appended to out. */
function visit(schema: JSONSchemaProps, value: unknown, path: FieldPath, out: FieldError[]): void {
  if (value === null || value === undefined) {
    if (!schema.nullable && schema.type) out.push(typeInvalid(path, 'null', schema.type));
    return;
  }
  if (schema['x-kubernetes-int-or-string']) {
    if (!typeMatches('integer', value) && typeof value !== 'string') {
      out.push(typeInvalid(path, jsonTypeOf(value), 'integer or string'));
      return;
    }
  } else if (schema.type && !typeMatches(schema.type, value)) {
    out.push(typeInvalid(path, jsonTypeOf(value), schema.type));
    return; // nothing below makes sense for a value of the wrong type
  }
  if (schema.enum && !schema.enum.some((allowed) => deepEqual(allowed, value))) {
    out.push(fieldErrors.notSupported(path, value, schema.enum));
  }
  if (typeof value === 'string') checkString(schema, value, path, out);
  else if (typeof value === 'number') checkNumber(schema, value, path, out);
  else if (Array.isArray(value)) checkArray(schema, value, path, out);
  else if (isRecord(value)) checkObject(schema, value, path, out);
  checkCombinators(schema, value, path, out);
}

function checkString(schema: JSONSchemaProps, value: string, path: FieldPath, out: FieldError[]): void {
  // Lengths count characters (code points), as Go's utf8.RuneCountInString does.
  const length = schema.maxLength !== undefined || schema.minLength !== undefined ? [...value].length : 0;
  if (schema.maxLength !== undefined && length > schema.maxLength) out.push(fieldErrors.tooLong(path, schema.maxLength));
  if (schema.minLength !== undefined && length < schema.minLength) {
    out.push(fieldErrors.invalid(path, value, `${inBody(path)} should be at least ${schema.minLength} chars long`));
  }
  if (schema.pattern !== undefined) {
    const pattern = compilePattern(schema.pattern);
    // A pattern JavaScript cannot compile is not the user's fault: it is not enforced.
    if (pattern instanceof RegExp && !pattern.test(value)) {
      out.push(fieldErrors.invalid(path, value, `${inBody(path)} should match '${schema.pattern}'`));
    }
  }
  if (schema.format !== undefined && !satisfiesFormat(schema.format, value)) {
    out.push(fieldErrors.invalid(path, value, `${inBody(path)} must be of type ${schema.format}: ${JSON.stringify(value)}`));
  }
}

function checkNumber(schema: JSONSchemaProps, value: number, path: FieldPath, out: FieldError[]): void {
  if (schema.minimum !== undefined) {
    const below = schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum;
    if (below) out.push(fieldErrors.invalid(path, value, `${inBody(path)} should be greater than ${schema.exclusiveMinimum ? '' : 'or equal to '}${schema.minimum}`));
  }
  if (schema.maximum !== undefined) {
    const above = schema.exclusiveMaximum ? value >= schema.maximum : value > schema.maximum;
    if (above) out.push(fieldErrors.invalid(path, value, `${inBody(path)} should be less than ${schema.exclusiveMaximum ? '' : 'or equal to '}${schema.maximum}`));
  }
}

function checkArray(schema: JSONSchemaProps, value: unknown[], path: FieldPath, out: FieldError[]): void {
  if (schema.maxItems !== undefined && value.length > schema.maxItems) out.push(fieldErrors.tooMany(path, value.length, schema.maxItems));
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    out.push(fieldErrors.invalid(path, value.length, `${inBody(path)} should have at least ${schema.minItems} items`));
  }
  const items = schema.items;
  if (items) value.forEach((item, index) => visit(items, item, [...path, index], out));
  checkListType(schema, value, path, out);
}

/** x-kubernetes-list-type: set items, and map keys, must be unique; later repeats are reported. */
function checkListType(schema: JSONSchemaProps, value: unknown[], path: FieldPath, out: FieldError[]): void {
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'set') {
    value.forEach((item, index) => {
      if (value.slice(0, index).some((earlier) => deepEqual(earlier, item))) out.push(fieldErrors.duplicate([...path, index], item));
    });
  } else if (listType === 'map') {
    const keys = schema['x-kubernetes-list-map-keys'] ?? [];
    const seen = new Set<string>();
    value.forEach((item, index) => {
      if (!isRecord(item)) return;
      const key: Record<string, unknown> = {};
      for (const name of keys) if (item[name] !== undefined) key[name] = item[name];
      const id = JSON.stringify(keys.map((name) => item[name] ?? null));
      if (seen.has(id)) out.push(fieldErrors.duplicate([...path, index], key));
      seen.add(id);
    });
  }
}

function checkObject(schema: JSONSchemaProps, value: Record<string, unknown>, path: FieldPath, out: FieldError[]): void {
  const count = Object.keys(value).length;
  if (schema.maxProperties !== undefined && count > schema.maxProperties) out.push(fieldErrors.tooMany(path, count, schema.maxProperties));
  if (schema.minProperties !== undefined && count < schema.minProperties) {
    out.push(fieldErrors.invalid(path, count, `${inBody(path)} should have at least ${schema.minProperties} properties`));
  }
  for (const name of schema.required ?? []) {
    if (value[name] === undefined) out.push(fieldErrors.required([...path, name]));
  }
  const additional = additionalSchema(schema);
  for (const [key, child] of Object.entries(value)) {
    const sub = propertySchema(schema, key) ?? additional;
    if (sub) visit(sub, child, [...path, key], out);
  }
}

/** Errors of value against one branch (the branch's own path context). */
function branchErrors(schema: JSONSchemaProps, value: unknown, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  visit(schema, value, path, errors);
  return errors;
}

function checkCombinators(schema: JSONSchemaProps, value: unknown, path: FieldPath, out: FieldError[]): void {
  const typeName = jsonTypeOf(value);
  for (const branch of schema.allOf ?? []) visit(branch, value, path, out);
  if (schema.anyOf) {
    const results = schema.anyOf.map((branch) => branchErrors(branch, value, path));
    if (!results.some((errors) => errors.length === 0)) {
      out.push(fieldErrors.invalid(path, typeName, `${inBody(path)} must validate at least one schema (anyOf)`));
      out.push(...(results[0] ?? []));
    }
  }
  if (schema.oneOf) {
    const results = schema.oneOf.map((branch) => branchErrors(branch, value, path));
    const valid = results.filter((errors) => errors.length === 0).length;
    if (valid !== 1) {
      const found = valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`;
      out.push(fieldErrors.invalid(path, typeName, `${inBody(path)} must validate one and only one schema (oneOf). ${found}`));
      if (valid === 0) out.push(...(results[0] ?? []));
    }
  }
  if (schema.not && branchErrors(schema.not, value, path).length === 0) {
    out.push(fieldErrors.invalid(path, typeName, `${inBody(path)} must not validate the schema (not)`));
  }
}

/** Validates value (at path) against schema; returns every problem found, in document order. */
export function validateAgainstSchema(schema: JSONSchemaProps, value: unknown, path: FieldPath = []): FieldError[] {
  const out: FieldError[] = [];
  visit(schema, value, path, out);
  return out;
}
