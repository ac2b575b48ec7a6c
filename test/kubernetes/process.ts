/**
 * A control-plane process for tests: output to a log file (its tail goes into errors), stopped
 * with SIGTERM then SIGKILL, and killed when the test process exits whatever happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';

/**
 * setpriv (util-linux) makes the kernel SIGKILL the process when the test process dies, even by
 * SIGKILL (when no 'exit' handler runs): no API server or etcd outlives its test.
 */
const SETPRIV = existsSync('/usr/bin/setpriv') ? '/usr/bin/setpriv' : undefined;

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exit: Promise<void> = Promise.resolve();
  private exitCode: number | null = null;
  private exitSignal: NodeJS.Signals | null = null;

  constructor(readonly name: string, private readonly command: string, private readonly args: readonly string[], readonly logFile: string) {}

  start(): void {
    if (this.child) throw new Error(`${this.name} is already running`);
    const log = openSync(this.logFile, 'a');
    let child: ChildProcess;
    try {
      child = SETPRIV
        ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', this.command, ...this.args], { stdio: ['ignore', log, log] })
        : spawn(this.command, this.args, { stdio: ['ignore', log, log] });
    } finally {
      closeSync(log);
    }
    this.child = child;
    live.add(child);
    this.exitCode = null;
    this.exitSignal = null;
    this.exit = new Promise((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null): void => {
        this.exitCode = code;
        this.exitSignal = signal;
        live.delete(child);
        if (this.child === child) this.child = undefined;
        resolve();
      };
      child.once('exit', done);
      // Spawning failed (no such binary...): no 'exit' follows.
      child.once('error', () => done(-1, null));
    });
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Why it is not running, for error messages. */
  describeExit(): string {
    return this.exitSignal ? `killed by ${this.exitSignal}` : `exited with code ${this.exitCode}`;
  }

  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(timer);
  }

  /** The last lines of its log. */
  tail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
