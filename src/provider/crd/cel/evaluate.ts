/**
 * Runs the x-kubernetes-validations rules of a schema over a value, as the API server does:
 * every rule at every node where a value is present, with `self` bound to that node. A failing
 * rule yields the field error the API server gives:
 *   <path>: Invalid value: "<schema type>": <the rule's message>
 * and a rule whose evaluation fails (a field it reads is absent, ...):
 *   <path>: Invalid value: "<schema type>": <error> evaluating rule: <message or rule>
 *
 * Transition rules (those reading `oldSelf`) compare an update with the stored object: they run
 * only where an old value is given for the node, as the API server skips them on create.
 *
 * Each distinct rule text is compiled once (library.ts) and kept.
 */
import { fieldErrors, type FieldError } from '../errors';
import { isRecord, type FieldPath } from '../path';
import type { CelValidationRule, JSONSchemaProps } from '../schema';
import { additionalSchema, propertySchema } from '../util';
export { collectRules } from './collect';
import { celChild, toCelValue, type CelInput } from './input';
import { celErrorText, compileCel, type CelProgram } from './library';

export interface CelRulesResult {
  errors: FieldError[];
  /** Rule texts that were due but could not be compiled (their check did not run). */
  skipped: Set<string>;
}

/** A compiled rule, or why it could not be compiled. */
export type CompiledRule = { program: CelProgram; transition: boolean } | { error: string; transition: boolean };

const compiled = new Map<string, CompiledRule>();

/** Transition rules compare with the stored object. */
export function isTransitionRule(rule: string): boolean {
  return rule.includes('oldSelf') && /\boldSelf\b/.test(rule);
}

/** The compiled form of a rule text, compiled on first use and kept. */
export function compileRule(rule: string): CompiledRule {
  let entry = compiled.get(rule);
  if (!entry) {
    const transition = isTransitionRule(rule);
    try {
      entry = { program: compileCel(rule), transition };
    } catch (err) {
      entry = { error: celErrorText(err), transition };
    }
    compiled.set(rule, entry);
  }
  return entry;
}

/** How many distinct rule texts are compiled so far. */
export function compiledRuleCount(): number {
  return compiled.size;
}

/** A rule's fieldPath (".a.b", relative to the node) appended to path. */
function reportPath(path: FieldPath, rule: CelValidationRule): FieldPath {
  if (!rule.fieldPath) return path;
  return [...path, ...rule.fieldPath.split('.').filter((part) => part !== '')];
}

/** The rule's message, or its text (what the API server quotes when a rule has no message). */
function ruleText(rule: CelValidationRule): string {
  return rule.message?.trim() || rule.rule.trim();
}

function failure(path: FieldPath, schema: JSONSchemaProps, rule: CelValidationRule, message: string): FieldError {
  const at = reportPath(path, rule);
  switch (rule.reason) {
    case 'FieldValueRequired': return { type: 'Required value', path: at, detail: message };
    case 'FieldValueForbidden': return { type: 'Forbidden', path: at, detail: message };
    case 'FieldValueDuplicate': return { type: 'Duplicate value', path: at, value: schema.type ?? 'object', detail: message };
    default: return fieldErrors.invalid(at, schema.type ?? 'object', message);
  }
}

/** The message of a failed rule: its messageExpression's result when that yields a string, else message, else the rule. */
function failureMessage(rule: CelValidationRule, bindings: { self: CelInput; oldSelf?: CelInput }): string {
  if (rule.messageExpression) {
    const expression = compileRule(rule.messageExpression);
    if ('program' in expression) {
      try {
        const message = expression.program(bindings);
        if (typeof message === 'string' && message.trim() !== '') return message.trim();
      } catch {
        // the API server falls back to the static message too
      }
    }
  }
  return rule.message?.trim() || `failed rule: ${rule.rule.trim()}`;
}

interface Node {
  schema: JSONSchemaProps;
  value: unknown;
  /**
   * value converted for CEL (toCelValue): converted where the first rule needs it, and read from
   * there by the rules below (undefined: not converted yet).
   */
  cel?: CelInput;
  /** The stored object's value at the same place, when validating an update. */
  old?: { value: unknown; cel: CelInput };
}

function runRules(node: Node, path: FieldPath, result: CelRulesResult): void {
  for (const rule of node.schema['x-kubernetes-validations'] ?? []) {
    const compiledRule = compileRule(rule.rule);
    if (compiledRule.transition && node.old === undefined) continue;
    if ('error' in compiledRule) {
      result.skipped.add(rule.rule);
      continue;
    }
    node.cel ??= toCelValue(node.schema, node.value);
    const bindings = node.old === undefined ? { self: node.cel } : { self: node.cel, oldSelf: node.old.cel };
    let message: string;
    try {
      if (compiledRule.program(bindings) === true) continue;
      message = failureMessage(rule, bindings);
    } catch (err) {
      message = `${celErrorText(err)} evaluating rule: ${ruleText(rule)}`;
    }
    result.errors.push(failure(path, node.schema, rule, message));
  }
}

/** The old value's child at key, for correlating an update: object properties only (list items are not correlated). */
function oldChild(node: Node, key: string): Node['old'] {
  if (!node.old || !isRecord(node.old.value) || node.old.value[key] === undefined || node.old.value[key] === null) return undefined;
  return { value: node.old.value[key], cel: celChild(node.old.cel, node.schema, key) };
}

function visit(node: Node, path: FieldPath, result: CelRulesResult): void {
  const { schema, value } = node;
  if (value === undefined || value === null) return;
  if (schema['x-kubernetes-validations']) runRules(node, path, result);
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!items || !hasRules(items)) return;
    for (let index = 0; index < value.length; index++) {
      const cel = node.cel === undefined ? undefined : celChild(node.cel, schema, index);
      visit({ schema: items, value: value[index], cel }, [...path, index], result);
    }
  } else if (isRecord(value)) {
    const additional = additionalSchema(schema);
    for (const key of Object.keys(value)) {
      const sub = propertySchema(schema, key) ?? additional;
      if (!sub || !hasRules(sub)) continue;
      const cel = node.cel === undefined ? undefined : celChild(node.cel, schema, key);
      visit({ schema: sub, value: value[key], cel, old: oldChild(node, key) }, [...path, key], result);
    }
  }
}

const withRules = new WeakMap<JSONSchemaProps, boolean>();

/** Whether a schema or anything below it has rules: subtrees without any are not walked. */
function hasRules(schema: JSONSchemaProps): boolean {
  let known = withRules.get(schema);
  if (known === undefined) {
    const additional = additionalSchema(schema);
    known = (schema['x-kubernetes-validations']?.length ?? 0) > 0
      || Object.values(schema.properties ?? {}).some(hasRules)
      || (schema.items !== undefined && hasRules(schema.items))
      || (additional !== undefined && hasRules(additional));
    withRules.set(schema, known);
  }
  return known;
}

/**
 * Evaluates every rule of schema (and its subschemas) over value, at path. oldValue, when given,
 * is the stored object's value at the same place: transition rules then run where both exist.
 */
export function evaluateCelRules(schema: JSONSchemaProps, value: unknown, path: FieldPath = [], oldValue?: unknown): CelRulesResult {
  const result: CelRulesResult = { errors: [], skipped: new Set() };
  if (!hasRules(schema)) return result;
  const old = oldValue === undefined || oldValue === null ? undefined : { value: oldValue, cel: toCelValue(schema, oldValue) };
  visit({ schema, value, old }, path, result);
  return result;
}

export interface CelCoverage {
  /** Distinct rule texts in the schemas. */
  total: number;
  /** Rules compiled and checked on every create. */
  compiled: string[];
  /** Transition rules (oldSelf): compiled, but only run on an update, against the stored object. */
  transition: string[];
  /** Rules that do not compile, with the reason: they are skipped. */
  failed: { rule: string; error: string }[];
}

/** Compiles every given rule (each once; later validations reuse them) and says how that went. */
export function compileCelRules(rules: readonly string[]): CelCoverage {
  const coverage: CelCoverage = { total: rules.length, compiled: [], transition: [], failed: [] };
  for (const rule of rules) {
    const entry = compileRule(rule);
    if ('error' in entry) coverage.failed.push({ rule, error: entry.error });
    else if (entry.transition) coverage.transition.push(rule);
    else coverage.compiled.push(rule);
  }
  return coverage;
}
