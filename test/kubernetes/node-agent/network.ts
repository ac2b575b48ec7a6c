/**
 * Pod networking for the test node agent: one network namespace per pod, each joined by a veth
 * pair to a bridge on the host, one address per pod from 198.18.0.0/15 (benchmarking space,
 * never routed; the API server refuses loopback addresses in EndpointSlices). The host side of
 * the bridge is the node's address, so processes on the host (Envoy) reach every pod directly,
 * and pods reach each other through the bridge.
 *
 * Each agent uses its own /24 (198.18.<pid % 250>.0/24): up to 253 pods at once. Names carry the
 * agent's pid so parallel test processes never collide; remove() deletes everything it made, and
 * a new agent removes what agents killed before their stop() (SIGKILL) left behind.
 */
import { execFileSync } from 'node:child_process';
import { isAlive } from '../process';
import { onTermination } from '../teardown';

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function commandError(err: unknown): string {
  return (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message;
}

/** One pod's namespace and address. */
export interface PodSandbox {
  /** The network namespace (for `ip netns exec`). */
  readonly netns: string;
  readonly address: string;
}

/** The node address of an agent of process pid (an API server certificate can name it before the agent starts). */
export function nodeAddressOf(pid: number = process.pid): string {
  return `198.18.${pid % 250}.1`;
}

/**
 * Addresses beside the pod network for an agent of process pid, 198.19.<pid % 250>.0/24: as a
 * load balancer pool (on the bridge) they are reached from the host and, through their default
 * route, from the pods, where loopback pool addresses are reached from the host only.
 */
export function podReachablePoolOf(pid: number = process.pid): string {
  return `198.19.${pid % 250}.0/24`;
}

export class PodNetwork {
  private readonly sandboxes = new Map<string, { sandbox: PodSandbox; hostVeth: string; host: number }>();
  private readonly freeHosts: number[] = [];
  private nextHost = 2;
  private nextLink = 0;

  private readonly unregisterTeardown: () => void;

  private constructor(private readonly id: number, readonly subnet: string, readonly bridge: string) {
    this.unregisterTeardown = onTermination(() => this.remove());
  }

  /** The node's address: the host side of the bridge. */
  get nodeAddress(): string {
    return `${this.subnet}.1`;
  }

  /** Creates the bridge; throws with the command's message when it cannot (no root, no netns support). */
  static create(): PodNetwork {
    removeLeftovers();
    const id = process.pid;
    const network = new PodNetwork(id, nodeAddressOf(id).replace(/\.1$/, ''), `pnb${id}`);
    try {
      ip('link', 'add', network.bridge, 'type', 'bridge');
      ip('addr', 'add', `${network.nodeAddress}/24`, 'dev', network.bridge);
      ip('link', 'set', network.bridge, 'up');
    } catch (err) {
      network.remove();
      throw new Error(`cannot create the pod network bridge ${network.bridge}: ${commandError(err)}`);
    }
    return network;
  }

  /** A namespace with its own address for the pod `key` (namespace/name/uid); idempotent. */
  add(key: string): PodSandbox {
    const existing = this.sandboxes.get(key);
    if (existing) return existing.sandbox;
    // Fresh addresses first: a deleted pod's address may linger in an EndpointSlice for a moment.
    const host = this.nextHost <= 254 ? this.nextHost++ : this.freeHosts.shift();
    if (host === undefined) throw new Error(`the pod network ${this.subnet}.0/24 is full (253 pods)`);
    const link = this.nextLink++;
    const netns = `pier-pod-${this.id}-${link}`;
    const hostVeth = `pn${this.id}p${link}`;
    const podVeth = `pn${this.id}c${link}`;
    const address = `${this.subnet}.${host}`;
    const sandbox: PodSandbox = { netns, address };
    this.sandboxes.set(key, { sandbox, hostVeth, host });
    try {
      ip('netns', 'add', netns);
      ip('link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', podVeth);
      ip('link', 'set', podVeth, 'netns', netns);
      ip('link', 'set', hostVeth, 'master', this.bridge);
      ip('link', 'set', hostVeth, 'up');
      ip('-n', netns, 'link', 'set', 'lo', 'up');
      ip('-n', netns, 'link', 'set', podVeth, 'name', 'eth0');
      ip('-n', netns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', netns, 'link', 'set', 'eth0', 'up');
      ip('-n', netns, 'route', 'add', 'default', 'via', this.nodeAddress);
    } catch (err) {
      this.release(key);
      throw new Error(`cannot make the network namespace of pod ${key}: ${commandError(err)}`);
    }
    return sandbox;
  }

  /** Removes the pod's namespace and link; its address can be given again. */
  release(key: string): void {
    const entry = this.sandboxes.get(key);
    if (!entry) return;
    this.sandboxes.delete(key);
    for (const args of [['link', 'del', entry.hostVeth], ['netns', 'del', entry.sandbox.netns]]) {
      try { ip(...args); } catch { /* already gone */ }
    }
    this.freeHosts.push(entry.host);
  }

  /** Removes every pod namespace and the bridge. */
  remove(): void {
    this.unregisterTeardown();
    for (const key of [...this.sandboxes.keys()]) this.release(key);
    try { ip('link', 'del', this.bridge); } catch { /* already gone */ }
  }
}

/** Namespaces and bridges of agents whose process is gone (the veths go with their namespace). */
function removeLeftovers(): void {
  let netns = '';
  let links = '';
  try {
    netns = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });
    links = execFileSync('ip', ['-o', 'link', 'show', 'type', 'bridge'], { encoding: 'utf8' });
  } catch {
    return; // create() reports why ip does not work
  }
  for (const m of netns.matchAll(/^pier-pod-(\d+)-\d+/gm)) {
    if (!isAlive(Number(m[1]))) try { ip('netns', 'del', m[0]); } catch { /* gone meanwhile */ }
  }
  for (const m of links.matchAll(/^\d+: pnb(\d+)[:@]/gm)) {
    if (!isAlive(Number(m[1]))) try { ip('link', 'del', `pnb${m[1]}`); } catch { /* gone meanwhile */ }
  }
}
