/**
 * The Python tools of the end-to-end tests (test/tools/python): a virtual environment with the
 * pinned packages of requirements.txt, made with pip once per version of that file under
 * ~/.cache/pier/python-<hash>, and the scripts next to it run with its interpreter.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { testData } from './paths';

let python: string | undefined;

/** The virtual environment's interpreter; creates the environment when this requirements file was not installed yet. */
export function requirePythonTools(): string {
  if (python) return python;
  const requirements = testData('tools', 'python', 'requirements.txt');
  const hash = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 16);
  const cache = path.join(os.homedir(), '.cache', 'pier');
  const dir = path.join(cache, `python-${hash}`);
  if (!existsSync(dir)) {
    mkdirSync(cache, { recursive: true });
    // Built aside and renamed: a run that dies half way leaves no environment that looks complete.
    const building = `${dir}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    execFileSync('python3', ['-m', 'venv', building], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
    execFileSync(path.join(building, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '-r', requirements], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
    try {
      renameSync(building, dir);
    } catch (err) {
      // Another test made it meanwhile: keep theirs.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(dir)) throw err;
    }
  }
  python = path.join(dir, 'bin', 'python');
  return python;
}

/** Runs a script of test/tools/python with the environment's interpreter; its stdout. */
export function runPythonTool(script: string, args: string[], options: { input?: Buffer; timeoutMs?: number } = {}): Buffer {
  return execFileSync(requirePythonTools(), [testData('tools', 'python', script), ...args], { input: options.input, timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 });
}

/** A zstd body decoded (Node 20's zlib has no zstd). */
export function zstdDecode(body: Buffer): Buffer {
  return runPythonTool('zstd_decode.py', [], { input: body });
}
