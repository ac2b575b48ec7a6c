/**
 * `pier serve` of a built checkout with the Envoy it launches, for benchmarks that measure Envoy
 * itself (route-lookup, route-apply): free ports, plain HTTP requests, Envoy's admin, RSS, stop.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';

export interface Checkout { label: string; root: string }

export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** A GET's status (0 when it failed). */
export function get(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
    req.on('error', () => resolve(0));
    req.on('timeout', () => { req.destroy(); resolve(0); });
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 180_000, pollMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface PierServe {
  child: ChildProcess;
  /** Pier's own metrics endpoint (Prometheus text). */
  metricsAddress: string;
}

/**
 * Starts `pier serve` of a checkout on resourcesDir (its config written into dir). Pier's stdout
 * (its JSON log) is piped to onLog, line by line, when given; otherwise dropped.
 */
export async function startPier(checkout: Checkout, dir: string, resourcesDir: string, options: { logLevel?: string; onLog?: (line: string) => void; nodeArgs?: string[] } = {}): Promise<PierServe> {
  const [xds, admin, metrics] = [await freePort('127.0.0.1'), await freePort('127.0.0.1'), await freePort('127.0.0.1')];
  const config = {
    resources: resourcesDir, envoy: 'auto', envoyLogLevel: 'error', logLevel: options.logLevel ?? 'warn', logFormat: 'json',
    xdsAddress: `127.0.0.1:${xds}`, adminAddress: `127.0.0.1:${admin}`, metricsAddress: `127.0.0.1:${metrics}`,
  };
  writeFileSync(path.join(dir, 'pier.json'), JSON.stringify(config));
  const onLog = options.onLog;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(checkout.root, 'dist/src/cli/main.js'), 'serve', '--config', path.join(dir, 'pier.json')],
    { stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'] });
  if (onLog && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) onLog(line);
    });
  }
  return { child, metricsAddress: `127.0.0.1:${metrics}` };
}

/** The Envoy `pier serve` launched: its pid, admin address (the file named by --admin-address-path) and command line. */
export function envoyOf(pier: ChildProcess): { pid: number; admin: string; argv: string[] } {
  const pids = spawnSync('pgrep', ['-P', String(pier.pid)], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).map(Number);
  for (const pid of pids) {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const at = argv.indexOf('--admin-address-path');
    const admin = at >= 0 && argv[at + 1] ? readFileSync(argv[at + 1]!, 'utf8').trim() : '';
    if (admin) return { pid, admin, argv };
  }
  throw new Error('no Envoy under pier serve');
}

/**
 * CPU time a process spent, in ms, from the kernel's per-thread schedstat (ns on the CPU): the main
 * thread only (tid = pid), or every thread. Unlike wall time it does not grow while the thread
 * waits for a CPU on a loaded machine.
 */
export function cpuMs(pid: number, which: 'main' | 'all'): number {
  const tids = which === 'main' ? [String(pid)] : readdirSync(`/proc/${pid}/task`);
  let ns = 0;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch { /* a thread that ended meanwhile */ }
  }
  return ns / 1e6;
}

export function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : Number.NaN;
}

/** A GET's body from an admin or metrics address (host:port). */
export function adminGet(admin: string, pathname: string, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(`http://${admin}${pathname}`, { agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.on('timeout', () => { req.destroy(new Error(`${pathname}: timed out`)); });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}
