#!/usr/bin/env node
// Builds what the upstream Gateway API conformance run needs, from the Go module proxy, pinned,
// into ~/.cache/pier/conformance/<version>-<hash>/bin/ (never into the repo):
//   conformance.test  the suite runner: test/conformance-upstream/runner (go test -c), which calls
//                     sigs.k8s.io/gateway-api/conformance's RunConformance, unmodified
//   echo-basic        the suite's echo server (sigs.k8s.io/gateway-api-conformance-images/echo-basic
//                     since v1.7.0, the runner module's `tool`), run by the test node agent for the
//                     echo-basic images: HTTP, HTTPS, h2c, gRPC, TCP and (v1.7.0) the UDP backend
//   coredns           github.com/coredns/coredns at the version the suite's manifests name
//                     (registry.k8s.io/coredns/coredns:<version>); v1.7.0's name none (its UDP
//                     backend is echo-basic), so the version v1.6.1 named, for the node agent's test
//
// Go: the v1.7.0 suite's go.mod says `go 1.27.0`, so the go commands run with GOTOOLCHAIN=go1.27.3
// (unless GOTOOLCHAIN is set): the go command fetches that toolchain from the Go module proxy
// when the local one is older, instead of refusing the module.
//
// <version> is the conformance module's version in the runner's go.mod; <hash> covers the runner's
// go.mod, go.sum and sources, so a change rebuilds. Idempotent: a no-op when the three binaries
// exist. Go's build and module caches are the defaults (~/.cache/go-build, ~/go/pkg/mod), so a
// rebuild reuses what it can. Fails loudly (non-zero exit, the go command's output).
//
// Usage: node scripts/k8s/build-conformance.mjs [--print-bin-dir]
//   --print-bin-dir  print the bin directory and exit (0 when the binaries exist, 1 otherwise)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
export const RUNNER_DIR = join(root, 'test', 'conformance-upstream', 'runner');
export const BINARIES = ['conformance.test', 'echo-basic', 'coredns'];
/** The echo server's package: the runner's go.mod names it as its `tool`. */
const ECHO_BASIC_PACKAGE = 'sigs.k8s.io/gateway-api-conformance-images/echo-basic';
/** CoreDNS when the suite's manifests name none (v1.7.0): the version v1.6.1's did. */
const COREDNS_FALLBACK_VERSION = 'v1.12.2';

const goMod = readFileSync(join(RUNNER_DIR, 'go.mod'), 'utf8');
export const CONFORMANCE_VERSION = goMod.match(/^\s*(?:require\s+)?sigs\.k8s\.io\/gateway-api\/conformance\s+(v\S+)/m)?.[1];
if (!CONFORMANCE_VERSION) throw new Error(`${RUNNER_DIR}/go.mod does not require sigs.k8s.io/gateway-api/conformance`);

const hash = createHash('sha256');
for (const f of readdirSync(RUNNER_DIR).sort()) hash.update(f).update(readFileSync(join(RUNNER_DIR, f)));
const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
export const BIN_DIR = join(cacheHome, 'pier', 'conformance', `${CONFORMANCE_VERSION}-${hash.digest('hex').slice(0, 12)}`, 'bin');

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const log = (msg) => console.log(`[build-conformance +${seconds(started)}s] ${msg}`);
const haveAll = () => BINARIES.every((b) => existsSync(join(BIN_DIR, b)));

// -mod=readonly: the runner's go.sum pins every module; a build never edits it.
export const GOTOOLCHAIN = process.env.GOTOOLCHAIN || 'go1.27.3';
const goEnv = { ...process.env, GOTOOLCHAIN, GOFLAGS: `${process.env.GOFLAGS ?? ''} -mod=readonly`.trim() };
function go(args, cwd, env = {}) {
  execFileSync('go', args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...goEnv, ...env } });
}

if (process.argv.includes('--print-bin-dir')) {
  console.log(BIN_DIR);
  process.exit(haveAll() ? 0 : 1);
}
if (haveAll()) {
  log(`up to date: ${BIN_DIR}`);
  process.exit(0);
}

const staging = `${BIN_DIR}.partial`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });

let t = Date.now();
log(`conformance.test: go test -c (sigs.k8s.io/gateway-api/conformance ${CONFORMANCE_VERSION})`);
go(['test', '-c', '-o', join(staging, 'conformance.test'), '.'], RUNNER_DIR);
log(`conformance.test: built in ${seconds(t)}s`);

t = Date.now();
log('echo-basic: go build');
go(['build', '-o', join(staging, 'echo-basic'), ECHO_BASIC_PACKAGE], RUNNER_DIR);
log(`echo-basic: built in ${seconds(t)}s`);

// The CoreDNS version the suite's manifests deploy.
const moduleDir = JSON.parse(execFileSync('go', ['list', '-m', '-json', 'sigs.k8s.io/gateway-api/conformance'], { cwd: RUNNER_DIR, encoding: 'utf8', env: goEnv })).Dir;
const manifests = readFileSync(join(moduleDir, 'base', 'manifests.yaml'), 'utf8');
const corednsVersion = manifests.match(/registry\.k8s\.io\/coredns\/coredns:(v[0-9][^\s"']*)/)?.[1] ?? COREDNS_FALLBACK_VERSION;
t = Date.now();
log(`coredns: go install github.com/coredns/coredns@${corednsVersion}`);
// `go install pkg@version` builds the module as published, with its own go.sum (outside any module).
go(['install', `github.com/coredns/coredns@${corednsVersion}`], staging, { GOBIN: staging, GOFLAGS: process.env.GOFLAGS ?? '' });
log(`coredns: built in ${seconds(t)}s`);

rmSync(BIN_DIR, { recursive: true, force: true });
renameSync(staging, BIN_DIR);
log(`done: ${BIN_DIR}`);
