/**
 * TLS originated by the proxy to a backend (BackendTLSPolicy): the cluster's transport socket
 * sends the policy's hostname as SNI and validates the backend's certificate against the given
 * CAs and subject alt names. The CAs travel inline in the cluster, so a CA change is a cluster
 * change (and only clusters with that backend change).
 */
import type { SubjectAltNameMatch, UpstreamTLS } from '../../../ir/types';
import type { Cluster } from '../../types';
import type { UpstreamTlsContext } from '../../../generated/envoy/extensions/transport_sockets/tls/v3/UpstreamTlsContext';
import type { SubjectAltNameMatcher } from '../../../generated/envoy/extensions/transport_sockets/tls/v3/SubjectAltNameMatcher';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';
import { adsConfigSource } from '../common';

/**
 * The CA bundle of the proxy's host for wellKnownCACertificates "System" (Debian/Ubuntu and the
 * official Envoy images keep it here). Envoy's own system_root_certs is not implemented for
 * Envoy, so the file is named; a proxy without it rejects the cluster.
 */
export const SYSTEM_TRUST_STORE_PATH = '/etc/ssl/certs/ca-certificates.crt';

function sanMatcher(san: SubjectAltNameMatch): SubjectAltNameMatcher {
  return { san_type: san.type === 'URI' ? 'URI' : 'DNS', matcher: { exact: san.value } };
}

/** Without explicit subject alt names, the certificate must be for the SNI hostname (DNS SAN; wildcards match per RFC 6125). */
function sanMatchers(tls: UpstreamTLS): SubjectAltNameMatcher[] {
  const sans = tls.subjectAltNames && tls.subjectAltNames.length > 0 ? tls.subjectAltNames : [{ type: 'Hostname' as const, value: tls.sni }];
  return sans.map(sanMatcher);
}

/** clientCertificate: the SDS name of the certificate the proxy presents (Gateway spec.tls.backend). */
export function upstreamTlsContext(tls: UpstreamTLS, alpnProtocols: string[] | undefined, clientCertificate?: string): UpstreamTlsContext {
  const trusted = tls.useSystemTrustStore ? { filename: SYSTEM_TRUST_STORE_PATH } : { inline_string: tls.caCertificates ?? '' };
  const context: UpstreamTlsContext = {
    sni: tls.sni,
    common_tls_context: {
      validation_context: { trusted_ca: trusted, match_typed_subject_alt_names: sanMatchers(tls) },
    },
  };
  if (alpnProtocols && context.common_tls_context) context.common_tls_context.alpn_protocols = alpnProtocols;
  if (clientCertificate && context.common_tls_context) {
    context.common_tls_context.tls_certificate_sds_secret_configs = [{ name: clientCertificate, sds_config: adsConfigSource() }];
  }
  return context;
}

export function upstreamTlsSocket(tls: UpstreamTLS, alpnProtocols: string[] | undefined, clientCertificate?: string): NonNullable<Cluster['transport_socket']> {
  return { name: FilterName.tlsTransportSocket, typed_config: typedConfig(ProtoType.upstreamTlsContext, upstreamTlsContext(tls, alpnProtocols, clientCertificate)) };
}
