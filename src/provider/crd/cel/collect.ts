import type { JSONSchemaProps } from '../schema';
import { additionalSchema } from '../util';

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
