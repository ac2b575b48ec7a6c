/**
 * echo-basic's TCP server (TCP_ECHO_SERVER, conformance/echo-basic/tcpserver): on connect it
 * sends a welcome line, then answers line commands: PING -> PONG, IS_TLS -> true|false, TEST ->
 * one JSON line with the pod's identity and, on its TLS port, what the handshake negotiated
 * (server name, version, cipher). Plain on TCP_PORT; TLS on TLS_PORT when it has a certificate.
 */
import * as net from 'node:net';
import * as tls from 'node:tls';
import { listenOn } from '../../helpers/net';

/** tcpserver.WelcomeMessage */
export const TCP_WELCOME_MESSAGE = 'Gateway API Test TCP Server\n';

/** The pod context echo-basic reads from its environment (NAMESPACE, INGRESS_NAME, SERVICE_NAME, POD_NAME). */
export interface EchoContext {
  namespace: string;
  ingress: string;
  service: string;
  pod: string;
}

export interface TcpEchoIdentity extends EchoContext {
  /** TCP_PORT and TLS_PORT as configured (echo-basic reports both, TLS_PORT even without a certificate). */
  tcpPort: string;
  tlsPort: string;
}

/** tcpserver.TLSAssertions, as Go's crypto/tls names things. */
export interface TcpTlsAssertions {
  version: string;
  serverName: string;
  negotiatedProtocol?: string;
  curves?: string;
  cipherSuite: string;
}

/** tcpserver.TCPAssertions: the TEST answer. */
export interface TcpAssertions {
  namespace: string;
  ingress: string;
  service: string;
  pod: string;
  tcpport: string;
  tlsport?: string;
  isTLS: boolean;
  tls?: TcpTlsAssertions;
}

/** Go's tls.VersionName for Node's protocol names. */
function goTlsVersionName(protocol: string | null): string {
  const m = /^TLSv(\d)(?:\.(\d))?$/.exec(protocol ?? '');
  return m ? `TLS ${m[1]}.${m[2] ?? '0'}` : String(protocol);
}

export class TcpEchoServer {
  private readonly servers: net.Server[] = [];
  private readonly sockets = new Set<net.Socket>();
  /** Connections served (what the harness counts as requests served). */
  requests = 0;

  constructor(private readonly identity: TcpEchoIdentity) {}

  /** TCP_PORT: plain text. */
  async listen(host: string, port: number): Promise<number> {
    const server = net.createServer((socket) => this.serve(socket, null));
    return this.start(server, host, port);
  }

  /** TLS_PORT: TLS 1.2 or later with the pod's certificate (TLS_SERVER_CERT, TLS_SERVER_PRIV_KEY). */
  async listenTls(host: string, port: number, cert: { certPem: string; keyPem: string }): Promise<number> {
    const server = tls.createServer({ cert: cert.certPem, key: cert.keyPem, minVersion: 'TLSv1.2' }, (socket) => this.serve(socket, socket));
    // A failed handshake ends that connection only, as upstream logs and returns.
    server.on('tlsClientError', (_err, socket) => socket.destroy());
    return this.start(server, host, port);
  }

  private serve(socket: net.Socket, secure: tls.TLSSocket | null): void {
    this.requests++;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const answer: TcpAssertions = {
      namespace: this.identity.namespace,
      ingress: this.identity.ingress,
      service: this.identity.service,
      pod: this.identity.pod,
      tcpport: this.identity.tcpPort,
      ...(this.identity.tlsPort ? { tlsport: this.identity.tlsPort } : {}),
      isTLS: secure !== null,
    };
    if (secure) {
      const cipher = secure.getCipher();
      const curve = secure.getEphemeralKeyInfo();
      answer.tls = {
        version: goTlsVersionName(secure.getProtocol()),
        serverName: typeof secure.servername === 'string' ? secure.servername : '',
        ...(typeof secure.alpnProtocol === 'string' ? { negotiatedProtocol: secure.alpnProtocol } : {}),
        ...(curve && 'name' in curve && curve.name ? { curves: curve.name } : {}),
        cipherSuite: cipher.standardName,
      };
    }
    socket.write(TCP_WELCOME_MESSAGE);
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      // Bounded, as bufio.Scanner's 64 KiB line limit: a line that long ends the connection.
      if (buffered.length > 65_536) {
        socket.destroy();
        return;
      }
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).replace(/\r$/, '');
        buffered = buffered.slice(newline + 1);
        if (line === 'TEST') socket.write(`${JSON.stringify(answer)}\n`);
        else if (line === 'IS_TLS') socket.write(`${answer.isTLS}\n`);
        else if (line === 'PING') socket.write('PONG\n');
      }
    });
    socket.on('end', () => socket.end());
  }

  private start(server: net.Server, host: string, port: number): Promise<number> {
    this.servers.push(server);
    return listenOn(server, host, port);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}
