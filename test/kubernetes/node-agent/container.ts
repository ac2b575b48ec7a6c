/**
 * One container of the test node agent: a local process inside its pod's network namespace
 * (`ip netns exec`) and a mount namespace of its own (`unshare -m`) where each volume is bind
 * mounted at its mountPath, so a process that reads /root/Corefile or /etc/secret-volume/crt
 * finds the pod's files there while the host's /root and /etc stay as they are. The process
 * dies with the agent (setpriv --pdeathsig), and readiness is probed from the host, as a
 * kubelet probes: the readiness probe when there is one, else the declared TCP ports, else the
 * first socket the process listens on in its namespace.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import * as net from 'node:net';
import { httpRequest } from '../../helpers/net';
import type { Container, Probe } from './pod';

const SETPRIV = existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL', '--'] : [];

/**
 * Binds each source onto its target, then execs the command: `sh -c MOUNT_AND_EXEC sh WORKDIR
 * SRC1 DST1 ... -- ARGV...`. Runs inside `unshare -m --propagation private`, so the mounts are
 * the process's alone and vanish with it.
 */
const MOUNT_AND_EXEC = [
  'workdir=$1; shift',
  'while [ "$1" != "--" ]; do mount --bind "$1" "$2" || exit 125; shift 2; done',
  'shift',
  'if [ -n "$workdir" ]; then cd "$workdir" || exit 125; fi',
  'exec "$@"',
].join('\n');

export interface ContainerLaunch {
  container: Container;
  netns: string;
  podIP: string;
  argv: string[];
  env: Map<string, string>;
  /** Host path -> path the process sees. */
  mounts: { source: string; target: string }[];
  logFile: string;
}

export interface ContainerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: string;
}

export class ContainerProcess {
  private readonly child: ChildProcess;
  readonly startedAt = new Date().toISOString();
  readonly exited: Promise<ContainerExit>;
  private exitInfo: ContainerExit | undefined;

  constructor(readonly launch: ContainerLaunch) {
    const mountArgs = launch.mounts.flatMap((m) => [m.source, m.target]);
    const command = [...SETPRIV, 'ip', 'netns', 'exec', launch.netns, 'unshare', '-m', '--propagation', 'private', '--',
      'sh', '-c', MOUNT_AND_EXEC, 'sh', launch.container.workingDir ?? '', ...mountArgs, '--', ...launch.argv];
    // The image's environment plus the container's: PATH from the host, so `ip`, `unshare`
    // and `sh` are found (the container's own PATH, if it sets one, wins for its process).
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/root', ...Object.fromEntries(launch.env) };
    this.child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env });
    // Each line stamped as a container runtime does ("<RFC 3339 time> <stream> <line>"), so the
    // logs API can filter by time (the suite reads the echo servers' logs since a moment).
    const log = createWriteStream(launch.logFile, { flags: 'a' });
    let open = 2;
    for (const [stream, name] of [[this.child.stdout, 'stdout'], [this.child.stderr, 'stderr']] as const) {
      createInterface({ input: stream as Readable }).on('line', (line) => log.write(`${new Date().toISOString()} ${name} ${line}\n`)).on('close', () => {
        if (--open === 0) log.end();
      });
    }
    this.exited = new Promise((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null): void => {
        this.exitInfo = { code, signal, at: new Date().toISOString() };
        resolve(this.exitInfo);
      };
      this.child.once('exit', done);
      this.child.once('error', () => done(-1, null));
    });
  }

  get pid(): number | undefined {
    return this.exitInfo ? undefined : this.child.pid;
  }

  get exit(): ContainerExit | undefined {
    return this.exitInfo;
  }

  /** SIGTERM, then SIGKILL after graceMs; resolves when the process is gone. */
  async stop(graceMs: number): Promise<void> {
    if (this.exitInfo) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** The last lines of its output, for status messages. */
  tail(lines = 5): string {
    return readContainerLog(this.launch.logFile, { tailLines: lines }).map((l) => l.text).join('\n');
  }

  /** One readiness check, as a kubelet makes it; resolves with why it is not ready, or true. */
  async probe(): Promise<true | string> {
    if (this.exitInfo) return 'the process exited';
    const { container, podIP } = this.launch;
    const probe = container.readinessProbe;
    if (probe) return runProbe(probe, container, podIP, this.launch.netns);
    const tcpPorts = (container.ports ?? []).filter((p) => (p.protocol ?? 'TCP') === 'TCP').map((p) => p.containerPort);
    const pid = this.child.pid;
    const listening = (): boolean => pid !== undefined && inNetns(pid, this.launch.netns) && listensOnAnySocket(pid);
    if (tcpPorts.length > 0) {
      for (const port of tcpPorts) {
        const r = await tcpConnect(podIP, port, 1000);
        // A kubelet without a probe says Ready once the container runs: a server that is up but
        // on another port than it declares (v1.7.0's HTTPRouteRetryConnectionError "broken"
        // backend) is Ready, and refuses connections on the declared one.
        if (r !== true) return listening() ? true : r;
      }
      return true;
    }
    return listening() ? true : 'no listening socket yet';
  }
}

async function runProbe(probe: Probe, container: Container, podIP: string, netns: string): Promise<true | string> {
  const timeoutMs = (probe.timeoutSeconds ?? 1) * 1000;
  const port = (p: number | string): number => {
    if (typeof p === 'number') return p;
    const named = container.ports?.find((c) => c.name === p)?.containerPort;
    if (named === undefined) throw new Error(`container ${container.name}: probe port "${p}" is not a named container port`);
    return named;
  };
  if (probe.httpGet) {
    const scheme = (probe.httpGet.scheme ?? 'HTTP').toLowerCase();
    if (scheme !== 'http') return `httpGet probes over ${scheme} are not supported by the test node agent`;
    const headers = Object.fromEntries((probe.httpGet.httpHeaders ?? []).map((h) => [h.name, h.value]));
    const r = await httpRequest(`http://${podIP}:${port(probe.httpGet.port)}${probe.httpGet.path ?? '/'}`, { timeoutMs, headers }).catch((err: Error) => err.message);
    if (typeof r === 'string') return r;
    return r.status >= 200 && r.status < 400 ? true : `HTTP probe answered ${r.status}`;
  }
  if (probe.tcpSocket) return tcpConnect(podIP, port(probe.tcpSocket.port), timeoutMs);
  if (probe.exec) {
    // Kubelet runs exec probes inside the container; here: inside the pod's network namespace.
    const argv = probe.exec.command;
    return new Promise((resolve) => {
      execFile('ip', ['netns', 'exec', netns, ...argv], { timeout: timeoutMs }, (err) => resolve(err ? `exec probe failed: ${err.message}` : true));
    });
  }
  return 'this probe type is not supported by the test node agent (httpGet, tcpSocket and exec are)';
}

function tcpConnect(host: string, port: number, timeoutMs: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('timeout', () => { socket.destroy(); resolve(`connect to ${host}:${port} timed out`); });
    socket.once('error', (err) => resolve(`connect to ${host}:${port}: ${err.message}`));
  });
}

/** Whether the process has entered the pod's namespace yet (before, /proc/<pid>/net is the host's). */
function inNetns(pid: number, netns: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/ns/net`) === `net:[${statSync(`/run/netns/${netns}`).ino}]`;
  } catch {
    return false;
  }
}

/**
 * Whether the process's network namespace has a listening TCP socket or a bound UDP socket:
 * /proc/<pid>/net/* lists the sockets of the namespace the process is in (the pod's own).
 */
function listensOnAnySocket(pid: number): boolean {
  for (const [file, state] of [['tcp', '0A'], ['tcp6', '0A'], ['udp', '07'], ['udp6', '07']] as const) {
    let text: string;
    try { text = readFileSync(`/proc/${pid}/net/${file}`, 'utf8'); } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 3 && cols[3] === state && !cols[1].endsWith(':0000')) return true;
    }
  }
  return false;
}

export interface LogLine { time: string; stream: 'stdout' | 'stderr'; text: string }

/** A container's log lines, oldest first: those at or after sinceMs, then the last tailLines of them. */
export function readContainerLog(file: string, options: { sinceMs?: number; tailLines?: number } = {}): LogLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const lines: LogLine[] = [];
  for (const raw of text.split('\n')) {
    const m = /^(\S+) (stdout|stderr) (.*)$/.exec(raw);
    if (!m) continue;
    if (options.sinceMs !== undefined && Date.parse(m[1]) < options.sinceMs) continue;
    lines.push({ time: m[1], stream: m[2] as LogLine['stream'], text: m[3] });
  }
  return options.tailLines !== undefined ? lines.slice(-options.tailLines) : lines;
}
