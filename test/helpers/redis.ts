/**
 * A real Redis (Debian's redis-server package, installed by .ci/run) for end-to-end tests: on
 * 127.0.0.1 at a free port, nothing persisted (no RDB snapshots, no append-only file), memory
 * capped, stopped by the test. redis-cli (same package) reads what it holds.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort } from './net';
import { ServiceProcess } from './service-process';

const run = promisify(execFile);

function requireCommand(name: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${name} is not installed: .ci/run installs Debian's redis-server package (apt-get install redis-server)`);
  }
}

export class RedisServer {
  private constructor(private readonly process: ServiceProcess, readonly port: number, private readonly cli: string) {}

  /** Starts redis-server in dir (its working directory; nothing is written there); resolves once it answers PING. */
  static async start(dir: string): Promise<RedisServer> {
    const bin = requireCommand('redis-server');
    const cli = requireCommand('redis-cli');
    const port = await freePort('127.0.0.1');
    const proc = ServiceProcess.spawn('redis-server', bin, [
      '--bind', '127.0.0.1', '--port', String(port), '--protected-mode', 'yes',
      '--save', '', '--appendonly', 'no', '--dir', dir,
      '--maxmemory', '64mb', '--maxmemory-policy', 'noeviction',
      '--daemonize', 'no', '--logfile', '', '--loglevel', 'warning',
    ], { cwd: dir });
    const redis = new RedisServer(proc, port, cli);
    await proc.waitReady('answering PING', async () => (await redis.command('PING').catch(() => '')) === 'PONG');
    return redis;
  }

  /** host:port, as clients name it. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** One command through redis-cli; its raw output, trimmed. */
  async command(...args: string[]): Promise<string> {
    const { stdout } = await run(this.cli, ['-h', '127.0.0.1', '-p', String(this.port), '--raw', ...args], { timeout: 10_000 });
    return stdout.trim();
  }

  /** The keys matching pattern, sorted. */
  async keys(pattern = '*'): Promise<string[]> {
    const out = await this.command('KEYS', pattern);
    return out ? out.split('\n').sort() : [];
  }

  get logs(): string {
    return this.process.logs;
  }

  stop(): Promise<void> {
    return this.process.stop();
  }
}
