/**
 * How many distinct CEL rules the CRDs Pier validates with carry, counted from their sources: the
 * vendored Gateway API bundle (a fixed figure, pinning the vendored release) and Pier's own
 * hand-written CRDs in crds/pier/ (read from the YAML, so adding a rule to a Pier CRD needs no
 * edit here, while a rule lost between the YAML and the bundle the provider loads still fails).
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../../helpers/paths';

const ROOT = repoRoot();
/** Distinct rules of crds/gateway-api-v1.7.0/schemas.json; changes only with the vendored release. */
export const GATEWAY_API_CEL_RULES = 116;

interface SchemaNode { 'x-kubernetes-validations'?: { rule: string }[]; properties?: Record<string, SchemaNode>; items?: SchemaNode; additionalProperties?: SchemaNode | boolean }

function collect(node: SchemaNode | undefined, into: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  for (const v of node['x-kubernetes-validations'] ?? []) into.add(v.rule);
  for (const sub of Object.values(node.properties ?? {})) collect(sub, into);
  collect(node.items, into);
  if (typeof node.additionalProperties === 'object') collect(node.additionalProperties, into);
}

function gatewayApiRules(): Set<string> {
  const bundle = JSON.parse(readFileSync(path.join(ROOT, 'crds/gateway-api-v1.7.0/schemas.json'), 'utf8')) as { kinds: Record<string, { versions: Record<string, { schema: SchemaNode }> }> };
  const rules = new Set<string>();
  for (const crd of Object.values(bundle.kinds)) for (const v of Object.values(crd.versions)) collect(v.schema, rules);
  return rules;
}

function pierRules(): Set<string> {
  const dir = path.join(ROOT, 'crds/pier');
  const rules = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const crd = parse(readFileSync(path.join(dir, file), 'utf8')) as { spec: { versions: { schema: { openAPIV3Schema: SchemaNode } }[] } };
    for (const v of crd.spec.versions) collect(v.schema.openAPIV3Schema, rules);
  }
  return rules;
}

/** The distinct rules of both sources; throws when the Gateway API part is not the pinned figure. */
export function expectedCelRuleCount(): { total: number; transition: number } {
  const gatewayApi = gatewayApiRules();
  if (gatewayApi.size !== GATEWAY_API_CEL_RULES) throw new Error(`the vendored Gateway API CRDs carry ${gatewayApi.size} distinct CEL rules, not ${GATEWAY_API_CEL_RULES}`);
  const all = new Set([...gatewayApi, ...pierRules()]);
  return { total: all.size, transition: [...all].filter((r) => /\boldSelf\b/.test(r)).length };
}
