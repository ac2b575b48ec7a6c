/**
 * Schema defaults, applied as the API server's structural defaulting does: a property with a
 * `default` that is missing (or null without nullable) gets a copy of it, then defaulting
 * recurses into every present value, including defaults just set. Nothing is created where the
 * parent is absent. Pure: the input is never mutated.
 */
import { isRecord } from './path';
import type { JSONSchemaProps } from './schema';
import { additionalSchema, propertySchema } from './util';

function defaultInPlace(schema: JSONSchemaProps, value: unknown): void {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items) for (const item of value) defaultInPlace(items, item);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.default === undefined) continue;
    const current = value[key];
    if (current === undefined || (current === null && !property.nullable)) value[key] = structuredClone(property.default);
  }
  const additional = additionalSchema(schema);
  for (const [key, child] of Object.entries(value)) {
    const sub = propertySchema(schema, key) ?? additional;
    if (sub) defaultInPlace(sub, child);
  }
}

/** A copy of value with the schema's defaults applied. */
export function applySchemaDefaults<T>(schema: JSONSchemaProps, value: T): T {
  const copy = structuredClone(value);
  defaultInPlace(schema, copy);
  return copy;
}
