/**
 * An xDS server process of the peer benchmark (Pier's bench/peer-pier-server.ts or the
 * go-control-plane peer, bench/peer), driven over stdin/stdout one line at a time:
 * "update K" -> "applied K <monotonic ns> <cpu ns>", "cpu" -> "cpu <ns>", "streams" ->
 * "streams <n>", "mem" -> "mem <rss> <heap>". It exits when its stdin closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { raisedFdLimit } from './limits';
import { settle } from './stats';

const START_TIMEOUT_MS = 60_000;
const COMMAND_TIMEOUT_MS = 30_000;

export interface Applied {
  /** CLOCK_MONOTONIC (process.hrtime.bigint() in node) just before the cache was told. */
  startedNs: bigint;
  cpuBeforeNs: bigint;
}

export class ServerProcess {
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private exited: string | null = null;
  private readonly stderr: string[] = [];
  readonly exit: Promise<void>;
  port = 0;

  private constructor(readonly name: string, private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => { this.lines.push(line); this.waiter?.(); });
    createInterface({ input: child.stderr! }).on('line', (line) => { this.stderr.push(line); if (this.stderr.length > 20) this.stderr.shift(); });
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => {
      this.exited = `exit ${String(code ?? signal)}`;
      this.waiter?.();
      resolve();
    }));
  }

  static async start(name: string, command: string, args: readonly string[]): Promise<ServerProcess> {
    const raised = raisedFdLimit(command, args);
    const server = new ServerProcess(name, spawn(raised.command, raised.args, { stdio: ['pipe', 'pipe', 'pipe'] }));
    try {
      server.port = Number((await server.nextLine('listening', START_TIMEOUT_MS))[0]);
    } catch (err) {
      await server.stop();
      throw err;
    }
    return server;
  }

  /** Sends one command and returns the fields of its answer (after the answer's keyword). */
  async command(line: string, answer: string, timeoutMs = COMMAND_TIMEOUT_MS): Promise<string[]> {
    if (this.exited) throw new Error(`${this.name} has exited (${this.exited}): ${this.stderr.join(' | ')}`);
    this.child.stdin!.write(`${line}\n`);
    return this.nextLine(answer, timeoutMs);
  }

  async update(k: number): Promise<Applied> {
    const [, started, cpu] = await this.command(`update ${k}`, 'applied');
    return { startedNs: BigInt(started ?? '0'), cpuBeforeNs: BigInt(cpu ?? '0') };
  }

  async cpuNs(): Promise<bigint> {
    return BigInt((await this.command('cpu', 'cpu'))[0] ?? '0');
  }

  async streams(): Promise<number> {
    return Number((await this.command('streams', 'streams'))[0]);
  }

  /** RSS and heap in use after a garbage collection. */
  async memory(): Promise<{ rss: number; heap: number }> {
    const [rss, heap] = await this.command('mem', 'mem');
    return { rss: Number(rss), heap: Number(heap) };
  }

  /**
   * Waits until the server is idle: its CPU time grows by less than maxBusyShare of the wall time
   * over each of two windows of windowMs, so everything the last update caused (ACKs included)
   * is done. Returns the CPU time then.
   */
  async cpuWhenIdle(timeoutMs: number, maxBusyShare = 0.05, windowMs = 10): Promise<bigint> {
    const deadline = Date.now() + timeoutMs;
    let previous = await this.cpuNs();
    let previousAt = process.hrtime.bigint();
    let quiet = 0;
    const recent: string[] = [];
    while (Date.now() < deadline) {
      await settle(windowMs);
      const now = await this.cpuNs();
      const at = process.hrtime.bigint();
      const share = Number(now - previous) / Number(at - previousAt);
      recent.push(share.toFixed(2));
      if (recent.length > 5) recent.shift();
      quiet = share < maxBusyShare ? quiet + 1 : 0;
      previous = now;
      previousAt = at;
      if (quiet >= 2) return now;
    }
    throw new Error(`${this.name} stayed busy for ${timeoutMs} ms (CPU share of the last windows: ${recent.join(', ')})`);
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exit;
    clearTimeout(timer);
  }

  private async nextLine(answer: string, timeoutMs: number): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.shift();
      if (line !== undefined) {
        const [keyword, ...fields] = line.split(' ');
        if (keyword === answer) return fields;
        throw new Error(`${this.name}: expected "${answer} ...", got "${line}"`);
      }
      if (this.exited) throw new Error(`${this.name} exited (${this.exited}) while waiting for "${answer}": ${this.stderr.join(' | ')}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.name}: no "${answer}" within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
      this.waiter = null;
    }
  }
}
