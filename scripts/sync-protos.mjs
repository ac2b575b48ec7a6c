#!/usr/bin/env node
// Vendors the Envoy xDS API protos Pier needs into proto/, from the pinned
// @grpc/grpc-js-xds package (its deps/ folder carries envoy-api, xds, googleapis and
// protoc-gen-validate). Copies the import closure of ROOTS only, so proto/ stays small.
// Usage: npm run sync-protos   (then commit proto/)
import { readFileSync, writeFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, existsSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const pkgJson = require.resolve('@grpc/grpc-js-xds/package.json');
const pkgDir = dirname(pkgJson);
const pkgVersion = JSON.parse(readFileSync(pkgJson, 'utf8')).version;
// The OpenTelemetry protos (opentelemetry/proto/...) Envoy's OpenTelemetry access logger
// imports are not in those deps: they come from a pinned npm package that ships them as files,
// fetched on demand (npm pack) like buf below, so it is no install-time dependency.
const OTEL_PROTOS = '@opentelemetry/otlp-grpc-exporter-base@0.36.1';
const otelDir = mkdtempSync(join(tmpdir(), 'pier-otel-protos-'));
execFileSync('npm', ['pack', OTEL_PROTOS, '--silent', '--pack-destination', otelDir], { cwd: otelDir, stdio: ['ignore', 'ignore', 'inherit'] });
const otelTarball = readdirSync(otelDir).find((f) => f.endsWith('.tgz'));
execFileSync('tar', ['xzf', otelTarball], { cwd: otelDir });
const SOURCE_DIRS = [...['envoy-api', 'xds', 'googleapis', 'protoc-gen-validate'].map((d) => join(pkgDir, 'deps', d)), join(otelDir, 'package/build/protos')];
// Envoy API protos newer than those deps (each file says where it comes from), looked up after them.
SOURCE_DIRS.push(new URL('../proto-extra/', import.meta.url).pathname);
const OUT = new URL('../proto/', import.meta.url).pathname;

// Everything Pier builds or serves (proto/roots.json, shared with src/xds/proto.ts); their imports are followed.
const ROOTS = JSON.parse(readFileSync(join(OUT, 'roots.json'), 'utf8')).files;
// Known not to load with protobufjs; nothing Pier uses needs it.
const SKIP = new Set(['envoy/config/trace/v3/opencensus.proto']);

function locate(rel) {
  for (const dir of SOURCE_DIRS) {
    const p = join(dir, rel);
    if (existsSync(p)) return p;
  }
  return null;
}

const seen = new Set();
const queue = [...ROOTS];
const missing = [];
while (queue.length > 0) {
  const rel = queue.shift();
  if (seen.has(rel) || SKIP.has(rel)) continue;
  if (rel.startsWith('google/protobuf/')) continue; // well-known types ship with protobufjs
  if (rel.startsWith('pier/')) {
    // Pier's own protos live in proto/pier/: follow their imports, copy nothing.
    for (const m of readFileSync(join(OUT, rel), 'utf8').matchAll(/^import\s+(?:public\s+|weak\s+)?"([^"]+)";/gm)) queue.push(m[1]);
    continue;
  }
  const src = locate(rel);
  if (!src) { missing.push(rel); continue; }
  seen.add(rel);
  for (const m of readFileSync(src, 'utf8').matchAll(/^import\s+(?:public\s+|weak\s+)?"([^"]+)";/gm)) queue.push(m[1]);
}
if (missing.length > 0) {
  console.error(`sync-protos: imports not found in @grpc/grpc-js-xds@${pkgVersion}/deps:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
for (const top of ['envoy', 'xds', 'udpa', 'validate', 'google', 'grpc', 'opentelemetry']) rmSync(join(OUT, top), { recursive: true, force: true });
for (const rel of [...seen].sort()) {
  const dest = join(OUT, rel);
  mkdirSync(dirname(dest), { recursive: true });
  copyFileSync(locate(rel), dest);
}
rmSync(otelDir, { recursive: true, force: true });

// The protoc-gen-validate copy in those deps predates a field the Envoy protos use in their
// validation options (StringRules.ignore_empty). protobufjs does not care, but strict
// compilers (buf, protoc) do; add it so the tree compiles as a whole.
const validateProto = join(OUT, 'validate/validate.proto');
const strictField = 'optional bool strict = 25 [default = true];';
const validateText = readFileSync(validateProto, 'utf8');
if (!validateText.includes('ignore_empty')) {
  writeFileSync(validateProto, validateText.replace(strictField, `${strictField}\n\n  // Added by Pier's sync-protos (newer protoc-gen-validate has it; Envoy's protos use it).\n  optional bool ignore_empty = 26;`));
}

// The local rate limit filter in those deps predates Envoy's dynamic descriptors (a descriptor
// entry without a value makes one token bucket per distinct value, kept in an LRU list whose
// size is max_dynamic_descriptors; Envoy 1.35+, field numbers as in Envoy's own API). Pier sets
// that size (RateLimitPolicy per-client limits), so the field is added here.
const localRateLimitProto = join(OUT, 'envoy/extensions/filters/http/local_ratelimit/v3/local_rate_limit.proto');
const localRateLimitLast = 'bool rate_limited_as_resource_exhausted = 15;';
const localRateLimitText = readFileSync(localRateLimitProto, 'utf8');
if (!localRateLimitText.includes('max_dynamic_descriptors')) {
  writeFileSync(localRateLimitProto, localRateLimitText.replace(localRateLimitLast, `${localRateLimitLast}\n\n  // Added by Pier's sync-protos (Envoy 1.35+): LRU size of the dynamic token buckets of a wildcard descriptor.\n  google.protobuf.UInt32Value max_dynamic_descriptors = 18;`));
}

// The OAuth2 filter in those deps predates fields and messages of Envoy 1.40 that Pier's OIDC
// (SecurityPolicy spec.oidc) sets: the per-route config (one filter, each route or virtual host
// with its own provider), cookie domain and the nonce/PKCE cookie names, the end session endpoint
// and the ID token forwarded in a header. Field numbers and names as in Envoy's own API.
const oauthProto = join(OUT, 'envoy/extensions/filters/http/oauth2/v3/oauth.proto');
// (That file has CRLF line ends: patched as LF.)
const oauthText = readFileSync(oauthProto, 'utf8').replace(/\r\n/g, '\n');
if (!oauthText.includes('OAuth2PerRoute')) {
  const added = '// Added by Pier\'s sync-protos (Envoy 1.40).';
  writeFileSync(oauthProto, oauthText
    .replace(/(  string refresh_token = 5\n[^;]*;\n)/, `$1\n    ${added}\n    string oauth_nonce = 6;\n    string code_verifier = 7;\n`)
    .replace('  CookieNames cookie_names = 4;\n', `  CookieNames cookie_names = 4;\n\n  ${added}\n  string cookie_domain = 5;\n`)
    .replace('bool disable_id_token_set_cookie = 17;', `bool disable_id_token_set_cookie = 17;\n\n  ${added}\n  string stat_prefix = 22;\n  string end_session_endpoint = 23;\n  OAuth2TokenForwarding forward_id_token = 31;`)
    .replace('// Filter config.\nmessage OAuth2 {', `${added}\nmessage OAuth2TokenForwarding {\n  string header = 1;\n}\n\n${added}\nmessage OAuth2PerRoute {\n  OAuth2Config config = 1;\n}\n\n// Filter config.\nmessage OAuth2 {`));
}

// gRPC's health and reflection services, served on the xDS port next to the discovery services.
const GRPC_PROTOS = {
  'grpc/health/v1/health.proto': require.resolve('grpc-health-check/proto/health/v1/health.proto'),
  'grpc/reflection/v1/reflection.proto': join(dirname(require.resolve('@grpc/reflection/package.json')), 'build/proto/grpc/reflection/v1/reflection.proto'),
  'grpc/reflection/v1alpha/reflection.proto': join(dirname(require.resolve('@grpc/reflection/package.json')), 'build/proto/grpc/reflection/v1alpha/reflection.proto'),
};
for (const [rel, src] of Object.entries(GRPC_PROTOS)) {
  mkdirSync(dirname(join(OUT, rel)), { recursive: true });
  copyFileSync(src, join(OUT, rel));
}

writeFileSync(join(OUT, 'SOURCE'), [
  `@grpc/grpc-js-xds@${pkgVersion} deps/ (envoy-api, xds, googleapis, protoc-gen-validate): ${seen.size} files`,
  'grpc/health/v1: grpc-health-check; grpc/reflection: @grpc/reflection',
  `opentelemetry/proto: ${OTEL_PROTOS} (build/protos)`,
  'patched: validate/validate.proto gains StringRules.ignore_empty (used by the Envoy protos)',
  'patched: local_ratelimit/v3/local_rate_limit.proto gains LocalRateLimit.max_dynamic_descriptors (Envoy 1.35+)',
  'patched: oauth2/v3/oauth.proto gains OAuth2PerRoute, OAuth2TokenForwarding, cookie_domain, end_session_endpoint, forward_id_token, stat_prefix, nonce/code verifier cookie names (Envoy 1.40)',
  'proto-extra/: Envoy API protos the deps lack (api_key_auth, Envoy 1.40), vendored by hand',
  'descriptors.binpb: FileDescriptorSet of all of the above (buf build), served by gRPC reflection',
  'regenerate: npm run sync-protos',
  '',
].join('\n'));

// A canonical FileDescriptorSet (fully qualified names, proper map entries) for reflection.
// buf comes from the npm registry on demand (pinned), so it is no install-time dependency.
const BUF = '@bufbuild/buf@1.75.0';
execFileSync('npx', ['--yes', BUF, 'build', '.', '--exclude-source-info', '-o', join(OUT, 'descriptors.binpb')], { cwd: OUT, stdio: 'inherit' });
console.log(`sync-protos: ${seen.size} files from @grpc/grpc-js-xds@${pkgVersion} into proto/`);

// TypeScript types for every message, in the shape @grpc/proto-loader and protobufjs use
// with Pier's load options (keepCase, longs and enums as strings, oneofs).
const GEN = new URL('../src/generated/', import.meta.url).pathname;
rmSync(GEN, { recursive: true, force: true });
execFileSync(process.execPath, [
  require.resolve('@grpc/proto-loader/build/bin/proto-loader-gen-types.js'),
  '--keepCase', '--longs=String', '--enums=String', '--defaults=false', '--oneofs',
  '--grpcLib=@grpc/grpc-js', `--includeDirs=${OUT}`, `--outDir=${GEN}`,
  '--inputTemplate=%s', '--outputTemplate=%s__Output',
  ...ROOTS,
], { stdio: 'inherit' });
// The per-file aggregate types (src/generated/*.ts) are unused: Pier loads packages itself.
for (const f of readdirSync(GEN)) if (f.endsWith('.ts')) rmSync(join(GEN, f));
// Each file names its source; relative to the checkout, so a worktree generates the same bytes.
for (const f of readdirSync(GEN, { recursive: true })) {
  if (!f.endsWith('.ts')) continue;
  const file = join(GEN, f);
  const text = readFileSync(file, 'utf8');
  const relative = text.replaceAll(`// Original file: ${OUT}`, '// Original file: proto/');
  if (relative !== text) writeFileSync(file, relative);
}
console.log(`sync-protos: generated types into src/generated/`);
