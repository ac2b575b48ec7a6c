/**
 * A loopback stand-in for the Service in front of Pier's replicas: each new TCP connection goes
 * to the next ready replica in turn (round robin), as kube-proxy picks among a Service's ready
 * endpoints. Readiness is each replica's /readyz, probed every `probeMs` (a kubelet readiness
 * probe with the endpoints controller behind it, much faster than their defaults). Open
 * connections are left alone when a replica stops being ready: they end when the replica ends
 * them or dies, as a pod's would.
 */
import * as net from 'node:net';
import { httpRequest, listenOn } from '../helpers/net';

export interface GateBackend {
  /** Where connections go. */
  xdsPort: number;
  /** Where readiness is read (GET /readyz). */
  adminPort: number;
}

export class ServiceGate {
  private backends: GateBackend[] = [];
  /** xDS ports of the backends whose last probe answered 200. */
  private ready: number[] = [];
  private next = 0;
  private readonly sockets = new Set<net.Socket>();
  private probing = true;
  private readonly prober: Promise<void>;
  /** Connections refused because no backend was ready. */
  refused = 0;

  private constructor(private readonly server: net.Server, readonly port: number, private readonly probeMs: number) {
    this.prober = this.probe();
  }

  static async open(probeMs = 100): Promise<ServiceGate> {
    let gate: ServiceGate | undefined;
    const server = net.createServer((downstream) => gate ? gate.accept(downstream) : downstream.resetAndDestroy());
    const port = await listenOn(server);
    gate = new ServiceGate(server, port, probeMs);
    return gate;
  }

  /** The replicas behind the Service from now on (a new one takes traffic once its /readyz answers). */
  setBackends(backends: GateBackend[]): void {
    this.backends = [...backends];
    this.ready = this.ready.filter((p) => backends.some((b) => b.xdsPort === p));
  }

  /** The xDS ports of the replicas taking new connections now. */
  get readyPorts(): readonly number[] {
    return this.ready;
  }

  private accept(downstream: net.Socket): void {
    if (this.ready.length === 0) {
      this.refused++;
      return void downstream.resetAndDestroy();
    }
    const port = this.ready[this.next++ % this.ready.length] as number;
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [downstream, upstream]) {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
      s.on('error', () => { downstream.destroy(); upstream.destroy(); });
    }
    // Either side ending ends the other (a replica's stream closed, or the proxy went away).
    upstream.once('close', () => downstream.destroy());
    downstream.once('close', () => upstream.destroy());
    downstream.pipe(upstream).pipe(downstream);
  }

  private async probe(): Promise<void> {
    // Bounded by close(): the loop ends with the gate.
    while (this.probing) {
      const results = await Promise.all(this.backends.map(async (b) => {
        const r = await httpRequest(`http://127.0.0.1:${b.adminPort}/readyz`, { timeoutMs: 500 }).catch(() => undefined);
        return r?.status === 200 ? b.xdsPort : undefined;
      }));
      if (!this.probing) break;
      // Backends replaced while probing are not taken back.
      this.ready = results.filter((p): p is number => p !== undefined && this.backends.some((b) => b.xdsPort === p));
      await new Promise((r) => setTimeout(r, this.probeMs));
    }
  }

  async close(): Promise<void> {
    this.probing = false;
    await this.prober;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
