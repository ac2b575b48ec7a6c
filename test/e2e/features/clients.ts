/**
 * Clients for the feature tests: HTTPS with a chosen SNI, raw TLS, TCP and UDP round trips, and
 * a free UDP port. Every call is bounded by a timeout.
 */
import * as dgram from 'node:dgram';
import * as https from 'node:https';
import * as net from 'node:net';
import * as tls from 'node:tls';

export interface HttpsResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The certificate the server presented: its subject CN. */
  peerCommonName: string;
}

/** One HTTPS request to address:port with the given SNI and Host, trusting only `ca`. */
/** hostHeader: the Host sent, when it is not the SNI name (a request on a connection made for another name). */
/** client: the certificate (and its key) to present when the server asks for one. */
export function httpsRequest(
  address: string, port: number, servername: string, path: string, ca: string, timeoutMs = 2000, hostHeader = servername,
  client?: { cert: string; key: string },
): Promise<HttpsResult> {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: address, port, path, servername, ca, agent: false, timeout: timeoutMs, ...(client ? { cert: client.cert, key: client.key } : {}),
      headers: { host: `${hostHeader}:${port}` },
      // The certificate names the hostname, not the IP we connect to.
      checkServerIdentity: (_host, cert) => tls.checkServerIdentity(servername, cert),
    }, (res) => {
      const peer = (res.socket as tls.TLSSocket).getPeerCertificate();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, peerCommonName: String(peer.subject?.CN ?? '') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`https request to ${servername} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export interface TlsResult {
  /** What the server wrote before closing. */
  text: string;
  peerCommonName: string;
}

/**
 * Opens TLS with SNI servername, trusting `ca`. Without `send`, reads until the server closes;
 * with it, writes `send` once the session is up and resolves once `expectLength` characters came back.
 */
export function tlsRead(address: string, port: number, servername: string, ca: string, timeoutMs = 2000, send?: { message: string; expectLength: number }): Promise<TlsResult> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: address, port, servername, ca, checkServerIdentity: (_h, cert) => tls.checkServerIdentity(servername, cert) });
    const timer = setTimeout(() => socket.destroy(new Error(`TLS to ${servername} timed out (got "${text}")`)), timeoutMs);
    let text = '';
    let peerCommonName = '';
    const finish = () => { clearTimeout(timer); socket.end(); resolve({ text, peerCommonName }); };
    socket.setEncoding('utf8');
    socket.on('secureConnect', () => {
      peerCommonName = String(socket.getPeerCertificate().subject?.CN ?? '');
      if (send) socket.write(send.message);
    });
    socket.on('data', (c: string) => {
      text += c;
      if (send && text.length >= send.expectLength) finish();
    });
    socket.on('end', () => (send ? (clearTimeout(timer), reject(new Error(`TLS connection closed after "${text}"`))) : finish()));
    socket.on('error', (err) => { clearTimeout(timer); reject(err); });
  });
}

/** Sends message over TCP and resolves with the reply once it holds `expectLength` characters. */
export function tcpRoundTrip(address: string, port: number, message: string, expectLength: number, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    const timer = setTimeout(() => socket.destroy(new Error(`TCP round trip to ${address}:${port} timed out (got "${reply}")`)), timeoutMs);
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(message));
    socket.on('data', (c: string) => {
      reply += c;
      if (reply.length >= expectLength) {
        clearTimeout(timer);
        socket.end();
        resolve(reply);
      }
    });
    socket.on('end', () => { clearTimeout(timer); reject(new Error(`TCP connection closed after "${reply}"`)); });
    socket.on('error', (err) => { clearTimeout(timer); reject(err); });
  });
}

/** Sends one datagram and resolves with the first reply, or rejects after timeoutMs (UDP may drop). */
export function udpRoundTrip(address: string, port: number, message: string, timeoutMs = 500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const done = (fn: () => void) => { clearTimeout(timer); socket.close(); fn(); };
    const timer = setTimeout(() => done(() => reject(new Error(`no UDP reply from ${address}:${port} within ${timeoutMs}ms`))), timeoutMs);
    socket.on('message', (msg) => done(() => resolve(msg.toString('utf8'))));
    socket.on('error', (err) => done(() => reject(err)));
    socket.send(message, port, address);
  });
}

/** count distinct TCP ports that were free on host a moment ago (held together, so never the same twice). */
export async function freeTcpPorts(host: string, count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
  })));
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  return ports;
}

/** A UDP port that was free on host a moment ago. */
export function freeUdpPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, host, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}
