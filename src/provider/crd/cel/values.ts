/**
 * The few CEL operations the Gateway API rules use, over decoded JSON values. Accessing a field
 * that is absent is an error in CEL ("no such key"), not a default: these helpers throw
 * CelEvaluationError then, and a rule whose evaluation fails is reported as failed, as the API
 * server does.
 */
import { deepEqual } from 'fast-equals';
import { isRecord } from '../path';

export class CelEvaluationError extends Error {}

/** has(x.key): the field is present. */
export function has(value: unknown, key: string): boolean {
  return isRecord(value) && Object.hasOwn(value, key) && value[key] !== undefined && value[key] !== null;
}

/** x.key; absent is an error. */
export function get(value: unknown, key: string): unknown {
  if (!has(value, key)) throw new CelEvaluationError(`no such key: ${key}`);
  return (value as Record<string, unknown>)[key];
}

export function getString(value: unknown, key: string): string {
  const field = get(value, key);
  if (typeof field !== 'string') throw new CelEvaluationError(`${key} is not a string`);
  return field;
}

export function asList(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new CelEvaluationError('not a list');
  return value;
}

export function getList(value: unknown, key: string): unknown[] {
  return asList(get(value, key));
}

/** Map keys (CEL macros over a map iterate its keys). */
export function mapKeys(value: unknown): string[] {
  if (!isRecord(value)) throw new CelEvaluationError('not a map');
  return Object.keys(value);
}

/** size(): code points of a string, entries of a list or map. */
export function size(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (isRecord(value)) return Object.keys(value).length;
  throw new CelEvaluationError('size() of a value without a size');
}

/** CEL ==: equal type and value; lists and maps compared deeply. */
export function equals(a: unknown, b: unknown): boolean {
  return deepEqual(a, b);
}

export function all<T>(items: readonly T[], predicate: (item: T) => boolean): boolean {
  return items.every(predicate);
}

export function exists<T>(items: readonly T[], predicate: (item: T) => boolean): boolean {
  return items.some(predicate);
}

/** exists_one: exactly one element satisfies the predicate. */
export function existsOne<T>(items: readonly T[], predicate: (item: T) => boolean): boolean {
  let count = 0;
  for (const item of items) if (predicate(item) && ++count > 1) return false;
  return count === 1;
}

export function count<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  let n = 0;
  for (const item of items) if (predicate(item)) n++;
  return n;
}

/**
 * a || b with CEL's commutative treatment of errors: true if either side is true, even when the
 * other side fails to evaluate; otherwise the first error, or false.
 */
export function orElse(...operands: (() => boolean)[]): boolean {
  let failure: unknown;
  for (const operand of operands) {
    try {
      if (operand()) return true;
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure !== undefined) throw failure;
  return false;
}
