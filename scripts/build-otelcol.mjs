#!/usr/bin/env node
// Builds the OpenTelemetry Collector the tracing end-to-end tests export spans to: the minimal
// distribution in test/tools/otelcol (OTLP receiver + contrib file exporter, pinned in its
// go.mod/go.sum at collector v0.161.0), from the Go module proxy, into
// ~/.cache/pier/otelcol-<version>/otelcol-<hash of the module's sources> (never into the repo), so
// an edit of the distribution builds anew.
//
// Idempotent: a no-op when the binary exists. A fresh build (modules and compile, 2 cores)
// takes about 4 minutes. Fails loudly (non-zero exit, the go command's output).
//
// Usage: node scripts/build-otelcol.mjs [--print-bin]
//   --print-bin  print the binary's path and exit (0 when it exists, 1 otherwise)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBinary } from './lib/cached-binary.mjs';

export const OTELCOL_VERSION = 'v0.161.0';
const SOURCE = fileURLToPath(new URL('../test/tools/otelcol/', import.meta.url));

const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
export const BIN_DIR = join(cacheHome, 'pier', `otelcol-${OTELCOL_VERSION}`);
const sourceHash = createHash('sha256');
for (const file of ['main.go', 'go.mod', 'go.sum']) sourceHash.update(readFileSync(join(SOURCE, file)));
export const BIN = join(BIN_DIR, `otelcol-${sourceHash.digest('hex').slice(0, 12)}`);

const log = cachedBinary('build-otelcol', BIN, existsSync);

mkdirSync(BIN_DIR, { recursive: true });
const staging = `${BIN}.partial`;
rmSync(staging, { force: true });
log(`go build test/tools/otelcol (collector ${OTELCOL_VERSION})`);
// The module's go.sum pins every dependency; -mod=readonly refuses to change it. CGO off: a
// static binary, as the Collector's releases are.
execFileSync('go', ['build', '-mod=readonly', '-trimpath', '-ldflags=-s -w', '-o', staging, '.'], {
  cwd: SOURCE, stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'go1.27.3', GOFLAGS: '', CGO_ENABLED: '0' },
});
renameSync(staging, BIN);
log(`done: ${BIN}`);
