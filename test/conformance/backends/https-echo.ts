/**
 * echo-basic's HTTPS server (HTTPS_PORT, with TLS_SERVER_CERT and TLS_SERVER_PRIVKEY): the same
 * echo as its HTTP port, plus what it saw of the TLS connection under `tls` (version, the SNI
 * the client sent, cipher suite, ALPN protocol, the client's certificates in PEM), which the
 * suite's BackendTLSPolicy checks compare (the SNI a Gateway sent, the client certificate it
 * presented). With client CAs (TLS_CLIENT_CACERTS), it asks for a client certificate and, as Go's
 * tls.VerifyClientCertIfGiven, refuses the connection when one is given that they did not sign,
 * but lets clients without one in.
 */
import { constants } from 'node:crypto';
import * as https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { EchoBackend } from '../../../src/demo/echo-backend';

export interface HttpsEchoTls {
  certPem: string;
  keyPem: string;
  /** Client CAs: ask for a client certificate and check the one given against them. */
  clientCaPem?: string;
}

/** echo-basic's TLSAssertions, as its JSON names them. */
export interface TlsAssertions {
  version: string;
  peerCertificates?: string[];
  serverName: string;
  negotiatedProtocol?: string;
  cipherSuite: string;
}

/**
 * Go's pem.Encode of a DER certificate: 64 base64 characters a line, each line ended. Node's
 * X509Certificate.toString() gives the same text, but that is OpenSSL's choice; this is Go's.
 */
function goPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** tlsStateToAssertions. The client's certificate only: Node does not keep the chain as the client sent it. */
export function tlsAssertions(socket: TLSSocket): TlsAssertions {
  const peer = socket.getPeerX509Certificate();
  const alpn = socket.alpnProtocol;
  return {
    version: socket.getProtocol() ?? '',
    ...(peer ? { peerCertificates: [goPem(peer.raw)] } : {}),
    serverName: typeof socket.servername === 'string' ? socket.servername : '',
    ...(alpn ? { negotiatedProtocol: alpn } : {}),
    cipherSuite: socket.getCipher()?.standardName ?? '',
  };
}

/** Serves backend's echo over HTTPS at host:port. */
export async function listenHttpsEcho(backend: EchoBackend, host: string, port: number, tls: HttpsEchoTls): Promise<number> {
  const server = https.createServer({
    cert: tls.certPem,
    key: tls.keyPem,
    // No session tickets: on a TLS 1.2 connection resumed from one (Envoy resumes its upstream
    // sessions), Node reports no server name, where Go reports the ClientHello's SNI every time.
    secureOptions: constants.SSL_OP_NO_TICKET,
    ...(tls.clientCaPem ? { ca: tls.clientCaPem, requestCert: true, rejectUnauthorized: false } : {}),
  }, (req, res) => backend.respond(req, res, { tls: tlsAssertions(req.socket as TLSSocket) }));
  if (tls.clientCaPem) {
    // VerifyClientCertIfGiven: no certificate is fine; one the CAs did not sign ends the connection.
    server.on('secureConnection', (socket: TLSSocket) => {
      if (socket.getPeerX509Certificate() && !socket.authorized) socket.destroy();
    });
  }
  server.keepAliveTimeout = 60_000;
  return backend.adopt(server, host, port);
}

