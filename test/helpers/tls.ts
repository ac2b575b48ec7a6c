/** mTLS material for tests: a TLS directory made by the real certgen code, clients, raw handshakes. */
import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { generateGatewayFiles, generateServerFiles, gatewayCertPaths, tlsPathsInDir } from '../../src/security/tls-dir';

export interface TlsDir {
  dir: string;
  ca: Buffer;
  /** gRPC channel credentials presenting the given Gateway's certificate (issued on first use). */
  credentials(gateway: string): Promise<grpc.ChannelCredentials>;
  /** The certificate and key files of a Gateway (issued on first use). */
  gatewayFiles(gateway: string): Promise<{ cert: string; key: string }>;
}

export async function makeTlsDir(prefix = 'pier-tls-'): Promise<TlsDir> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  await generateServerFiles(dir);
  return tlsDirAt(dir);
}

export function tlsDirAt(dir: string): TlsDir {
  const issued = new Map<string, Promise<{ cert: string; key: string }>>();
  const gatewayFiles = (gateway: string) => {
    let p = issued.get(gateway);
    if (!p) issued.set(gateway, (p = generateGatewayFiles(dir, gateway)));
    return p;
  };
  return {
    dir,
    get ca() { return readFileSync(tlsPathsInDir(dir).caCert); },
    gatewayFiles,
    async credentials(gateway: string) {
      const files = await gatewayFiles(gateway);
      return grpc.credentials.createSsl(readFileSync(tlsPathsInDir(dir).caCert), readFileSync(files.key), readFileSync(files.cert));
    },
  };
}

export { gatewayCertPaths, tlsPathsInDir };

export interface HandshakeResult {
  ok: boolean;
  /** The serving certificate's serial number, when the handshake completed. */
  serverSerial?: string;
  /** Its subjectAltName, as node prints it. */
  serverSans?: string;
  error?: string;
}

/** One real TLS handshake (ALPN h2, as gRPC) with optional client certificate; bounded. */
export function tlsHandshake(port: number, o: { ca: Buffer | string; cert?: Buffer | string; key?: Buffer | string; host?: string; servername?: string }, timeoutMs = 5000): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    // servername is also the name the serving certificate is checked against.
    const socket = tls.connect({ host: o.host ?? '127.0.0.1', port, ca: o.ca, cert: o.cert, key: o.key, ALPNProtocols: ['h2'], servername: o.servername ?? 'localhost' });
    const timer = setTimeout(() => { socket.destroy(); resolve({ ok: false, error: 'timeout' }); }, timeoutMs);
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate();
      const serverSerial = peer.serialNumber;
      const serverSans = peer.subjectaltname;
      // TLS 1.3: the server judges the client certificate after the handshake; an alert arrives
      // right after. Wait a moment for it before calling the handshake good.
      const settle = setTimeout(() => { clearTimeout(timer); socket.destroy(); resolve({ ok: true, serverSerial, serverSans }); }, 200);
      socket.once('error', (err) => { clearTimeout(settle); clearTimeout(timer); socket.destroy(); resolve({ ok: false, serverSerial, error: err.message }); });
      socket.once('close', () => { clearTimeout(settle); clearTimeout(timer); resolve({ ok: false, serverSerial, error: 'closed by the server' }); });
    });
    socket.once('error', (err) => { clearTimeout(timer); socket.destroy(); resolve({ ok: false, error: err.message }); });
  });
}

export function gatewayMaterial(t: TlsDir, gateway: string): { cert: Buffer; key: Buffer } {
  const files = gatewayCertPaths(t.dir, gateway);
  return { cert: readFileSync(files.cert), key: readFileSync(files.key) };
}
