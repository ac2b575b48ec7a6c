/**
 * A real Envoy started with a given bootstrap for end-to-end tests: its admin API (stats,
 * config_dump) and a bounded stop. The process is Envoy itself, not one Pier launched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { httpRequest, waitFor } from './net';
import { requireEnvoy } from './tools';

export class EnvoyProxy {
  readonly stderr: string[] = [];
  private readonly exited: Promise<void>;

  private constructor(readonly child: ChildProcess, private readonly adminPath: string) {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line) this.stderr.push(line);
      if (this.stderr.length > 200) this.stderr.splice(0, this.stderr.length - 200);
      if (process.env.PIER_TEST_VERBOSE) process.stderr.write(`[envoy] ${chunk}`);
    });
    child.stdout?.resume();
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Writes the bootstrap into dir and starts Envoy (cwd: dir, so relative certificate paths start there). */
  static async start(dir: string, bootstrap: Record<string, unknown>, opts: { timeoutMs?: number; cwd?: string } = {}): Promise<EnvoyProxy> {
    const bootstrapPath = path.join(dir, 'bootstrap.json');
    const adminPath = path.join(dir, 'admin-address');
    writeFileSync(bootstrapPath, JSON.stringify(bootstrap, null, 2));
    const child = spawn(requireEnvoy(), [
      '-c', bootstrapPath, '--disable-hot-restart', '--admin-address-path', adminPath,
      '--log-level', 'warning', '--concurrency', '1', '--drain-time-s', '1',
    ], { stdio: ['ignore', 'pipe', 'pipe'], cwd: opts.cwd ?? dir });
    const envoy = new EnvoyProxy(child, adminPath);
    await waitFor('Envoy to write its admin address', () => {
      if (child.exitCode !== null) throw new Error(`envoy exited with ${child.exitCode}: ${envoy.stderr.slice(-10).join('\n')}`);
      return envoy.adminAddress();
    }, { timeoutMs: opts.timeoutMs ?? 10_000 }).catch(async (err: unknown) => {
      await envoy.stop();
      throw err;
    });
    return envoy;
  }

  adminAddress(): string | undefined {
    try {
      return readFileSync(this.adminPath, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  }

  async admin(pathname: string): Promise<string> {
    const r = await httpRequest(`http://${this.adminAddress() ?? ''}${pathname}`, { timeoutMs: 5000 });
    if (r.status !== 200) throw new Error(`envoy admin ${pathname}: ${r.status} ${r.body}`);
    return r.body;
  }

  /** Counters and gauges whose names match the regex, by name. */
  async stats(filter: string): Promise<Map<string, number>> {
    const body = await this.admin(`/stats?filter=${encodeURIComponent(filter)}`);
    const out = new Map<string, number>();
    for (const line of body.split('\n')) {
      const m = /^([^:]+): (\d+)$/.exec(line.trim());
      if (m) out.set(m[1] as string, Number(m[2]));
    }
    return out;
  }

  async stat(name: string): Promise<number> {
    const value = (await this.stats(`^${name.replace(/[.]/g, '\\.')}$`)).get(name);
    if (value === undefined) throw new Error(`envoy has no stat ${name}`);
    return value;
  }

  /**
   * A cluster's traffic counter, 0 while Envoy has not made it: Pier's proxies make a cluster's
   * traffic stats on its first request (deferred stat creation, src/infra/bootstrap.ts).
   */
  async counterOrZero(name: string): Promise<number> {
    return (await this.stats(`^${name.replace(/[.]/g, '\\.')}$`)).get(name) ?? 0;
  }

  async configDump(resource: string): Promise<unknown[]> {
    const dump = JSON.parse(await this.admin(`/config_dump?resource=${resource}`)) as { configs?: unknown[] };
    return dump.configs ?? [];
  }

  /** SIGTERM, SIGKILL after a grace period; bounded. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(killer);
  }
}
