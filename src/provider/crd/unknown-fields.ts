/**
 * Fields the schema does not declare. The API server prunes them; kubectl's default strict field
 * validation rejects the request instead ("strict decoding error: unknown field"), which is what a
 * file provider does by default: a misspelt field must not vanish quietly.
 */
import { cloneJson } from '../../ir/clone';
import { isRecord, type FieldPath } from './path';
import type { JSONSchemaProps } from './schema';
import { additionalSchema, propertySchema } from './util';

/** ObjectMeta fields; the CRD schema declares metadata only as `type: object`. */
const OBJECT_META_FIELDS: ReadonlySet<string> = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);

function visit(schema: JSONSchemaProps, value: unknown, path: FieldPath, out: FieldPath[]): void {
  if (schema['x-kubernetes-preserve-unknown-fields']) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items) value.forEach((item, index) => visit(items, item, [...path, index], out));
    return;
  }
  if (!isRecord(value) || (schema.type !== undefined && schema.type !== 'object')) return;
  const additional = additionalSchema(schema);
  for (const [key, child] of Object.entries(value)) {
    const property = propertySchema(schema, key);
    if (property) visit(property, child, [...path, key], out);
    else if (additional) visit(additional, child, [...path, key], out);
    else if (schema.additionalProperties !== true) out.push([...path, key]);
  }
}

/** Paths of the fields of obj (a whole object) that its root schema does not declare. */
export function findUnknownFields(rootSchema: JSONSchemaProps, obj: Record<string, unknown>): FieldPath[] {
  const out: FieldPath[] = [];
  for (const [key, child] of Object.entries(obj)) {
    if (key === 'metadata' && isRecord(child)) {
      for (const field of Object.keys(child)) if (!OBJECT_META_FIELDS.has(field)) out.push(['metadata', field]);
      continue;
    }
    const property = propertySchema(rootSchema, key);
    if (property) visit(property, child, [key], out);
    else out.push([key]);
  }
  return out;
}

/** A copy of obj without the fields at paths (each path ends with the unknown key). */
export function withoutFields(obj: Record<string, unknown>, paths: readonly FieldPath[]): Record<string, unknown> {
  const copy = cloneJson(obj);
  for (const path of paths) {
    let parent: unknown = copy;
    for (const part of path.slice(0, -1)) parent = (parent as Record<string | number, unknown> | undefined)?.[part];
    const key = path[path.length - 1];
    if (isRecord(parent) && typeof key === 'string') delete parent[key];
  }
  return copy;
}
