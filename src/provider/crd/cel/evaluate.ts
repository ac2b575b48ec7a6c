/**
 * Runs the x-kubernetes-validations rules of a schema over a value, with the hand-written checks
 * of a CelRuleTable. Each failing rule yields the field error the API server gives:
 *   <path>: Invalid value: "<schema type>": <the rule's message>
 * Rules of absent values do not run; transition rules (oldSelf) never run, as on create; rules
 * the table does not know are collected in `skipped`.
 */
import { fieldErrors, type FieldError } from '../errors';
import { isRecord, type FieldPath } from '../path';
import type { CelValidationRule, JSONSchemaProps } from '../schema';
import { additionalSchema, propertySchema } from '../util';
import { isTransitionRule, type CelRuleTable } from './table';

export interface CelResult {
  errors: FieldError[];
  /** Rule texts that were due but have no check in the table. */
  skipped: Set<string>;
}

/** A rule's fieldPath (".a.b", relative to the node) appended to path. */
function reportPath(path: FieldPath, rule: CelValidationRule): FieldPath {
  if (!rule.fieldPath) return path;
  return [...path, ...rule.fieldPath.split('.').filter((part) => part !== '')];
}

function failure(path: FieldPath, schema: JSONSchemaProps, rule: CelValidationRule): FieldError {
  const at = reportPath(path, rule);
  const message = rule.message ?? `failed rule: ${rule.rule}`;
  switch (rule.reason) {
    case 'FieldValueRequired': return { type: 'Required value', path: at, detail: message };
    case 'FieldValueForbidden': return { type: 'Forbidden', path: at, detail: message };
    case 'FieldValueDuplicate': return { type: 'Duplicate value', path: at, value: schema.type ?? 'object', detail: message };
    default: return fieldErrors.invalid(at, schema.type ?? 'object', message);
  }
}

function visit(table: CelRuleTable, schema: JSONSchemaProps, value: unknown, path: FieldPath, result: CelResult): void {
  if (value === undefined || value === null) return;
  for (const rule of schema['x-kubernetes-validations'] ?? []) {
    if (isTransitionRule(rule.rule)) continue;
    const check = table.lookup(rule.rule);
    if (!check) {
      result.skipped.add(rule.rule);
      continue;
    }
    let ok: boolean;
    try {
      ok = check(value);
    } catch {
      ok = false; // an evaluation error (a field the rule needs is absent) fails the rule
    }
    if (!ok) result.errors.push(failure(path, schema, rule));
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items) value.forEach((item, index) => visit(table, items, item, [...path, index], result));
  } else if (isRecord(value)) {
    const additional = additionalSchema(schema);
    for (const [key, child] of Object.entries(value)) {
      const sub = propertySchema(schema, key) ?? additional;
      if (sub) visit(table, sub, child, [...path, key], result);
    }
  }
}

export function evaluateCelRules(table: CelRuleTable, schema: JSONSchemaProps, value: unknown, path: FieldPath = []): CelResult {
  const result: CelResult = { errors: [], skipped: new Set() };
  visit(table, schema, value, path, result);
  return result;
}

/** Every rule text of a schema (for coverage reports). */
export function collectRules(schema: JSONSchemaProps, into: Set<string> = new Set()): Set<string> {
  for (const rule of schema['x-kubernetes-validations'] ?? []) into.add(rule.rule);
  for (const property of Object.values(schema.properties ?? {})) collectRules(property, into);
  if (schema.items) collectRules(schema.items, into);
  const additional = additionalSchema(schema);
  if (additional) collectRules(additional, into);
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) collectRules(branch, into);
  return into;
}
