/**
 * Schema defaults, applied as the API server's structural defaulting does: a property with a
 * `default` that is missing (or null without nullable) gets a copy of it, then defaulting
 * recurses into every present value, including defaults just set. Nothing is created where the
 * parent is absent. applySchemaDefaults is pure (it defaults a copy); the in-place form is for
 * values the caller owns.
 */
import { cloneJson } from '../../ir/clone';
import { isRecord } from './path';
import type { JSONSchemaProps } from './schema';
import { additionalSchema, propertySchema } from './util';

/** What defaulting needs of a schema node, worked out once per node. */
interface DefaultPlan {
  /** Properties with a default. */
  defaults: [string, JSONSchemaProps][];
  /** Whether anything below this node has a default (a subtree without any is not walked). */
  deep: boolean;
}

const plans = new WeakMap<JSONSchemaProps, DefaultPlan>();

function planOf(schema: JSONSchemaProps): DefaultPlan {
  let plan = plans.get(schema);
  if (!plan) {
    const defaults = Object.entries(schema.properties ?? {}).filter(([, property]) => property.default !== undefined);
    const additional = additionalSchema(schema);
    const children = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(additional ? [additional] : [])];
    plan = { defaults, deep: defaults.length > 0 || children.some((child) => planOf(child).deep) };
    plans.set(schema, plan);
  }
  return plan;
}

/** Applies the schema's defaults to value itself (a value the caller owns). */
export function applySchemaDefaultsInPlace(schema: JSONSchemaProps, value: unknown): void {
  const plan = planOf(schema);
  if (!plan.deep) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items) for (const item of value) applySchemaDefaultsInPlace(items, item);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, property] of plan.defaults) {
    const current = value[key];
    if (current === undefined || (current === null && !property.nullable)) value[key] = cloneJson(property.default);
  }
  const additional = additionalSchema(schema);
  for (const key of Object.keys(value)) {
    const sub = propertySchema(schema, key) ?? additional;
    if (sub) applySchemaDefaultsInPlace(sub, value[key]);
  }
}

/** A copy of value with the schema's defaults applied. */
export function applySchemaDefaults<T>(schema: JSONSchemaProps, value: T): T {
  const copy = cloneJson(value);
  applySchemaDefaultsInPlace(schema, copy);
  return copy;
}
