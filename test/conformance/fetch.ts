/**
 * Gets the upstream Gateway API conformance suite (manifests only) from the Go module proxy
 * with the Go toolchain, and caches the files the replay uses under .cache/conformance/<version>/.
 * Run directly (`node dist/test/conformance/fetch.js`) to fetch ahead of time.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../helpers/paths';

/** Since v1.3 the suite is its own Go module (it was the conformance/ folder of the main one before). */
export const SUITE_MODULE = 'sigs.k8s.io/gateway-api/conformance';
export const SUITE_VERSION = 'v1.7.0';

/**
 * Since v1.7.0 the suite's echo server echo-basic lives in its own module, whose packages the
 * suite imports. v1.7.0 requires v0.2.0, which the Go module proxy does not serve here (403
 * "This module version is not available"); v0.1.0 has the same gRPC echo service (the upstream
 * runner builds against it too: docs/testing.md).
 */
export const ECHO_MODULE = 'sigs.k8s.io/gateway-api-conformance-images';
/** v1.7.0's go.mod says `go 1.27.0`: the go command needs that toolchain (fetched from the proxy) to download it, as scripts/k8s/build-conformance.mjs. */
const GOTOOLCHAIN = process.env.GOTOOLCHAIN || 'go1.27.3';
export const ECHO_MODULE_VERSION = 'v0.1.0';

/**
 * Files of the echo server's module that the replay's stand-ins read, cached with the manifests:
 * the gRPC echo service echo-basic serves (and the suite's client calls).
 */
export const SUITE_SOURCE_FILES = ['echo-basic/grpcecho.proto'];

export interface SuiteFiles {
  /** The cache folder: base/manifests.yaml, tests/*.yaml, SUITE_SOURCE_FILES, SOURCE.json. */
  dir: string;
  version: string;
}

interface GoModDownload {
  Path: string;
  Version: string;
  Dir?: string;
  Sum?: string;
  Error?: string;
}

export function cacheDir(version = SUITE_VERSION): string {
  return path.join(repoRoot(), '.cache', 'conformance', version);
}

/** The cached suite; downloads it first when missing. */
export function ensureSuite(version = SUITE_VERSION, log: (msg: string) => void = () => {}): SuiteFiles {
  const dir = cacheDir(version);
  // A cache made before a file joined SUITE_SOURCE_FILES is fetched again.
  if (['SOURCE.json', ...SUITE_SOURCE_FILES].every((f) => existsSync(path.join(dir, f)))) return { dir, version };
  const info = downloadModule(SUITE_MODULE, version, log);
  const echo = downloadModule(ECHO_MODULE, ECHO_MODULE_VERSION, log);
  copySuite(info.Dir, echo.Dir, dir, {
    module: info.Path, version: info.Version, sum: info.Sum ?? '',
    echoModule: echo.Path, echoVersion: echo.Version, echoSum: echo.Sum ?? '',
  });
  return { dir, version };
}

/** One module from the Go module proxy with `go mod download`, into Go's module cache. */
function downloadModule(module: string, version: string, log: (msg: string) => void): GoModDownload & { Dir: string } {
  log(`fetching ${module}@${version} from the Go module proxy`);
  let out: string;
  try {
    out = execFileSync('go', ['mod', 'download', '-json', `${module}@${version}`], {
      encoding: 'utf8', timeout: 180_000, stdio: ['ignore', 'pipe', 'pipe'],
      // Outside any module, so the download never touches a go.mod.
      cwd: os.tmpdir(),
      env: { ...process.env, GO111MODULE: 'on', GOTOOLCHAIN },
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    const detail = parseDownload(e.stdout ?? '')?.Error ?? e.stderr ?? e.message;
    throw new Error(`cannot download ${module}@${version} with \`go mod download\` (is Go installed and the proxy reachable?): ${String(detail).trim()}`);
  }
  const info = parseDownload(out);
  if (!info?.Dir) throw new Error(`go mod download gave no module directory for ${module}@${version}: ${out}`);
  return { ...info, Dir: info.Dir };
}

function parseDownload(text: string): GoModDownload | undefined {
  try {
    return JSON.parse(text) as GoModDownload;
  } catch {
    return undefined;
  }
}

/** Copies the manifests (and the echo module's files) into a fresh folder, then renames it into place (no half-filled cache). */
function copySuite(moduleDir: string, echoDir: string, dir: string, source: Record<string, string>): void {
  const staging = `${dir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.join(staging, 'base'), { recursive: true });
  mkdirSync(path.join(staging, 'tests'), { recursive: true });
  copyFileSync(path.join(moduleDir, 'base', 'manifests.yaml'), path.join(staging, 'base', 'manifests.yaml'));
  const testFiles = readdirSync(path.join(moduleDir, 'tests')).filter((f) => f.endsWith('.yaml'));
  for (const f of testFiles) copyFileSync(path.join(moduleDir, 'tests', f), path.join(staging, 'tests', f));
  for (const f of SUITE_SOURCE_FILES) {
    mkdirSync(path.join(staging, path.dirname(f)), { recursive: true });
    copyFileSync(path.join(echoDir, f), path.join(staging, f));
  }
  writeFileSync(path.join(staging, 'SOURCE.json'), JSON.stringify({ ...source, files: testFiles.length + 1 + SUITE_SOURCE_FILES.length }, null, 2) + '\n');
  mkdirSync(path.dirname(dir), { recursive: true });
  // The cache is never committed, whatever the root .gitignore says.
  const ignoreFile = path.join(path.dirname(path.dirname(dir)), '.gitignore');
  if (!existsSync(ignoreFile)) writeFileSync(ignoreFile, '# downloaded by test/conformance/fetch.ts\n*\n');
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

/** A manifest of the suite by its path in the module ("base/manifests.yaml", "tests/x.yaml"). */
export function readSuiteFile(suite: SuiteFiles, rel: string): string {
  return readFileSync(suiteFilePath(suite, rel), 'utf8');
}

/** Where a cached file of the suite is, by its path in the module (e.g. a SUITE_SOURCE_FILES entry). */
export function suiteFilePath(suite: SuiteFiles, rel: string): string {
  return path.join(suite.dir, rel);
}

if (require.main === module) {
  const suite = ensureSuite(process.argv[2] ?? SUITE_VERSION, (m) => process.stdout.write(`${m}\n`));
  process.stdout.write(`${SUITE_MODULE}@${suite.version} in ${suite.dir}\n`);
}
