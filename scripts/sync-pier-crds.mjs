#!/usr/bin/env node
// Pier's own CRDs (crds/pier/gateway.pier.dev_*.yaml, hand-written) into what the file provider
// validates with:
//   crds/pier-schemas.json          per kind and version, the openAPIV3Schema without descriptions
//                                   (as crds/gateway-api-<version>/schemas.json for Gateway API kinds)
// The YAML itself is what clusters get: deploy/pier-crds is a symlink to crds/pier/, and `pier
// setup` (the Helm chart's pre-install hook) applies it beside the Gateway API CRDs.
// Deterministic: the same YAML gives the same bytes.
//
// Usage: node scripts/sync-pier-crds.mjs [--check]   (--check: exit 1, naming the files, when
// any written file is out of step with crds/pier/; test/unit/provider/pier-crds.test.ts runs it)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { stripSchema } from './lib/crd-schema.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const SOURCE = join(ROOT, 'crds/pier');
const check = process.argv.includes('--check');

const files = readdirSync(SOURCE).filter((f) => /^gateway\.pier\.dev_.*\.yaml$/.test(f)).sort();
const kinds = {};
const outputs = new Map();
for (const file of files) {
  const text = readFileSync(join(SOURCE, file), 'utf8');
  for (const crd of parseAllDocuments(text).map((d) => d.toJS()).filter((o) => o?.kind === 'CustomResourceDefinition')) {
    const versions = {};
    for (const v of crd.spec.versions) versions[v.name] = { served: v.served, storage: v.storage, schema: stripSchema(v.schema.openAPIV3Schema) };
    kinds[crd.spec.names.kind] = { group: crd.spec.group, plural: crd.spec.names.plural, scope: crd.spec.scope, versions };
  }
}
outputs.set(join(ROOT, 'crds/pier-schemas.json'), `${JSON.stringify({ module: 'gateway.pier.dev', version: 'v1alpha1', kinds })}\n`);

const stale = [];
for (const [file, text] of outputs) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current === text) continue;
  stale.push(file.slice(ROOT.length));
  if (!check) {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
}
if (check && stale.length > 0) {
  console.error(`sync-pier-crds: out of step with crds/pier/ (run node scripts/sync-pier-crds.mjs): ${stale.join(', ')}`);
  process.exit(1);
}
console.log(`sync-pier-crds: ${files.length} CRD file(s) (${Object.keys(kinds).join(', ')}); ${check ? 'in step' : `${stale.length} file(s) written`}`);
