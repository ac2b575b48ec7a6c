#!/usr/bin/env node
// deploy/ is generated from the Helm chart (charts/pier), so the two never disagree: `helm
// template` with the default values (release pier, namespace pier-system, no hooks: kubectl
// users apply deploy/crds/ server-side and make their GatewayClass), one file per template, plus
// the Namespace (Helm makes it with --create-namespace) and the standard channel's CRDs.
//
// Usage: node scripts/generate-deploy.mjs [--check]
//   --check  write nothing; exit 1 naming each file of deploy/ that differs from what would be
//            generated (a test runs this)
// Helm: $HELM, else the pinned build of scripts/k8s/build-helm.mjs (built when missing).
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const check = process.argv.includes('--check');
const RELEASE = 'pier';
const NAMESPACE = 'pier-system';
// The release Pier validates against (src/provider/crd/load.ts GATEWAY_API_BUNDLE_VERSION).
const GATEWAY_API_VERSION = readFileSync(join(root, 'src', 'provider', 'crd', 'load.ts'), 'utf8').match(/GATEWAY_API_BUNDLE_VERSION = '(v[^']+)'/)?.[1];
if (!GATEWAY_API_VERSION) throw new Error('src/provider/crd/load.ts: no GATEWAY_API_BUNDLE_VERSION');
const CRDS = join(root, 'crds', `gateway-api-${GATEWAY_API_VERSION}`, 'standard');
/** Chart template -> deploy/ file (a new template must be named here). */
const FILES = {
  'serviceaccount.yaml': '10-serviceaccount.yaml',
  'rbac.yaml': '20-rbac.yaml',
  'deployment.yaml': '30-deployment.yaml',
  'service.yaml': '40-service.yaml',
  'poddisruptionbudget.yaml': '50-poddisruptionbudget.yaml',
};
const HEADER = '# Generated from charts/pier by scripts/generate-deploy.mjs (helm template, default values): edit the chart, not this file.\n';

function helmBinary() {
  if (process.env.HELM) return process.env.HELM;
  const script = join(root, 'scripts', 'k8s', 'build-helm.mjs');
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  return join(execFileSync(process.execPath, [script, '--print-bin-dir'], { encoding: 'utf8' }).trim(), 'helm');
}

/** deploy/ file -> its text, as generated. */
export function generate(helm) {
  const out = new Map();
  out.set('00-namespace.yaml', `${HEADER}apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${NAMESPACE}\n`);
  const rendered = execFileSync(helm, ['template', RELEASE, join(root, 'charts', 'pier'), '--namespace', NAMESPACE, '--no-hooks'], { encoding: 'utf8' });
  const byTemplate = new Map();
  for (const doc of rendered.split(/^---\n/m)) {
    const source = doc.match(/^# Source: pier\/templates\/(\S+)\n/m)?.[1];
    if (!source) continue;
    const file = FILES[source];
    if (!file) throw new Error(`charts/pier/templates/${source}: no deploy/ file is named for it in scripts/generate-deploy.mjs`);
    const body = doc.replace(/^# Source: .*\n/m, '');
    byTemplate.set(file, [...(byTemplate.get(file) ?? []), body]);
  }
  for (const [file, docs] of byTemplate) out.set(file, HEADER + docs.join('---\n'));
  for (const f of readdirSync(CRDS).filter((f) => f.endsWith('.yaml')).sort()) out.set(join('crds', f), readFileSync(join(CRDS, f), 'utf8'));
  return out;
}

/** What deploy/ holds now, as the same map. */
function current() {
  const dir = join(root, 'deploy');
  const out = new Map();
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) out.set(f, readFileSync(join(dir, f), 'utf8'));
  for (const f of existsSync(join(dir, 'crds')) ? readdirSync(join(dir, 'crds')).filter((f) => f.endsWith('.yaml')) : []) out.set(join('crds', f), readFileSync(join(dir, 'crds', f), 'utf8'));
  return out;
}

const wanted = generate(helmBinary());
const have = current();
const differing = [...new Set([...wanted.keys(), ...have.keys()])].sort().filter((f) => wanted.get(f) !== have.get(f));
if (check) {
  if (differing.length > 0) {
    console.error(`deploy/ differs from the chart (run node scripts/generate-deploy.mjs): ${differing.map((f) => `deploy/${f}${!wanted.has(f) ? ' (not generated)' : !have.has(f) ? ' (missing)' : ''}`).join(', ')}`);
    process.exit(1);
  }
  console.log(`deploy/ matches the chart (${wanted.size} files)`);
} else {
  for (const f of differing) if (!wanted.has(f)) rmSync(join(root, 'deploy', f));
  // deploy/crds is a symlink to the vendored standard CRDs (no second copy in the repository):
  // re-pointed when the pinned release changes.
  const link = join(root, 'deploy', 'crds');
  const target = relative(join(root, 'deploy'), CRDS);
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() && readlinkSync(link) !== target) rmSync(link);
  if (!existsSync(link)) symlinkSync(target, link);
  for (const [f, text] of wanted) if (have.get(f) !== text) writeFileSync(join(root, 'deploy', f), text);
  console.log(`deploy/: ${differing.length} files written or removed, ${wanted.size} generated`);
}
