#!/usr/bin/env node
// Builds the envoyproxy/ratelimit service (the gRPC rate limit service Envoy's
// envoy.filters.http.ratelimit filter calls; counts kept in Redis) that the global rate limit
// tests run, from the Go module proxy, pinned, into ~/.cache/pier/ratelimit-<version>/ratelimit
// (never into the repo): `go install github.com/envoyproxy/ratelimit/src/service_cmd@<version>`,
// outside any module, so the build uses the service's own go.sum.
//
// The project tags no releases the go command can use (its last semver tag is years old), so the
// version is a pseudo-version of its main branch from the proxy
// (`go list -m github.com/envoyproxy/ratelimit@latest`). Its go.mod says go 1.25.6: the installed
// go command builds it when it is that new or newer, and otherwise fetches that toolchain itself
// (GOTOOLCHAIN=auto); .ci/run's GOTOOLCHAIN=go1.27.3 builds it too.
//
// Idempotent: a no-op when the binary exists. A fresh build (modules and compile, 2 cores) takes
// about a minute. Fails loudly (non-zero exit, the go command's output).
//
// Usage: node scripts/build-ratelimit.mjs [--print-bin]
//   --print-bin  print the binary's path and exit (0 when it exists, 1 otherwise)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cachedBinary } from './lib/cached-binary.mjs';

export const RATELIMIT_MODULE = 'github.com/envoyproxy/ratelimit';
// Main branch, 2026-01-22 (commit 3fb702589d36).
export const RATELIMIT_VERSION = 'v1.4.1-0.20260122083618-3fb702589d36';

const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
export const BIN_DIR = join(cacheHome, 'pier', `ratelimit-${RATELIMIT_VERSION}`);
export const BIN = join(BIN_DIR, 'ratelimit');

const log = cachedBinary('build-ratelimit', BIN, existsSync);

mkdirSync(BIN_DIR, { recursive: true });
const staging = join(BIN_DIR, 'staging');
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
log(`go install ${RATELIMIT_MODULE}/src/service_cmd@${RATELIMIT_VERSION}`);
// CGO off: a static binary, as the service's images ship. GOFLAGS cleared so a -mod flag meant
// for a module build does not reach this out-of-module install.
execFileSync('go', ['install', '-trimpath', '-ldflags=-s -w', `${RATELIMIT_MODULE}/src/service_cmd@${RATELIMIT_VERSION}`], {
  cwd: staging, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, GOBIN: staging, GOFLAGS: '', CGO_ENABLED: '0' },
});
renameSync(join(staging, 'service_cmd'), BIN);
rmSync(staging, { recursive: true, force: true });
log(`done: ${BIN}`);
