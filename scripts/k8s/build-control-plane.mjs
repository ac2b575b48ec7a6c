#!/usr/bin/env node
// Builds the Kubernetes control plane the Kubernetes tests run against, from the Go module proxy,
// pinned, into ~/.cache/pier/k8s/<versions>/bin/ (never into the repo):
//   kube-apiserver, kube-controller-manager   from k8s.io/kubernetes
//   etcd                                       from go.etcd.io/etcd/server/v3 (package main)
//
// k8s.io/kubernetes is not meant to be required as a module: its go.mod lists its staging
// modules (k8s.io/api, k8s.io/client-go, ...) at v0.0.0 and replaces them with local paths that
// do not exist in the module zip. So each build goes through a generated wrapper module (under
// the cache dir) that requires the pinned version and replaces every module listed at v0.0.0
// with its published release (v1.X.Y -> v0.X.Y). The same is done for etcd's server module
// (whose own requirements are real versions, so it needs no replace today).
//
// Idempotent: when the three binaries for these versions exist it does nothing. Go's build
// cache (GOCACHE, default ~/.cache/go-build) and module cache are the defaults, so a rebuild
// after a version bump reuses what it can. Fails loudly (non-zero exit, the go command's output).
//
// Usage: node scripts/k8s/build-control-plane.mjs [--print-bin-dir]
//   --print-bin-dir  print the bin directory and exit (0 when the binaries exist, 1 otherwise)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const KUBERNETES_VERSION = 'v1.34.4';
export const ETCD_VERSION = 'v3.5.35';
export const BINARIES = ['etcd', 'kube-apiserver', 'kube-controller-manager'];

const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
export const VERSIONS_DIR = join(cacheHome, 'pier', 'k8s', `kubernetes-${KUBERNETES_VERSION}_etcd-${ETCD_VERSION}`);
export const BIN_DIR = join(VERSIONS_DIR, 'bin');

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const log = (msg) => console.log(`[build-control-plane +${seconds(started)}s] ${msg}`);

function haveAll() {
  return BINARIES.every((b) => existsSync(join(BIN_DIR, b)));
}

function go(args, cwd, env = {}) {
  execFileSync('go', args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
}

function goJSON(args, cwd) {
  return JSON.parse(execFileSync('go', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
}

/** The go.mod of module@version, from the module proxy (through the module cache). */
function moduleGoMod(module, version, cwd) {
  const info = goJSON(['mod', 'download', '-json', `${module}@${version}`], cwd);
  if (info.Error) throw new Error(`${module}@${version}: ${info.Error}`);
  return readFileSync(info.GoMod, 'utf8');
}

/** Modules a go.mod requires at the v0.0.0 placeholder (k8s.io/kubernetes: its staging modules). */
function placeholderRequirements(goMod) {
  const out = new Set();
  for (const m of goMod.matchAll(/^\s*(?:require\s+)?([A-Za-z0-9.\-_/]+)\s+v0\.0\.0(?:\s|$)/gm)) out.add(m[1]);
  return [...out].sort();
}

/** The `go` directive and `godebug` lines, so the wrapper builds with the upstream GODEBUG defaults. */
function languageLines(goMod) {
  const goLine = goMod.match(/^go\s+\S+$/m)?.[0];
  if (!goLine) throw new Error('no go directive in the upstream go.mod');
  return [goLine, ...(goMod.match(/^godebug\s+.*$/gm) ?? [])];
}

/**
 * Generates the wrapper module in dir and builds packages to output (a file, or a dir ending in /).
 * placeholderVersion: the published version that replaces each v0.0.0 requirement.
 */
function buildThroughWrapper({ name, module, version, placeholderVersion, packages, ldflags, dir, output }) {
  const t0 = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'go.mod'), 'module pier.dev/control-plane-wrapper\n');
  log(`${name}: reading ${module}@${version} go.mod from the module proxy`);
  const upstream = moduleGoMod(module, version, dir);
  const placeholders = placeholderRequirements(upstream);
  if (placeholders.length > 0 && !placeholderVersion) throw new Error(`${module}@${version} requires ${placeholders.join(', ')} at v0.0.0 and no replacement version is known`);
  log(`${name}: wrapper module in ${dir}; replacing ${placeholders.length} v0.0.0 requirements with ${placeholderVersion ?? '(none needed)'}`);
  const lines = [
    'module pier.dev/control-plane-wrapper', '',
    ...languageLines(upstream), '',
    `require ${module} ${version}`, '',
    ...placeholders.map((p) => `replace ${p} => ${p} ${placeholderVersion}`), '',
  ];
  writeFileSync(join(dir, 'go.mod'), lines.join('\n'));
  log(`${name}: resolving dependencies (go get ${packages.join(' ')})`);
  // GOTOOLCHAIN=local: build with the installed Go even when a dependency names a newer toolchain line.
  const env = { GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', CGO_ENABLED: '0' };
  go(['get', ...packages.map((p) => `${p}@${version}`)], dir, env);
  log(`${name}: go build ${packages.join(' ')}`);
  go(['build', '-trimpath', `-ldflags=-s -w ${ldflags}`, '-o', output, ...packages], dir, env);
  log(`${name}: built in ${seconds(t0)}s`);
}

function main() {
  if (process.argv.includes('--print-bin-dir')) {
    console.log(BIN_DIR);
    process.exit(haveAll() ? 0 : 1);
  }
  if (haveAll()) {
    log(`up to date: ${BINARIES.join(', ')} in ${BIN_DIR}`);
    return;
  }
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error('the Go toolchain (go) is not on PATH; it is needed to build kube-apiserver, kube-controller-manager and etcd');
  }
  log(`building kube-apiserver, kube-controller-manager ${KUBERNETES_VERSION} and etcd ${ETCD_VERSION} into ${BIN_DIR}`);
  // Per-process work and output dirs: two builds at once (two checkouts) must not clobber each other.
  const work = join(VERSIONS_DIR, `build-${process.pid}`);
  const staging = join(work, 'bin');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    build(work, staging);
    publish(staging);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`done in ${seconds(started)}s: ${BINARIES.map((b) => join(BIN_DIR, b)).join(' ')}`);
}

/** Moves the finished binaries into place, unless a concurrent build already did. */
function publish(staging) {
  if (haveAll()) return;
  rmSync(BIN_DIR, { recursive: true, force: true });
  try {
    renameSync(staging, BIN_DIR);
  } catch (err) {
    if (!haveAll()) throw err;
  }
}

function build(work, staging) {
  const [, major, minor, patch] = KUBERNETES_VERSION.match(/^v(\d+)\.(\d+)\.(\d+)$/) ?? [];
  // What /version reports: client libraries and the controller manager read it.
  const versionVars = ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version'].flatMap((pkg) => [
    `-X ${pkg}.gitVersion=${KUBERNETES_VERSION}`, `-X ${pkg}.gitMajor=${major}`, `-X ${pkg}.gitMinor=${minor}`, `-X ${pkg}.gitTreeState=clean`,
  ]).join(' ');
  buildThroughWrapper({
    name: 'kubernetes',
    module: 'k8s.io/kubernetes',
    version: KUBERNETES_VERSION,
    placeholderVersion: `v0.${minor}.${patch}`,
    packages: ['k8s.io/kubernetes/cmd/kube-apiserver', 'k8s.io/kubernetes/cmd/kube-controller-manager'],
    ldflags: versionVars,
    dir: join(work, 'kubernetes'),
    output: staging + '/',
  });
  buildThroughWrapper({
    name: 'etcd',
    module: 'go.etcd.io/etcd/server/v3',
    version: ETCD_VERSION,
    placeholderVersion: undefined,
    packages: ['go.etcd.io/etcd/server/v3'],
    ldflags: '',
    dir: join(work, 'etcd'),
    output: join(staging, 'etcd'),
  });
  for (const b of BINARIES) {
    if (!existsSync(join(staging, b))) throw new Error(`build finished without ${b} in ${staging}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`[build-control-plane] FAILED after ${seconds(started)}s: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
