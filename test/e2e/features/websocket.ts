/**
 * WebSocket helpers for the e2e tests: a WebSocket echo server behind TLS (optionally requiring a
 * client certificate, and answering plain HTTPS requests with what it saw), and a bounded client
 * conversation.
 */
import * as https from 'node:https';
import type * as net from 'node:net';
import * as tls from 'node:tls';
import type { TLSSocket } from 'node:tls';
import WebSocket, { WebSocketServer } from 'ws';
import type { TestCertificate } from './certs';

export const MESSAGE_TIMEOUT_MS = 5_000;

/** ws hands its options to tls.connect, servername included. */
export type ClientOptions = WebSocket.ClientOptions & { servername?: string };

/** What a TlsWebSocketEcho answers to a plain HTTPS request. */
export interface TlsEchoAnswer {
  path: string;
  httpVersion: string;
  /** The CN of the client certificate, when one was presented. */
  client?: string;
}

/**
 * A WebSocket echo server behind TLS; each echo is prefixed so the answer names who gave it. It
 * records the SNI names clients sent. With clientCa, the handshake requires a client
 * certificate issued by it (others are refused). Plain requests are answered with a TlsEchoAnswer.
 */
export class TlsWebSocketEcho {
  /** Every SNI name of a TLS handshake (resumed sessions included: OpenSSL asks for each ClientHello naming one). */
  readonly serverNames = new Set<string>();
  /** TLS handshakes refused (no or a bad client certificate). */
  refusedHandshakes = 0;
  private readonly server: https.Server;
  private readonly sockets = new WebSocketServer({ noServer: true });

  constructor(cert: TestCertificate, options: { clientCa?: string } = {}) {
    const clientAuth = options.clientCa ? { requestCert: true, rejectUnauthorized: true, ca: options.clientCa } : {};
    const context = tls.createSecureContext({ cert: cert.cert, key: cert.key, ...(options.clientCa ? { ca: options.clientCa } : {}) });
    this.server = https.createServer({
      cert: cert.cert, key: cert.key, ...clientAuth,
      SNICallback: (name, done) => {
        this.serverNames.add(name);
        done(null, context);
      },
    }, (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const answer: TlsEchoAnswer = { path: req.url ?? '', httpVersion: req.httpVersion, ...(peer?.subject?.CN ? { client: String(peer.subject.CN) } : {}) };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    this.server.on('tlsClientError', () => { this.refusedHandshakes += 1; });
    this.server.on('upgrade', (req, socket, head) => {
      this.sockets.handleUpgrade(req, socket, head, (ws) => {
        ws.on('message', (data) => ws.send(`tls-backend: ${String(data)}`));
      });
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port));
    });
  }

  async close(): Promise<void> {
    for (const client of this.sockets.clients) client.terminate();
    this.sockets.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Opens a WebSocket, sends each message after the previous answer, returns the answers; bounded in time. */
export async function exchange(url: string, messages: (string | Buffer)[], options: ClientOptions = {}): Promise<{ answers: { data: Buffer; binary: boolean }[]; peer?: tls.PeerCertificate }> {
  const ws = new WebSocket(url, { handshakeTimeout: MESSAGE_TIMEOUT_MS, ...options });
  let peer: tls.PeerCertificate | undefined;
  ws.once('upgrade', (response) => {
    if (url.startsWith('wss:')) peer = (response.socket as TLSSocket).getPeerCertificate();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answers: { data: Buffer; binary: boolean }[] = [];
    for (const message of messages) {
      answers.push(await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${String(message)} within ${MESSAGE_TIMEOUT_MS} ms`)), MESSAGE_TIMEOUT_MS);
        ws.once('message', (data, binary) => {
          clearTimeout(timer);
          resolve({ data: Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), binary });
        });
        ws.send(message, { binary: Buffer.isBuffer(message) });
      }));
    }
    return { answers, ...(peer ? { peer } : {}) };
  } finally {
    ws.terminate();
  }
}

/** The upgrade attempt's failure message (ws reports the status of a refused handshake). */
export async function refusal(url: string, options: ClientOptions = {}): Promise<string> {
  try {
    await exchange(url, ['hello'], options);
  } catch (err) {
    return (err as Error).message;
  }
  return 'the upgrade succeeded';
}

