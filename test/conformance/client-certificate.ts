/**
 * TLS connections that present a client certificate and tell whether they did: the suite's
 * client (utils/tls) gives its certificate from a GetClientCertificate hook, which Go calls only
 * when the server asks for one, and then asserts the hook was called. Node has no such hook: a
 * client given a certificate sends it when asked, silently. So the connection runs over a stream
 * that counts the bytes the client writes: its flight after the server's first flight (in TLS 1.3
 * the encrypted Certificate, CertificateVerify and Finished; without a certificate request only
 * Finished, a few dozen bytes) is at least as long as the certificate exactly when it carried it.
 */
import { X509Certificate } from 'node:crypto';
import * as net from 'node:net';
import { Duplex } from 'node:stream';
import * as tls from 'node:tls';

export interface PresentedCertificateWatch {
  /** Whether the client's handshake flight carried its certificate (known once the handshake is done or failed). */
  presented(): boolean;
}

/**
 * tls.connect to host:port presenting certPem/keyPem when asked; watch.presented() tells whether
 * the handshake carried the certificate.
 */
export function connectWithClientCertificate(options: tls.ConnectionOptions & { host: string; port: number; cert: string; key: string }): { socket: tls.TLSSocket; watch: PresentedCertificateWatch } {
  const certificateLength = new X509Certificate(options.cert).raw.length;
  const raw = net.connect({ host: options.host, port: options.port });
  let written = 0;
  /** Bytes the client had written when the server's first bytes came (its ClientHello). */
  let beforeServerFlight: number | null = null;
  const wire = new Duplex({
    write(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      raw.write(chunk, callback);
    },
    read() {
      raw.resume();
    },
    final(callback) {
      raw.end();
      callback();
    },
    destroy(err, callback) {
      raw.destroy();
      callback(err);
    },
  });
  raw.on('data', (data: Buffer) => {
    beforeServerFlight ??= written;
    if (!wire.push(data)) raw.pause();
  });
  raw.on('end', () => wire.push(null));
  raw.on('error', (err) => wire.destroy(err));
  raw.on('close', () => { if (!wire.destroyed) wire.destroy(); });
  let handshakeFlight = -1;
  const { host: _host, port: _port, ...tlsOptions } = options;
  const socket = tls.connect({ ...tlsOptions, socket: wire });
  // The last handshake bytes are written in the same turn as the handshake completes, or the next.
  socket.once('secureConnect', () => setImmediate(() => { handshakeFlight = written - (beforeServerFlight ?? written); }));
  // A handshake that failed (the server refused the certificate) wrote no request after it.
  const flight = (): number => (handshakeFlight >= 0 ? handshakeFlight : beforeServerFlight === null ? 0 : written - beforeServerFlight);
  return { socket, watch: { presented: () => flight() >= certificateLength } };
}
