/**
 * Decoded objects as the values CEL rules see, the way the Kubernetes API server presents them:
 * - an object with declared properties is a CEL object whose field names are escaped (a property
 *   called `namespace`, a CEL keyword, is read as `self.__namespace__`; `.`, `-`, `/` and `__` are
 *   spelled out; a name that cannot be escaped is not visible). A rule may also select a keyword
 *   field as written (`has(r.namespace)`), as the API server allows since Kubernetes 1.32: see
 *   library.ts, which rewrites such selections when a rule is compiled;
 * - an object with additionalProperties is a map with its keys as written;
 * - `type: integer` (and integers in int-or-string fields) are CEL ints, other numbers doubles.
 * An object is converted once (plain objects, arrays, bigints), and rules at every level of it
 * read the same converted tree.
 */
import { isRecord } from '../path';
import type { JSONSchemaProps } from '../schema';
import { additionalSchema, propertySchema } from '../util';

/** CEL's reserved words; a property with one of these names is read as __<name>__. */
export const CEL_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let',
  'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

const ESCAPES: Readonly<Record<string, string>> = { __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };

const escapedNames = new Map<string, string | null>();

/** The CEL field name of a property, or null when the name has no CEL spelling. */
export function escapePropertyName(name: string): string | null {
  let escaped = escapedNames.get(name);
  if (escaped !== undefined) return escaped;
  if (name === '' || /^[0-9]/.test(name)) escaped = null;
  else if (CEL_RESERVED_WORDS.has(name)) escaped = `__${name}__`;
  else if (/[^a-zA-Z0-9_.\-/]/.test(name)) escaped = null;
  else escaped = name.replace(/__|[.\-/]/g, (part) => ESCAPES[part] ?? part);
  escapedNames.set(name, escaped);
  return escaped;
}

function isIntegerSchema(schema: JSONSchemaProps | undefined): boolean {
  return schema?.type === 'integer' || schema?.['x-kubernetes-int-or-string'] === true;
}

/** A value as the evaluator takes it: null, booleans, strings, doubles, bigint ints, arrays and plain objects. */
export type CelInput = null | boolean | string | number | bigint | CelInput[] | { [key: string]: CelInput };

/** value as a CEL value, typed by schema (undefined: schemaless, as under preserve-unknown-fields). */
export function toCelValue(schema: JSONSchemaProps | undefined, value: unknown): CelInput {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    const integer = schema === undefined || schema.type === undefined ? Number.isInteger(value) : isIntegerSchema(schema);
    return integer && Number.isSafeInteger(value) ? BigInt(value) : value;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => toCelValue(schema?.items, item));
  if (!isRecord(value)) return null;
  const entries: { [key: string]: CelInput } = {};
  const declared = schema?.properties !== undefined;
  const additional = schema ? additionalSchema(schema) : undefined;
  for (const key of Object.keys(value)) {
    if (declared) {
      const name = escapePropertyName(key);
      const property = propertySchema(schema as JSONSchemaProps, key);
      if (name !== null && property) entries[name] = toCelValue(property, value[key]);
    } else {
      entries[key] = toCelValue(additional, value[key]);
    }
  }
  return entries;
}

/** The converted child of a converted object or list (by property name or index), as toCelValue laid it out. */
export function celChild(parent: CelInput, schema: JSONSchemaProps, key: string | number): CelInput {
  if (typeof key === 'number') return Array.isArray(parent) ? (parent[key] ?? null) : null;
  const name = schema.properties !== undefined ? escapePropertyName(key) : key;
  if (name === null || parent === null || typeof parent !== 'object' || Array.isArray(parent)) return null;
  return Object.hasOwn(parent, name) ? (parent[name] as CelInput) : null;
}
