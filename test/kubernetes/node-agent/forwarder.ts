/**
 * A TCP forwarder on the node address to a server on the host's loopback (the API server): what
 * kube-proxy does for the kubernetes Service, for pods that cannot reach 127.0.0.1 of the host.
 * Bytes pass through untouched (TLS is end to end).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export class TcpForwarder {
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server, readonly host: string, readonly port: number) {}

  /** Listens on host (a free port) and forwards each connection to target's host and port. */
  static async start(host: string, target: URL): Promise<TcpForwarder> {
    let forwarder: TcpForwarder | undefined;
    const server = createServer((client) => {
      const upstream = connect({ host: target.hostname, port: Number(target.port) });
      for (const s of [client, upstream]) {
        forwarder?.sockets.add(s);
        s.on('close', () => forwarder?.sockets.delete(s));
        s.on('error', () => { client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the API forwarder has no TCP address');
    forwarder = new TcpForwarder(server, host, address.port);
    return forwarder;
  }

  stop(): void {
    this.server.close();
    for (const s of this.sockets) s.destroy();
  }
}
