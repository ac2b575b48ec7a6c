/**
 * The go-control-plane peer (bench/peer): built from the Go module proxy on first use into
 * ~/.cache/pier/bench, keyed by its sources and the Go version, so later runs reuse the binary.
 * Go's own build cache (~/.cache/go-build) keeps rebuilds short.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, renameSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const PEER_DIR = path.resolve(__dirname, '..', '..', '..', 'bench', 'peer');
/** The module's commands: the go-control-plane server (the module's root) and the Go xDS client. */
const COMMANDS = {
  peer: { prefix: 'gcp-peer', package: '.', sources: ['go.mod', 'go.sum', 'main.go', 'internal/clock/clock.go'] },
  client: { prefix: 'xds-client', package: './client', sources: ['go.mod', 'go.sum', 'client/main.go', 'internal/clock/clock.go'] },
} as const;

function goBinary(): string {
  for (const candidate of [process.env.PIER_GO_BIN, ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'go')), '/usr/local/go/bin/go']) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch { /* next */ }
  }
  throw new Error('the peer benchmark needs Go (go on PATH, /usr/local/go/bin/go or PIER_GO_BIN) to build bench/peer');
}

function cacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'pier', 'bench');
}

/** The peer binary, built when its sources or the Go version changed. Returns its path. */
export function ensurePeerBinary(log: (line: string) => void): string {
  return ensureBinary('peer', log);
}

/** The Go xDS client of the fan-out benchmarks (bench/peer/client), built like the peer. */
export function ensureGoClientBinary(log: (line: string) => void): string {
  return ensureBinary('client', log);
}

function ensureBinary(command: keyof typeof COMMANDS, log: (line: string) => void): string {
  const { prefix, package: pkg, sources } = COMMANDS[command];
  const go = goBinary();
  const goVersion = execFileSync(go, ['env', 'GOVERSION'], { encoding: 'utf8' }).trim();
  const hash = createHash('sha256').update(goVersion);
  for (const file of sources) hash.update(file).update('\0').update(readFileSync(path.join(PEER_DIR, file)));
  const binary = path.join(cacheDir(), `${prefix}-${hash.digest('hex').slice(0, 16)}`);
  try {
    accessSync(binary, constants.X_OK);
    return binary;
  } catch { /* build it */ }
  mkdirSync(cacheDir(), { recursive: true });
  const partial = `${binary}.${process.pid}.partial`;
  log(`building bench/peer ${pkg} (${goVersion}) into ${binary}`);
  execFileSync(go, ['build', '-trimpath', '-o', partial, pkg], {
    cwd: PEER_DIR, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, GOFLAGS: '-mod=readonly' },
  });
  renameSync(partial, binary);
  return binary;
}

/** The go-control-plane release the peer is built with (from bench/peer/go.mod). */
export function peerModuleVersions(): string {
  const mod = readFileSync(path.join(PEER_DIR, 'go.mod'), 'utf8');
  const version = (module: string): string => new RegExp(`^\\s*${module.replace(/[./]/g, '\\$&')} (v\\S+)`, 'm').exec(mod)?.[1] ?? '?';
  return `go-control-plane ${version('github.com/envoyproxy/go-control-plane')} (envoy API ${version('github.com/envoyproxy/go-control-plane/envoy')})`;
}
