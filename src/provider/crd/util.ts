import type { JSONSchemaProps } from './schema';
import { isRecord } from './path';

/** The schema of a property, own properties only ("constructor" in a manifest is not a schema). */
export function propertySchema(schema: JSONSchemaProps, key: string): JSONSchemaProps | undefined {
  const properties = schema.properties;
  return properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
}

/** The schema of a map entry not named in properties, when additionalProperties gives one. */
export function additionalSchema(schema: JSONSchemaProps): JSONSchemaProps | undefined {
  return isRecord(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

/** JSON type of a decoded value, as OpenAPI names it ("integer" for whole numbers). */
export function jsonTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}
