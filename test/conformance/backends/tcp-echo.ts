/**
 * The TCP server of the suite's echo-basic (TCP_ECHO_SERVER, echo-basic/tcpserver): on each
 * connection a welcome line, then one answer per line received: TEST gets the pod's identity as
 * one JSON line, IS_TLS "true"/"false", PING "PONG"; other lines get nothing. Plain TCP only (the
 * TLS listener echo-basic adds when given a certificate is not served here).
 */
import * as net from 'node:net';
import { bindSocket } from './listen';

/** tcpserver.WelcomeMessage */
export const TCP_WELCOME_MESSAGE = 'Gateway API Test TCP Server\n';

/** The pod context echo-basic reads from its environment (NAMESPACE, INGRESS_NAME, SERVICE_NAME, POD_NAME). */
export interface EchoContext {
  namespace: string;
  ingress: string;
  service: string;
  pod: string;
}

/** tcpserver.TCPAssertions as JSON, in its field order (no "tls" object: plain connections only). */
export function tcpTestPayload(context: EchoContext, tcpPort: string, tlsPort: string): string {
  return JSON.stringify({
    namespace: context.namespace, ingress: context.ingress, service: context.service, pod: context.pod,
    tcpport: tcpPort,
    ...(tlsPort ? { tlsport: tlsPort } : {}),
    isTLS: false,
  });
}

export class TcpEchoServer {
  requests = 0;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  /** @param tlsPort echo-basic's TLS_PORT as it reports it (default "8443"), even when no TLS listener runs. */
  constructor(context: EchoContext, private readonly tcpPort: number, tlsPort = '8443') {
    const payload = tcpTestPayload(context, String(tcpPort), tlsPort);
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.write(TCP_WELCOME_MESSAGE);
      let buffered = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        buffered += chunk;
        for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
          // bufio.Scanner's ScanLines: a line without its "\n" and a trailing "\r".
          const line = buffered.slice(0, nl).replace(/\r$/, '');
          buffered = buffered.slice(nl + 1);
          this.answer(socket, line, payload);
        }
      });
    });
  }

  private answer(socket: net.Socket, line: string, payload: string): void {
    switch (line) {
      case 'TEST':
        this.requests++;
        socket.write(`${payload}\n`);
        break;
      case 'IS_TLS':
        socket.write('false\n');
        break;
      case 'PING':
        socket.write('PONG\n');
        break;
      default:
        break;
    }
  }

  listen(host: string): Promise<void> {
    return bindSocket(this.server, this.tcpPort, host);
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
