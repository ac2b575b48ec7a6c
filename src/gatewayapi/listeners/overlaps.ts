/**
 * The OverlappingTLSConfig listener condition (Gateway API v1.7.0, ListenerConditionType): TLS
 * listeners on one port whose hostnames or certificates overlap, so a client coalescing
 * connections may reach one listener over a connection set up with the other's TLS settings.
 * The spec requires overlapping hostnames to be detected and allows overlapping certificates
 * (a SAN of one listener's certificate matching a name another's matches) to be; Pier detects
 * both and, as the spec asks when both hold, reports OverlappingCertificates then. The condition
 * is set on every listener involved, only while it holds (negative polarity).
 */
import { X509Certificate } from 'node:crypto';
import type { TLSCertificate } from '../../ir/types';
import { ListenerReason } from '../model/conditions';
import type { ListenerContext } from '../model/contexts';
import { ANY_HOST, intersectHostname, normalizeHostname } from './hostnames';

function hostnameOf(l: ListenerContext): string {
  return l.listener.hostname ? normalizeHostname(l.listener.hostname) : ANY_HOST;
}

const LEAF_PEM = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/;

/** The DNS names of a certificate's leaf (subjectAltName), lower case; none when it cannot be read. */
function certificateNames(certificate: TLSCertificate): string[] {
  const pem = LEAF_PEM.exec(certificate.certificateChain)?.[0];
  if (!pem) return [];
  let san: string | undefined;
  try {
    san = new X509Certificate(pem).subjectAltName;
  } catch {
    return []; // resolveCertificateRefs already parsed it; nothing to compare if it cannot be read
  }
  return (san ?? '').split(', ').filter((entry) => entry.startsWith('DNS:')).map((entry) => entry.slice(4).toLowerCase());
}

/** TLS name matching (RFC 6125): a "*." wildcard stands for exactly one label. */
function certificateNamesOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  const oneLabelUnder = (wildcard: string, name: string): boolean => {
    if (!wildcard.startsWith('*.')) return false;
    const dot = name.indexOf('.');
    return dot > 0 && !name.startsWith('*.') && name.slice(dot) === wildcard.slice(1);
  };
  return oneLabelUnder(a, b) || oneLabelUnder(b, a);
}

/** The first pair of overlapping names of two listeners' certificates, as "a ~ b", or undefined. */
function overlappingCertificateNames(a: readonly string[], b: readonly string[]): string | undefined {
  for (const x of a) for (const y of b) if (certificateNamesOverlap(x, y)) return x === y ? x : `${x} ~ ${y}`;
  return undefined;
}

/**
 * Marks listeners that terminate TLS (HTTPS, TLS Terminate) and are otherwise valid whose
 * hostname overlaps another's on the same port (one matches a name the other also matches:
 * "*.example.com" and "foo.example.com"; no hostname overlaps everything), or whose
 * certificates' names overlap another's there. Conflicted listeners are left out: they are not
 * served at all.
 */
export function markTLSOverlaps(listeners: readonly ListenerContext[]): void {
  const terminating = listeners.filter((l) => l.valid && l.terminatesTLS);
  if (terminating.length < 2) return;
  const names = new Map<ListenerContext, string[]>();
  for (const l of terminating) names.set(l, [...new Set(l.certificates.flatMap(certificateNames))]);
  for (const l of terminating) {
    const host = hostnameOf(l);
    const hostnames: string[] = [];
    const certificates: string[] = [];
    for (const o of terminating) {
      if (o === l || o.listener.port !== l.listener.port) continue;
      const label = `${o.listener.name} (${o.listener.hostname ?? 'no hostname'})`;
      if (intersectHostname(host, hostnameOf(o)) !== undefined) hostnames.push(label);
      const shared = overlappingCertificateNames(names.get(l)!, names.get(o)!);
      if (shared !== undefined) certificates.push(`${o.listener.name} (certificate name ${shared})`);
    }
    if (certificates.length > 0) {
      l.tlsOverlap = {
        reason: ListenerReason.OverlappingCertificates,
        message: `certificate names overlap on port ${l.listener.port} with listener(s) ${certificates.sort().join(', ')}`
          + (hostnames.length > 0 ? `; hostname ${l.listener.hostname ?? '(none: every name)'} overlaps with ${hostnames.sort().join(', ')}` : ''),
      };
    } else if (hostnames.length > 0) {
      l.tlsOverlap = {
        reason: ListenerReason.OverlappingHostnames,
        message: `hostname ${l.listener.hostname ?? '(none: every name)'} overlaps on port ${l.listener.port} with listener(s) ${hostnames.sort().join(', ')}`,
      };
    }
  }
}
