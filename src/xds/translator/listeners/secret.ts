/**
 * TLS certificates of HTTPS and TLS-terminating listeners, and the client certificate presented
 * to TLS backends, as SDS secrets referenced by name from the listeners and clusters.
 */
import type { TLSCertificate, XdsIR } from '../../../ir/types';
import type { Secret } from '../../types';

/** One secret per certificate name; listeners sharing a certificate share the secret. */
export function buildSecrets(ir: XdsIR): Secret[] {
  const certificates: TLSCertificate[] = [
    ...ir.http.flatMap((l) => l.tls?.certificates ?? []),
    ...ir.tcp.flatMap((l) => l.tls?.certificates ?? []),
    ...(ir.backendClientCertificate ? [ir.backendClientCertificate] : []),
    ...(ir.backendCertificates ?? []),
  ];
  const secrets = new Map<string, Secret>();
  for (const cert of certificates) {
    if (secrets.has(cert.name)) continue;
    secrets.set(cert.name, {
      name: cert.name,
      tls_certificate: {
        certificate_chain: { inline_string: cert.certificateChain },
        private_key: { inline_string: cert.privateKey },
      },
    });
  }
  return [...secrets.values()];
}
