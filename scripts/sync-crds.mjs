#!/usr/bin/env node
// Vendors the Gateway API CRDs Pier validates against into crds/, from the pinned Go module
// sigs.k8s.io/gateway-api (fetched through the Go module proxy with `go mod download`, so the
// bytes are checked against sum.golang.org): both channels, as published.
//
// Writes:
//   crds/gateway-api-<version>/standard/*.yaml       the standard channel's CRDs (CustomResourceDefinition files only)
//   crds/gateway-api-<version>/experimental/*.yaml   the experimental channel's: group gateway.networking.k8s.io
//                                                    (what a cluster needs for experimental fields such as
//                                                    HTTPRoute rules[].retry) and the experimental-only kinds of
//                                                    group gateway.networking.x-k8s.io (XBackendTrafficPolicy,
//                                                    XTelemetryPolicy, ...)
//   crds/gateway-api-<version>/schemas.json          per kind and version: the experimental channel's
//                                                    openAPIV3Schema without descriptions (its fields are a
//                                                    superset of the standard channel's), and `served` as the
//                                                    standard channel serves the version (so versions the
//                                                    standard CRDs retired, e.g. TLSRoute v1alpha2, stay refused);
//                                                    an x-k8s.io kind as its experimental CRD serves it
//   crds/gateway-api-<version>/SOURCE            module, version, checksum, how to regenerate
//
// Pier validates against one version (src/provider/crd/load.ts GATEWAY_API_BUNDLE_VERSION); others
// are kept beside it for clusters still on them (the Kubernetes tests install them).
//
// Go: v1.7.0's go.mod says `go 1.27.0`, so GOTOOLCHAIN defaults to go1.27.3 here (the go command
// fetches that toolchain from the Go module proxy when the local one is older).
//
// Usage: node scripts/sync-crds.mjs [version]   (default v1.7.0; then commit crds/)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { stripSchema } from './lib/crd-schema.mjs';

const MODULE = 'sigs.k8s.io/gateway-api';
const VERSION = process.argv[2] ?? 'v1.7.0';
const GOTOOLCHAIN = process.env.GOTOOLCHAIN || 'go1.27.3';
const CHANNELS = ['standard', 'experimental'];
const X_GROUP = 'gateway.networking.x-k8s.io';
/**
 * The experimental-only kinds Pier reads: only these get schemas (files are validated against them,
 * their CEL rules tested). The other x-k8s.io CRDs are vendored for clusters, not read.
 */
const X_KINDS_READ = new Set([
  'XBackendTrafficPolicy',
  'XTelemetryPolicy',
  'XBackend',
]);
const CRD_DIR = (channel) => `config/crd/${channel}`;
const ROOT = new URL('../crds/', import.meta.url).pathname;
const OUT = join(ROOT, `gateway-api-${VERSION}`);

/** `go mod download -json` in an empty temp dir: the module lands in the module cache, read-only. */
function downloadModule() {
  const work = mkdtempSync(join(tmpdir(), 'pier-sync-crds-'));
  try {
    const out = execFileSync('go', ['mod', 'download', '-json', `${MODULE}@${VERSION}`], {
      cwd: work,
      env: { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const info = JSON.parse(out);
    if (info.Error) throw new Error(info.Error);
    return info;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const info = downloadModule();

rmSync(OUT, { recursive: true, force: true });

/** Copies one channel's CRD files; returns its CRDs by kind. */
function syncChannel(channel) {
  const sourceDir = join(info.Dir, CRD_DIR(channel));
  mkdirSync(join(OUT, channel), { recursive: true });
  const crdsByKind = {};
  const files = [];
  for (const file of readdirSync(sourceDir).filter((f) => /^gateway\.networking\.(x-)?k8s\.io_.*\.yaml$/.test(f)).sort()) {
    const text = readFileSync(join(sourceDir, file), 'utf8');
    const crds = parseAllDocuments(text).map((d) => d.toJS()).filter((o) => o?.kind === 'CustomResourceDefinition');
    if (crds.length === 0) continue; // e.g. the ValidatingAdmissionPolicy guarding upgrades
    writeFileSync(join(OUT, channel, file), text); // a plain copy would keep the module cache's read-only mode
    files.push(file);
    for (const crd of crds) crdsByKind[crd.spec.names.kind] = crd;
  }
  return { files, crdsByKind };
}

const [standard, experimental] = CHANNELS.map(syncChannel);
const kinds = {};
for (const [kind, crd] of Object.entries(experimental.crdsByKind)) {
  if (crd.spec.group === X_GROUP && !X_KINDS_READ.has(kind)) continue;
  const standardVersions = new Map((standard.crdsByKind[kind]?.spec.versions ?? []).map((v) => [v.name, v]));
  const versions = {};
  for (const v of crd.spec.versions) {
    // A kind or version the standard channel lacks is not served to files, except the experimental-only
    // kinds (group gateway.networking.x-k8s.io), served as their own CRD serves them.
    const served = crd.spec.group === X_GROUP ? v.served : standardVersions.get(v.name)?.served ?? false;
    versions[v.name] = { served, storage: v.storage, schema: stripSchema(v.schema.openAPIV3Schema) };
  }
  kinds[kind] = {
    group: crd.spec.group,
    plural: crd.spec.names.plural,
    scope: crd.spec.scope,
    bundleVersion: crd.metadata.annotations?.['gateway.networking.k8s.io/bundle-version'],
    channel: crd.metadata.annotations?.['gateway.networking.k8s.io/channel'],
    versions,
  };
}

writeFileSync(join(OUT, 'schemas.json'), `${JSON.stringify({ module: MODULE, version: VERSION, kinds })}\n`);
writeFileSync(join(OUT, 'SOURCE'), [
  `module: ${MODULE}@${VERSION} (${info.Sum})`,
  `files: config/crd/{standard,experimental}/gateway.networking.{k8s,x-k8s}.io_*.yaml (CustomResourceDefinitions only): ${standard.files.length} + ${experimental.files.length}`,
  `into: crds/gateway-api-${VERSION}/standard/ and experimental/, with schemas.json (the experimental channel's schemas per kind and version, descriptions dropped; served as in the standard channel, x-k8s.io kinds as their CRDs serve them)`,
  `regenerate: GOTOOLCHAIN=${GOTOOLCHAIN} node scripts/sync-crds.mjs ${VERSION}   (needs the Go toolchain; fetches through the Go module proxy)`,
  '',
].join('\n'));
console.log(`sync-crds: ${standard.files.length} + ${experimental.files.length} CRD files (${Object.keys(kinds).join(', ')}) from ${MODULE}@${VERSION} into ${OUT}`);
