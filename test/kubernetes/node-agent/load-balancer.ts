/**
 * The test node's load balancer for Services of type LoadBalancer: what a cloud's load balancer
 * (or MetalLB with kube-proxy) does in a cluster, on this machine.
 *
 * - Each LoadBalancer Service gets an ingress address from the pool (an IPv4 CIDR on loopback:
 *   every 127.x address is local), written to its status.loadBalancer.ingress. A Service that
 *   asks for an address (spec.loadBalancerIP) gets exactly that one when it is in the pool and
 *   free, and none otherwise: it stays pending, as with a cloud that cannot give that address.
 * - For each of its ports the agent listens on address:port (TCP or UDP) and forwards each
 *   connection, or each client's datagrams, to a ready endpoint of the Service (round robin over
 *   its EndpointSlices), at the endpoint's port for that Service port. A connection with no ready
 *   endpoint is reset.
 *
 * - With a ClusterIP range (the API server's --service-cluster-ip-range), what kube-proxy does for
 *   ClusterIPs: each Service whose ClusterIP is in that range is listened for at ClusterIP:port
 *   (the address put on the bridge, so the host and pods reach it) and forwarded the same way.
 *
 * Services and EndpointSlices are polled, like the agent's pods.
 */
import { execFileSync } from 'node:child_process';
import { createSocket, type RemoteInfo, type Socket as UdpSocket } from 'node:dgram';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { inRange, parseAddressPool, toAddress, type AddressRange } from '../../../src/infra/address-range';
import type { TestApiClient } from '../api';

interface ServicePort { name?: string; protocol?: string; port: number }
interface Service {
  metadata: { name: string; namespace: string; uid: string };
  spec: { type?: string; loadBalancerIP?: string; clusterIP?: string; ports?: ServicePort[] };
  status?: { loadBalancer?: { ingress?: { ip?: string }[] } };
}
interface EndpointSlice {
  metadata: { namespace: string; labels?: Record<string, string> };
  addressType: string;
  endpoints?: { addresses: string[]; conditions?: { ready?: boolean } }[];
  ports?: { name?: string; port?: number; protocol?: string }[];
}

export interface LoadBalancerOptions {
  api: TestApiClient;
  /** IPv4 CIDR the ingress addresses come from, e.g. 127.33.0.0/16; absent: LoadBalancer Services stay pending. */
  pool?: string;
  /** The cluster's Service IPv4 CIDR: ClusterIPs in it are served (kube-proxy's part); absent: none. */
  clusterIPRange?: string;
  /**
   * Where a non-loopback address is put (ip addr add ADDR/32 dev DEVICE) while a Service holds it:
   * the pod bridge, so pods reach it too. Loopback pools need none (every 127.x address is local).
   */
  device?: string;
  /** Errors go here (the agent's diagnostics). */
  note: (message: string) => void;
}

interface Target { ip: string; port: number }

/** One listening port of a Service's address. */
interface Frontend {
  key: string;
  close(): void;
}

interface Balanced {
  address: string;
  frontends: Map<string, Frontend>;
  /** Round-robin position per Service port. */
  next: number;
}

const UDP_IDLE_MS = 30_000;

const portKey = (p: ServicePort): string => `${p.protocol ?? 'TCP'}/${p.port}`;

export class ServiceLoadBalancer {
  private readonly range: AddressRange | undefined;
  private readonly clusterRange: AddressRange | undefined;
  /** Service uid -> its address and frontends. */
  private readonly balanced = new Map<string, Balanced>();
  /** "<namespace>/<service>" -> Service port name -> ready targets. */
  private targets = new Map<string, Map<string, Target[]>>();
  private stopped = false;
  /** Service uid -> the address it asked for and was refused (each refusal is told once). */
  private readonly refused = new Map<string, string>();

  constructor(private readonly options: LoadBalancerOptions) {
    this.range = options.pool ? parseAddressPool(options.pool) : undefined;
    this.clusterRange = options.clusterIPRange ? parseAddressPool(options.clusterIPRange) : undefined;
  }

  /** Reads Services and EndpointSlices once and brings addresses, listeners and status in line. */
  async sync(): Promise<void> {
    if (this.stopped) return;
    const [services, slices] = await Promise.all([
      this.options.api.get<{ items: Service[] }>('/api/v1/services'),
      this.options.api.get<{ items: EndpointSlice[] }>('/apis/discovery.k8s.io/v1/endpointslices'),
    ]);
    this.targets = readyTargets(slices.items);
    const seen = new Set<string>();
    for (const svc of services.items) {
      const clusterIP = svc.spec.clusterIP;
      if (this.clusterRange && clusterIP && clusterIP !== 'None' && inRange(this.clusterRange, clusterIP)) {
        const uid = `${svc.metadata.uid}/cluster-ip`;
        seen.add(uid);
        this.serve(uid, `${svc.metadata.namespace}/${svc.metadata.name}`, clusterIP, svc);
      }
      if (svc.spec.type !== 'LoadBalancer' || !this.range) continue;
      seen.add(svc.metadata.uid);
      await this.syncService(svc);
    }
    for (const [uid, b] of this.balanced) {
      if (!seen.has(uid)) this.release(uid, b);
    }
    for (const uid of this.refused.keys()) if (!seen.has(uid)) this.refused.delete(uid);
  }

  stop(): void {
    this.stopped = true;
    for (const [uid, b] of this.balanced) this.release(uid, b);
  }

  private release(uid: string, b: Balanced): void {
    for (const f of b.frontends.values()) f.close();
    this.balanced.delete(uid);
    if (this.needsDevice(b.address)) {
      try { execFileSync('ip', ['addr', 'del', `${b.address}/32`, 'dev', this.options.device!], { stdio: 'ignore' }); } catch { /* gone with the bridge */ }
    }
  }

  private needsDevice(address: string): boolean {
    return this.options.device !== undefined && !address.startsWith('127.');
  }

  private inPool(ip: string): boolean {
    return this.range !== undefined && inRange(this.range, ip);
  }

  private taken(address: string, except: string): boolean {
    for (const [uid, b] of this.balanced) if (uid !== except && b.address === address) return true;
    return false;
  }

  /** The Service's address: the one it asks for (in the pool and free) or the lowest free; undefined: none it can have. */
  private addressFor(svc: Service): string | undefined {
    const uid = svc.metadata.uid;
    const wanted = svc.spec.loadBalancerIP;
    const held = this.balanced.get(uid)?.address;
    if (wanted) return this.inPool(wanted) && !this.taken(wanted, uid) ? wanted : undefined;
    if (held) return held;
    for (let i = 0; this.range && i < this.range.size; i++) {
      const candidate = toAddress(this.range.first + i);
      if (!this.taken(candidate, uid)) return candidate;
    }
    return undefined;
  }

  private async syncService(svc: Service): Promise<void> {
    const uid = svc.metadata.uid;
    const key = `${svc.metadata.namespace}/${svc.metadata.name}`;
    const address = this.addressFor(svc);
    const b = this.serve(uid, key, address, svc);
    if (address && !b) return;
    const ingress = address ? [{ ip: address, ipMode: 'VIP' }] : [];
    const current = (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip);
    const wanted = svc.spec.loadBalancerIP;
    if (address || !wanted) this.refused.delete(uid);
    else if (this.refused.get(uid) !== wanted) {
      this.refused.set(uid, wanted);
      this.options.note(`Service ${key}: loadBalancerIP ${svc.spec.loadBalancerIP} is not free in the pool ${this.options.pool}: no address`);
    }
    if (current.length !== ingress.length || current.some((ip, i) => ip !== ingress[i]!.ip)) {
      await this.options.api.patch(`/api/v1/namespaces/${svc.metadata.namespace}/services/${svc.metadata.name}/status`, { status: { loadBalancer: { ingress } } })
        .catch((err: Error) => this.options.note(`Service ${key} status: ${err.message}`));
    }
  }

  /**
   * Listens for the Service's ports at address (on the bridge unless loopback) and forwards to its
   * endpoints; entry `uid` (undefined address: none). Undefined when the address cannot be put on
   * the bridge.
   */
  private serve(uid: string, key: string, address: string | undefined, svc: Service): Balanced | undefined {
    let b = this.balanced.get(uid);
    if (b && b.address !== address) {
      this.release(uid, b);
      b = undefined;
    }
    if (!address) return undefined;
    if (!b) {
      if (this.needsDevice(address)) {
        try {
          execFileSync('ip', ['addr', 'add', `${address}/32`, 'dev', this.options.device!], { stdio: ['ignore', 'ignore', 'pipe'] });
        } catch (err) {
          const message = (err as { stderr?: Buffer }).stderr?.toString().trim() ?? (err as Error).message;
          if (!/File exists/.test(message)) {
            this.options.note(`Service ${key}: ip addr add ${address}/32 dev ${this.options.device}: ${message}`);
            return undefined;
          }
        }
      }
      b = { address, frontends: new Map(), next: 0 };
      this.balanced.set(uid, b);
    }
    const wanted = new Map((svc.spec.ports ?? []).map((p) => [portKey(p), p]));
    for (const [k, f] of b.frontends) if (!wanted.has(k)) { f.close(); b.frontends.delete(k); }
    for (const [k, p] of wanted) {
      if (b.frontends.has(k)) continue;
      const frontend = (p.protocol ?? 'TCP') === 'UDP' ? this.udpFrontend(key, b, p) : this.tcpFrontend(key, b, p);
      b.frontends.set(k, frontend);
    }
    return b;
  }

  /** The next ready target of the Service port, round robin; undefined when it has none. */
  private pick(service: string, b: Balanced, port: ServicePort): Target | undefined {
    const list = this.targets.get(service)?.get(port.name ?? '') ?? [];
    if (list.length === 0) return undefined;
    b.next = (b.next + 1) % list.length;
    return list[b.next];
  }

  private tcpFrontend(service: string, b: Balanced, port: ServicePort): Frontend {
    const sockets = new Set<Socket>();
    const server: Server = createServer({ allowHalfOpen: true }, (client) => {
      const target = this.pick(service, b, port);
      if (!target) {
        client.resetAndDestroy();
        return;
      }
      const upstream = connect({ host: target.ip, port: target.port, allowHalfOpen: true });
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      }
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.resetAndDestroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    server.on('error', (err) => this.options.note(`Service ${service}: listen ${b.address}:${port.port}/TCP: ${err.message}`));
    server.listen(port.port, b.address);
    return {
      key: portKey(port),
      close: () => {
        server.close();
        for (const s of sockets) s.destroy();
      },
    };
  }

  private udpFrontend(service: string, b: Balanced, port: ServicePort): Frontend {
    const socket: UdpSocket = createSocket('udp4');
    /** Client "ip:port" -> its socket towards its target, closed after a while without traffic. */
    const flows = new Map<string, { upstream: UdpSocket; target: Target; idle: NodeJS.Timeout }>();
    const endFlow = (client: string): void => {
      const flow = flows.get(client);
      if (!flow) return;
      clearTimeout(flow.idle);
      flow.upstream.close();
      flows.delete(client);
    };
    socket.on('message', (msg: Buffer, from: RemoteInfo) => {
      const client = `${from.address}:${from.port}`;
      let flow = flows.get(client);
      if (flow) flow.idle.refresh();
      else {
        const target = this.pick(service, b, port);
        if (!target) return;
        const upstream = createSocket('udp4');
        upstream.on('message', (reply) => socket.send(reply, from.port, from.address));
        upstream.on('error', () => endFlow(client));
        flow = { upstream, target, idle: setTimeout(() => endFlow(client), UDP_IDLE_MS) };
        flows.set(client, flow);
      }
      flow.upstream.send(msg, flow.target.port, flow.target.ip);
    });
    socket.on('error', (err) => this.options.note(`Service ${service}: listen ${b.address}:${port.port}/UDP: ${err.message}`));
    socket.bind(port.port, b.address);
    return {
      key: portKey(port),
      close: () => {
        for (const client of [...flows.keys()]) endFlow(client);
        socket.close();
      },
    };
  }
}

/** "<namespace>/<service>" -> port name -> the ready IPv4 endpoints at that port. */
function readyTargets(slices: EndpointSlice[]): Map<string, Map<string, Target[]>> {
  const out = new Map<string, Map<string, Target[]>>();
  for (const slice of slices) {
    const service = slice.metadata.labels?.['kubernetes.io/service-name'];
    if (!service || slice.addressType !== 'IPv4') continue;
    const key = `${slice.metadata.namespace}/${service}`;
    let byPort = out.get(key);
    if (!byPort) out.set(key, (byPort = new Map()));
    for (const p of slice.ports ?? []) {
      if (p.port === undefined) continue;
      const list = byPort.get(p.name ?? '') ?? [];
      for (const ep of slice.endpoints ?? []) {
        if (ep.conditions?.ready === false) continue;
        for (const ip of ep.addresses) list.push({ ip, port: p.port });
      }
      byPort.set(p.name ?? '', list);
    }
  }
  return out;
}
