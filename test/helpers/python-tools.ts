/**
 * The Python tools of the end-to-end tests (test/tools/python): a virtual environment with the
 * pinned packages of requirements.txt, made with pip once per version of that file under
 * ~/.cache/pier/python-<hash>, and the scripts next to it run with its interpreter.
 */
import { createHash } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
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

export interface Http3Response {
  /** The ALPN protocol the QUIC handshake settled on ("h3"). */
  alpn: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/3 GET with aioquic (test/tools/python/h3get.py) to host:port, SNI and :authority
 * serverName, the server certificate checked against the CA file. Rejects with the client's
 * error (no QUIC listener, handshake refused, timeout) when there is no response.
 */
export function http3Get(host: string, port: number, urlPath: string, o: { serverName: string; caFile: string; timeoutSeconds?: number }): Promise<Http3Response> {
  const timeout = o.timeoutSeconds ?? 10;
  const args = [testData('tools', 'python', 'h3get.py'), host, String(port), urlPath, '--server-name', o.serverName, '--ca', o.caFile, '--timeout', String(timeout)];
  return new Promise((resolve, reject) => {
    execFile(requirePythonTools(), args, { timeout: (timeout + 20) * 1000, encoding: 'utf8' }, (err, stdout) => {
      let parsed: (Http3Response & { error?: undefined }) | { error: string } | undefined;
      try { parsed = JSON.parse(stdout) as typeof parsed; } catch { /* reported below */ }
      if (parsed && !('error' in parsed && parsed.error)) return resolve(parsed as Http3Response);
      reject(new Error(`HTTP/3 GET https://${o.serverName}:${port}${urlPath} at ${host}: ${parsed && 'error' in parsed ? parsed.error : err?.message ?? stdout}`));
    });
  });
}
