/**
 * Runs the real `pier` CLI as a child process for end-to-end tests, with its own ports and a
 * config file, and gives access to its JSON logs and admin API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, httpRequest, waitFor } from './net';

/** The compiled CLI next to these compiled helpers. */
export const PIER_CLI = path.resolve(__dirname, '..', '..', 'src', 'cli', 'main.js');

/** The node flags the CLI's first line starts it with (`#!/usr/bin/env -S node FLAGS`), to start it as the `pier` command does. */
export function pierNodeFlags(): string[] {
  const first = readFileSync(PIER_CLI, 'utf8').split('\n', 1)[0] ?? '';
  const words = first.replace(/^#!\S*env\s+(-S\s+)?/, '').split(/\s+/).filter((w) => w !== '');
  return words[0] === 'node' ? words.slice(1) : [];
}

export interface PierProcessOptions {
  command?: 'serve' | 'quickstart';
  /** Settings for the config file (camelCase names as in src/config/config.ts). */
  config: Record<string, unknown>;
  /** Extra CLI args. */
  args?: string[];
  /** Node's own flags, before the script (those NODE_OPTIONS refuses, e.g. --cpu-prof). */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Working directory of the pier process (relative paths in its settings start there). */
  cwd?: string;
  /**
   * File permissions apply to Pier although the test runs as root: it runs without the
   * capabilities that bypass them (setpriv drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH), as
   * root still, so it reads the checkout wherever it lives (another user may not traverse it).
   */
  filePermissions?: boolean;
  /** How long start() waits for /readyz. Default 15 s. */
  readyTimeoutMs?: number;
}

export interface LogLine {
  level: number;
  msg: string;
  component?: string;
  [key: string]: unknown;
}

/** Pier exited before it was ready. */
class PierExitedError extends Error {}

/** Pier exited because a port this helper picked for it was taken meanwhile. */
class PickedPortTakenError extends PierExitedError {}

export class PierProcess {
  readonly logs: LogLine[] = [];
  readonly stderr: string[] = [];
  private exitCode: number | null | undefined = undefined;
  private readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess, readonly xdsPort: number, readonly adminPort: number, readonly metricsPort: number) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        this.logs.push({ level: 30, msg: line });
      }
      if (process.env.PIER_TEST_VERBOSE) process.stderr.write(`[pier] ${line}\n`);
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      this.stderr.push(line);
      if (process.env.PIER_TEST_VERBOSE) process.stderr.write(`[pier:err] ${line}\n`);
    });
    this.exited = new Promise((resolve) => child.on('exit', (code) => { this.exitCode = code; resolve(code); }));
  }

  /**
   * Starts Pier and waits for /readyz. The ports this helper picks are free when picked, not
   * necessarily when Pier binds them (suites run in parallel and pick ports too): when Pier
   * exits because one of those was taken, it is started again on others, at most three times.
   */
  static async start(o: PierProcessOptions): Promise<PierProcess> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await PierProcess.startOnce(o);
      } catch (err) {
        if (!(err instanceof PickedPortTakenError) || attempt >= 3) throw err;
      }
    }
  }

  private static async startOnce(o: PierProcessOptions): Promise<PierProcess> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-'));
    const picked: number[] = [];
    const pick = async (): Promise<number> => {
      const port = await freePort();
      picked.push(port);
      return port;
    };
    const xdsPort = (o.config.xdsAddress as string | undefined) ? Number(String(o.config.xdsAddress).split(':').pop()) : await pick();
    const adminPort = (o.config.adminAddress as string | undefined) ? Number(String(o.config.adminAddress).split(':').pop()) : await pick();
    const metricsPort = (o.config.metricsAddress as string | undefined) ? Number(String(o.config.metricsAddress).split(':').pop()) : await pick();
    const config = { xdsAddress: `127.0.0.1:${xdsPort}`, adminAddress: `127.0.0.1:${adminPort}`, metricsAddress: `127.0.0.1:${metricsPort}`, logLevel: 'debug', ...o.config };
    const configPath = path.join(dir, 'pier.yaml');
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    const argv = [process.execPath, ...(o.nodeArgs ?? []), PIER_CLI, o.command ?? 'serve', '--config', configPath, ...(o.args ?? [])];
    // setpriv execs node: the child's pid is Pier's.
    const command = o.filePermissions && process.getuid?.() === 0 ? ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--', ...argv] : argv;
    const child = spawn(command[0] as string, command.slice(1), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...o.env },
      cwd: o.cwd,
    });
    const pier = new PierProcess(child, xdsPort, adminPort, metricsPort);
    // 'close' rather than 'exit': Pier's stderr has been read by then. An exit ends the wait at once.
    let closed = false;
    child.once('close', () => { closed = true; });
    const exitError = (): Error => {
      const stderr = pier.stderr.join('\n');
      const taken = /EADDRINUSE/.test(stderr) && picked.some((port) => stderr.includes(`:${port}`));
      return taken ? new PickedPortTakenError(stderr) : new PierExitedError(`pier exited with ${pier.exitCode} before it was ready: ${stderr}`);
    };
    await waitFor('pier to be ready', async () => {
      if (closed) throw exitError();
      const r = await httpRequest(`http://127.0.0.1:${adminPort}/readyz`);
      return r.status === 200 ? true : undefined;
    }, { timeoutMs: o.readyTimeoutMs ?? 15_000, intervalMs: 100, stopOn: (err) => err instanceof PierExitedError }).catch((err) => {
      child.kill('SIGKILL');
      throw err;
    });
    return pier;
  }

  /** GET an admin endpoint as JSON. */
  async admin<T = unknown>(pathname: string): Promise<T> {
    const r = await httpRequest(`http://127.0.0.1:${this.adminPort}${pathname}`);
    if (r.status !== 200) throw new Error(`admin ${pathname}: ${r.status} ${r.body}`);
    return JSON.parse(r.body) as T;
  }

  /** SIGTERM, then the exit code (SIGKILL after timeoutMs). */
  async stop(timeoutMs = 15_000): Promise<number | null> {
    if (this.exitCode !== undefined) return this.exitCode;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  /** Log lines matching a predicate (for assertions on what Pier reported). */
  find(predicate: (l: LogLine) => boolean): LogLine[] {
    return this.logs.filter(predicate);
  }

  /** err, with why Envoy may not serve: the last warnings Pier logged (a rejected configuration is one) and its last stderr lines. */
  withDiagnostics(err: Error): Error {
    const problems = this.logs.filter((l) => l.level >= 40).map((l) => JSON.stringify(l)).slice(-5);
    return new Error(`${err.message}\n${problems.join('\n')}\n${this.stderr.slice(-10).join('')}`);
  }
}
