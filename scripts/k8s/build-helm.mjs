#!/usr/bin/env node
// Builds the Helm CLI the chart's tests run (helm lint, helm template, and install/upgrade/
// uninstall against the test control plane), from the Go module proxy, pinned, into
// ~/.cache/pier/helm/<version>/bin/helm (never into the repo): `go install
// helm.sh/helm/v3/cmd/helm@<version>`, outside any module, so the build uses Helm's own go.sum.
// The version is stamped in as Helm's release builds do (-X .../internal/version.version).
//
// Idempotent: a no-op when the binary exists. Go's build and module caches are the defaults
// (~/.cache/go-build, ~/go/pkg/mod). Fails loudly (non-zero exit, the go command's output).
//
// Usage: node scripts/k8s/build-helm.mjs [--print-bin-dir]
//   --print-bin-dir  print the bin directory and exit (0 when the binary exists, 1 otherwise)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const HELM_MODULE = 'helm.sh/helm/v3';
export const HELM_VERSION = 'v3.19.5';

const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
export const BIN_DIR = join(cacheHome, 'pier', 'helm', HELM_VERSION, 'bin');

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const log = (msg) => console.log(`[build-helm +${seconds(started)}s] ${msg}`);
const have = () => existsSync(join(BIN_DIR, 'helm'));

if (process.argv.includes('--print-bin-dir')) {
  console.log(BIN_DIR);
  process.exit(have() ? 0 : 1);
}
if (have()) {
  log(`up to date: ${BIN_DIR}`);
  process.exit(0);
}

const staging = `${BIN_DIR}.partial`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
log(`helm: go install ${HELM_MODULE}/cmd/helm@${HELM_VERSION}`);
// CGO off: a static binary, as Helm's releases are; GOFLAGS cleared so a -mod flag meant for a
// module build does not reach this out-of-module install.
execFileSync('go', ['install', `-ldflags=-s -w -X ${HELM_MODULE}/internal/version.version=${HELM_VERSION}`, `${HELM_MODULE}/cmd/helm@${HELM_VERSION}`], {
  cwd: staging, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, GOBIN: staging, GOFLAGS: '', CGO_ENABLED: '0' },
});
rmSync(BIN_DIR, { recursive: true, force: true });
renameSync(staging, BIN_DIR);
log(`done: ${BIN_DIR}`);
