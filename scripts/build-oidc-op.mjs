#!/usr/bin/env node
// Builds the OpenID Provider the OIDC end-to-end tests log in at: test/tools/oidc-op, the OP of
// github.com/zitadel/oidc/v3 (an OpenID Certified library) with its example login form and
// in-memory storage, pinned in its go.mod/go.sum at v3.52.0, from the Go module proxy, into
// ~/.cache/pier/oidc-op-<version>/oidc-op-<hash of the module's sources> (never into the repo),
// so an edit of the program builds anew.
//
// Idempotent: a no-op when the binary exists. A fresh build (modules and compile, 2 cores) takes
// under a minute. Fails loudly (non-zero exit, the go command's output).
//
// Usage: node scripts/build-oidc-op.mjs [--print-bin]
//   --print-bin  print the binary's path and exit (0 when it exists, 1 otherwise)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBinary } from './lib/cached-binary.mjs';

export const OIDC_OP_VERSION = 'v3.52.0';
const SOURCE = fileURLToPath(new URL('../test/tools/oidc-op/', import.meta.url));

const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
export const BIN_DIR = join(cacheHome, 'pier', `oidc-op-${OIDC_OP_VERSION}`);
const sourceHash = createHash('sha256');
for (const file of ['main.go', 'go.mod', 'go.sum']) sourceHash.update(readFileSync(join(SOURCE, file)));
export const BIN = join(BIN_DIR, `oidc-op-${sourceHash.digest('hex').slice(0, 12)}`);

const log = cachedBinary('build-oidc-op', BIN, existsSync);

mkdirSync(BIN_DIR, { recursive: true });
const staging = `${BIN}.partial`;
rmSync(staging, { force: true });
log(`go build test/tools/oidc-op (github.com/zitadel/oidc/v3 ${OIDC_OP_VERSION})`);
// The module's go.sum pins every dependency; -mod=readonly refuses to change it. CGO off: a static binary.
execFileSync('go', ['build', '-mod=readonly', '-trimpath', '-ldflags=-s -w', '-o', staging, '.'], {
  cwd: SOURCE, stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'go1.27.3', GOFLAGS: '', CGO_ENABLED: '0' },
});
renameSync(staging, BIN);
log(`done: ${BIN}`);
