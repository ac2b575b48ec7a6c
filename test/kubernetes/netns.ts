/**
 * Backends Envoy reaches through EndpointSlices: the API server refuses loopback addresses
 * there, so they run in a network namespace of their own, joined to the host by a veth pair,
 * with addresses from 198.18.0.0/15 (benchmarking space, never routed). Each test process uses
 * its own /24 (from its pid) and removes the namespace afterwards: on remove(), on a terminating
 * signal (teardown.ts), or, when it was killed outright, at the next create() of any process
 * (names carry the owner's pid).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { PIER_CLI } from '../helpers/pier';
import { httpRequest, waitFor } from '../helpers/net';
import { isAlive } from './process';
import { onTermination } from './teardown';

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

const SETPRIV = existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL', '--'] : [];

export class BackendNetwork {
  private readonly children: ChildProcess[] = [];
  private readonly unregisterTeardown: () => void;

  private constructor(readonly name: string, private readonly hostVeth: string, readonly subnet: string) {
    this.unregisterTeardown = onTermination(() => this.remove());
  }

  /** The host's address on the link (its side of the veth). */
  get hostAddress(): string {
    return `${this.subnet}.1`;
  }

  /** Creates the namespace and the link; throws with the command's message when it cannot (no root, no netns). */
  static create(): BackendNetwork {
    removeLeftovers();
    // The full pid (at most 7 digits: the veth names stay within 15 characters).
    const id = process.pid;
    const subnet = `198.19.${process.pid % 250}`;
    const name = `pier-k8s-${id}`;
    const hostVeth = `pk${id}h`;
    const nsVeth = `pk${id}n`;
    const net = new BackendNetwork(name, hostVeth, subnet);
    try {
      ip('netns', 'add', name);
      ip('link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', nsVeth);
      ip('link', 'set', nsVeth, 'netns', name);
      ip('addr', 'add', `${subnet}.1/24`, 'dev', hostVeth);
      ip('link', 'set', hostVeth, 'up');
      ip('-n', name, 'link', 'set', 'lo', 'up');
      ip('-n', name, 'link', 'set', nsVeth, 'up');
    } catch (err) {
      net.remove();
      throw new Error(`cannot create network namespace ${name}: ${(err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message}`);
    }
    return net;
  }

  /** Runs Pier's echo backend (named `service`) in the namespace on `<subnet>.<host>:port`; resolves once it answers. */
  async echoBackend(service: string, host: number, port: number): Promise<string> {
    const address = `${this.subnet}.${host}`;
    ip('-n', this.name, 'addr', 'add', `${address}/24`, 'dev', `pk${process.pid}n`);
    const child = spawn(SETPRIV[0] ?? 'ip', [...SETPRIV.slice(1), ...(SETPRIV.length ? ['ip'] : []), 'netns', 'exec', this.name, process.execPath, PIER_CLI, 'demo-backend', '--listen', `${address}:${port}`, '--name', service], { stdio: 'ignore' });
    this.children.push(child);
    await waitFor(`echo backend ${service} on ${address}:${port}`, async () => {
      const r = await httpRequest(`http://${address}:${port}/`, { timeoutMs: 1000 }).catch(() => undefined);
      return r?.status === 200 ? true : undefined;
    }, { timeoutMs: 15_000, intervalMs: 100 });
    return address;
  }

  /**
   * Runs an HTTPS server in the namespace on `<subnet>.<host>:port` that answers every request
   * with `body`, serving the certificate and key in the given files; resolves once it listens.
   */
  async tlsBackend(host: number, port: number, certFile: string, keyFile: string, body: string): Promise<string> {
    const address = `${this.subnet}.${host}`;
    ip('-n', this.name, 'addr', 'add', `${address}/24`, 'dev', `pk${process.pid}n`);
    const script = `const fs = require('node:fs');
      require('node:https').createServer({ cert: fs.readFileSync(process.argv[1]), key: fs.readFileSync(process.argv[2]) }, (q, s) => s.end(process.argv[3]))
        .listen(Number(process.argv[5]), process.argv[4]);`;
    const child = spawn(SETPRIV[0] ?? 'ip', [...SETPRIV.slice(1), ...(SETPRIV.length ? ['ip'] : []), 'netns', 'exec', this.name, process.execPath, '-e', script,
      certFile, keyFile, body, address, String(port)], { stdio: 'ignore' });
    this.children.push(child);
    await waitFor(`TLS backend on ${address}:${port}`, () => new Promise<true | undefined>((resolve) => {
      const socket = connect({ host: address, port, timeout: 1000 }, () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(undefined));
      socket.on('timeout', () => { socket.destroy(); resolve(undefined); });
    }), { timeoutMs: 15_000, intervalMs: 100 });
    return address;
  }

  /** Stops the backends and removes the namespace and the link. */
  remove(): void {
    this.unregisterTeardown();
    for (const c of this.children) c.kill('SIGKILL');
    for (const args of [['link', 'del', this.hostVeth], ['netns', 'del', this.name]]) {
      try { ip(...args); } catch { /* already gone */ }
    }
  }
}

/** Namespaces of processes that are gone (their veth goes with the namespace). */
function removeLeftovers(): void {
  let list = '';
  try { list = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }); } catch { return; /* create() reports why ip does not work */ }
  for (const m of list.matchAll(/^pier-k8s-(\d+)\b/gm)) {
    if (!isAlive(Number(m[1]))) try { ip('netns', 'del', m[0]); } catch { /* gone meanwhile */ }
  }
}
