/**
 * The benchmark's xDS client process (bench/fanout-clients.ts) seen from the driver: started
 * with an IPC channel and the highest file limit the machine allows, its messages awaited one
 * kind at a time with a deadline, stopped cleanly (or killed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { FromClients, ToClients } from '../fanout-clients';
import { raisedFdLimit } from './limits';

export class ClientProcess {
  private readonly queue: FromClients[] = [];
  private waiter: (() => void) | null = null;
  private exited = false;
  readonly exit: Promise<void>;

  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromClients) => { this.queue.push(m); this.waiter?.(); });
    this.exit = new Promise((resolve) => child.once('exit', () => { this.exited = true; this.waiter?.(); resolve(); }));
  }

  /** bench/fanout-clients.js in its own node process (extra node flags first, e.g. a heap size). */
  static start(nodeFlags: readonly string[] = []): ClientProcess {
    const script = path.join(__dirname, '..', 'fanout-clients.js');
    const { command, args } = raisedFdLimit(process.execPath, [...nodeFlags, script]);
    return new ClientProcess(spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  /** Another program speaking the same messages over the IPC channel (bench/peer/client, in Go). */
  static startBinary(binary: string): ClientProcess {
    const { command, args } = raisedFdLimit(binary, []);
    return new ClientProcess(spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  send(m: ToClients): void {
    this.child.send(m);
  }

  async next<K extends FromClients['kind']>(kind: K, timeoutMs: number): Promise<Extract<FromClients, { kind: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.queue.findIndex((m) => m.kind === kind || m.kind === 'failed');
      if (i >= 0) {
        const [m] = this.queue.splice(i, 1) as [FromClients];
        if (m.kind === 'failed') throw new Error(`xDS client failed: ${m.message}`);
        return m as Extract<FromClients, { kind: K }>;
      }
      if (this.exited) throw new Error(`client process exited while waiting for ${kind}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${kind} from the client process within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => { clearTimeout(t); resolve(); };
      });
      this.waiter = null;
    }
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    try {
      this.send({ kind: 'close' });
      await this.next('closed', 10_000);
    } catch { /* killed below */ }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exit;
    clearTimeout(timer);
  }
}
