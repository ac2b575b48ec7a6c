/**
 * Pier's own CRDs (crds/pier/): the generated files are in step with the hand-written YAML, every
 * registered policy kind has a CRD, a schema the file provider validates with, RBAC in the chart
 * (and so in deploy/), and is watched in Kubernetes mode as an optional CRD.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PIER_API_VERSION, PIER_GROUP, PIER_KINDS } from '../../../src/apis/pier';
import { defaultCrdSchemas } from '../../../src/provider/crd/load';
import { kindInfo } from '../../../src/provider/file/kinds';
import { WATCHED_KINDS } from '../../../src/provider/kubernetes/kinds';
import { repoRoot } from '../../helpers/paths';
import { pierCrdFiles } from '../../../src/cli/cluster';

describe('Pier CRDs', () => {
  test('crds/pier-schemas.json is what scripts/sync-pier-crds.mjs makes of crds/pier/', () => {
    const r = spawnSync(process.execPath, [path.join(repoRoot(), 'scripts', 'sync-pier-crds.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });

  test('every schema\'s properties are schemas (the API server refuses a CRD with a misplaced key such as x-kubernetes-validations)', () => {
    const misplaced: string[] = [];
    const walk = (schema: Record<string, unknown>, at: string): void => {
      for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
        if (typeof sub !== 'object' || sub === null || Array.isArray(sub) || !('type' in sub || 'x-kubernetes-int-or-string' in sub || 'x-kubernetes-preserve-unknown-fields' in sub)) misplaced.push(`${at}.${name}`);
        else walk(sub as Record<string, unknown>, `${at}.${name}`);
      }
      if (typeof schema.items === 'object' && schema.items !== null) walk(schema.items as Record<string, unknown>, `${at}[]`);
    };
    for (const info of PIER_KINDS) {
      const file = path.join(repoRoot(), 'crds', 'pier', `${PIER_GROUP}_${info.plural}.yaml`);
      const crd = parseAllDocuments(readFileSync(file, 'utf8'))[0]!.toJS() as { spec: { versions: { name: string; schema: { openAPIV3Schema: Record<string, unknown> } }[] } };
      for (const v of crd.spec.versions) walk(v.schema.openAPIV3Schema, `${info.kind}/${v.name}`);
    }
    assert.deepEqual(misplaced, []);
  });

  for (const info of PIER_KINDS) {
    test(`${info.kind}: CRD, schema, file provider kind, watched kind, RBAC`, () => {
      const file = path.join(repoRoot(), 'crds', 'pier', `${PIER_GROUP}_${info.plural}.yaml`);
      const crd = parseAllDocuments(readFileSync(file, 'utf8'))[0]!.toJS() as { spec: { group: string; names: { kind: string; plural: string } } };
      assert.deepEqual([crd.spec.group, crd.spec.names.kind, crd.spec.names.plural], [PIER_GROUP, info.kind, info.plural]);
      assert.ok(existsSync(path.join(repoRoot(), 'deploy', 'pier-crds', path.basename(file))), 'deploy/pier-crds has it');
      assert.ok(pierCrdFiles().includes(file), '`pier setup` applies it');
      const schema = defaultCrdSchemas().lookup(PIER_API_VERSION, info.kind);
      assert.equal(schema?.served, true);
      assert.deepEqual(kindInfo(info.kind)?.apiVersions, [PIER_API_VERSION]);
      const watched = WATCHED_KINDS.find((k) => k.resource.kind === info.kind);
      assert.deepEqual([watched?.resource.group, watched?.resource.plural, watched?.optional, watched?.hasStatus], [PIER_GROUP, info.plural, 'crd', info.policy], 'Pier writes the status of its policies only');
      const rbac = parseAllDocuments(readFileSync(path.join(repoRoot(), 'deploy', '20-rbac.yaml'), 'utf8')).map((d) => d.toJS() as { kind: string; rules?: { apiGroups: string[]; resources: string[]; verbs: string[] }[] });
      const rules = rbac.filter((d) => d.kind === 'ClusterRole').flatMap((d) => d.rules ?? []).filter((r) => r.apiGroups.includes(PIER_GROUP));
      const verbsOf = (resource: string): string[] => rules.filter((r) => r.resources.includes(resource)).flatMap((r) => r.verbs);
      for (const verb of ['list', 'watch']) assert.ok(verbsOf(info.plural).includes(verb), `${info.plural}: ${verb}`);
      if (info.policy) assert.ok(verbsOf(`${info.plural}/status`).includes('update'), `${info.plural}/status: update`);
      else assert.deepEqual(verbsOf(`${info.plural}/status`), [], `${info.plural}: read only`);
    });
  }
});
