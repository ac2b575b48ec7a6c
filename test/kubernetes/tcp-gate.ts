/**
 * A loopback TCP relay in front of the API server that a test can close: block() cuts every
 * connection through it and refuses new ones (resets them) until unblock(). TLS passes through
 * untouched. It lets a test keep the code under test away from the API server while the test
 * itself changes things there. retarget() sends new connections elsewhere and cuts the open
 * ones (a client moved from one server to another, as behind a Service whose pod went away).
 */
import * as net from 'node:net';
import { listenOn } from '../helpers/net';

export class TcpGate {
  private blocked = false;
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: net.Server, readonly port: number, private targetPort: number, private readonly targetHost: string) {}

  static async open(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpGate> {
    let gate: TcpGate | undefined;
    const server = net.createServer((downstream) => {
      if (!gate || gate.blocked) return void downstream.resetAndDestroy();
      const upstream = net.connect(gate.targetPort, gate.targetHost);
      for (const s of [downstream, upstream]) {
        gate.sockets.add(s);
        s.once('close', () => gate?.sockets.delete(s));
        s.on('error', () => { downstream.destroy(); upstream.destroy(); });
      }
      downstream.pipe(upstream).pipe(downstream);
    });
    const port = await listenOn(server);
    gate = new TcpGate(server, port, targetPort, targetHost);
    return gate;
  }

  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  block(): void {
    this.blocked = true;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
  }

  /** New connections go to targetPort from now on; the open ones are cut. */
  retarget(targetPort: number): void {
    this.targetPort = targetPort;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
  }

  unblock(): void {
    this.blocked = false;
  }

  close(): Promise<void> {
    this.block();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
