/**
 * A long-running helper process for end-to-end tests (Redis, the rate limit service): its last
 * log lines kept for failure messages, a readiness wait that gives up when the process exits,
 * and a bounded stop. Stopped too when the test process exits without stopping it.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { waitFor } from './net';

const MAX_LOG_LINES = 300;

export class ServiceProcess {
  private readonly lines: string[] = [];
  private failed: Error | undefined;
  private readonly exited: Promise<void>;
  private readonly killOnExit = (): void => { this.child.kill('SIGKILL'); };

  private constructor(readonly name: string, readonly child: ChildProcess, private readonly onLine?: (line: string) => void) {
    const collect = (chunk: string): void => {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        this.lines.push(line);
        this.onLine?.(line);
        if (process.env.PIER_TEST_VERBOSE) process.stderr.write(`[${name}] ${line}\n`);
      }
      if (this.lines.length > MAX_LOG_LINES) this.lines.splice(0, this.lines.length - MAX_LOG_LINES);
    };
    child.stdout?.setEncoding('utf8').on('data', collect);
    child.stderr?.setEncoding('utf8').on('data', collect);
    // A process that could not start (no binary, no working directory) reports an error, no exit.
    this.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', (err) => {
        this.failed = err;
        this.lines.push(`${name} could not start: ${err.message}`);
        resolve();
      });
    });
    process.once('exit', this.killOnExit);
  }

  /** Starts bin; onLine sees each line the process writes (stdout and stderr). */
  static spawn(name: string, bin: string, args: readonly string[], options: SpawnOptions & { onLine?: (line: string) => void } = {}): ServiceProcess {
    const { onLine, ...spawnOptions } = options;
    return new ServiceProcess(name, spawn(bin, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] }), onLine);
  }

  get running(): boolean {
    return this.failed === undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The process's last log lines. */
  get logs(): string {
    return this.lines.join('\n');
  }

  /** Waits (bounded) until ready() is true; fails at once, with the process's log, when it exits first. Stops it on failure. */
  async waitReady(what: string, ready: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    try {
      await waitFor(`${this.name}: ${what}`, async () => {
        if (!this.running) throw new Error(`${this.name} exited (${this.child.exitCode ?? this.child.signalCode}): ${this.lines.slice(-20).join('\n')}`);
        return (await ready()) ? true : undefined;
      }, { timeoutMs, intervalMs: 100, stopOn: (err) => String(err).includes(`${this.name} exited`) });
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  /** SIGTERM, SIGKILL after graceMs; resolves once the process is gone. */
  async stop(graceMs = 10_000): Promise<void> {
    process.off('exit', this.killOnExit);
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
