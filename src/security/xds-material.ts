/**
 * The xDS CA and serving certificate Pier keeps for itself in Kubernetes mode (in memory, from a
 * Secret), and when to renew them. Keys are those of a `pier certgen` directory (ca.crt, ca.key,
 * server.crt, server.key), so such a Secret can also be mounted and given as --xds-tls-dir.
 *
 * ca.crt is a bundle: the current CA first (the one ca.key belongs to, which signs), then older
 * CAs still in their validity. Renewal:
 * - the serving certificate, in the last third of its lifetime, when its key or CA is unusable,
 *   or when it lacks a wanted SAN: issued again by the current CA;
 * - the CA, in the last third of its lifetime: a new CA goes first in the bundle and signs from
 *   then on; the old one stays in ca.crt until it expires, so proxies holding certificates it
 *   signed still connect, and the serving certificate it signed stays valid for proxies that
 *   trust only it until their own certificate (with the new bundle) is issued;
 * - an expired CA leaves the bundle.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { BACKDATE_MS, createCertificateAuthority, issueServerCertificate, serverCertificateSans, type KeyPair } from './pki';
import { CA_CERT_FILE, CA_KEY_FILE, SERVER_CERT_FILE, SERVER_KEY_FILE, checkCertificateAuthority, checkServingMaterial, type ServingMaterial } from './tls-dir';

/** The four parts, PEM. */
export interface XdsTlsMaterial {
  /** The current CA first, then older ones still valid. */
  caPem: string;
  caKeyPem: string;
  certPem: string;
  keyPem: string;
}

export interface XdsTlsLifetimes {
  caMs: number;
  serverMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_XDS_TLS_LIFETIMES: XdsTlsLifetimes = { caMs: 3650 * DAY_MS, serverMs: 90 * DAY_MS };
/** A certificate is renewed once this fraction of its lifetime is left. */
export const RENEW_WHEN_LEFT = 1 / 3;

/** The data keys of the Secret (the file names of a certgen directory). */
export const XDS_TLS_KEYS = { caCert: CA_CERT_FILE, caKey: CA_KEY_FILE, serverCert: SERVER_CERT_FILE, serverKey: SERVER_KEY_FILE } as const;

/** Base64 data of a Secret holding the material. */
export function secretData(m: XdsTlsMaterial): Record<string, string> {
  const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
  return { [CA_CERT_FILE]: b64(m.caPem), [CA_KEY_FILE]: b64(m.caKeyPem), [SERVER_CERT_FILE]: b64(m.certPem), [SERVER_KEY_FILE]: b64(m.keyPem) };
}

/** The material of a Secret's data; a missing key reads as empty (the checks then name it). */
export function materialOfSecretData(data: Record<string, string> | undefined): XdsTlsMaterial {
  const text = (key: string): string => Buffer.from(data?.[key] ?? '', 'base64').toString('utf8');
  return { caPem: text(CA_CERT_FILE), caKeyPem: text(CA_KEY_FILE), certPem: text(SERVER_CERT_FILE), keyPem: text(SERVER_KEY_FILE) };
}

/** The PEM certificates of a bundle, in order. */
export function splitPemBundle(pem: string): string[] {
  // Each as written (line endings kept), so that a bundle put together again is the same text.
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----(\r?\n)?/g)?.map((c) => (c.endsWith('\n') ? c : `${c}\n`)) ?? [];
}

/** Names of the parts for errors: "<where> key ca.crt". */
function partNames(where: string): { caCert: string; caKey: string; serverCert: string; serverKey: string } {
  return { caCert: `${where} key ${CA_CERT_FILE}`, caKey: `${where} key ${CA_KEY_FILE}`, serverCert: `${where} key ${SERVER_CERT_FILE}`, serverKey: `${where} key ${SERVER_KEY_FILE}` };
}

/** The current CA (first of the bundle) with its key, checked; throws naming the part. */
export function currentCertificateAuthority(m: XdsTlsMaterial, where: string): KeyPair {
  const first = splitPemBundle(m.caPem)[0];
  const names = partNames(where);
  if (!first) throw new Error(`the CA certificate ${names.caCert} holds no PEM certificate`);
  const ca = { certPem: first, keyPem: m.caKeyPem };
  checkCertificateAuthority(ca, names);
  return ca;
}

/** What the xDS server serves with, checked (the key matches the certificate, the CA parses). */
export function servingMaterialOf(m: XdsTlsMaterial, where: string): ServingMaterial {
  return checkServingMaterial({ caPem: m.caPem, certPem: m.certPem, keyPem: m.keyPem }, partNames(where));
}

/** A SAN as node prints it: IPv6 addresses in full ("::1" -> "0:0:0:0:0:0:0:1"). */
function printedSan(san: string): string {
  if (isIP(san) !== 6 || san.includes('.')) return san;
  const [head = '', tail] = san.split('::');
  const groups = (part: string): string[] => (part ? part.split(':') : []);
  const full = tail === undefined ? groups(head) : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return full.map((g) => parseInt(g, 16).toString(16)).join(':');
}

/** A certificate's lifetime as issued (without the backdating of notBefore). */
function renewAt(cert: X509Certificate): number {
  const notBefore = Date.parse(cert.validFrom) + BACKDATE_MS;
  const notAfter = Date.parse(cert.validTo);
  const lifetime = Math.max(0, notAfter - notBefore);
  return notAfter - lifetime * RENEW_WHEN_LEFT;
}

export interface RenewalPlan {
  /** A new CA goes first in the bundle. */
  renewCa: boolean;
  /** A new serving certificate. */
  renewServer: boolean;
  /** Expired CAs leave the bundle. */
  dropCas: number;
  /** Why, for logs. */
  reasons: string[];
  /** When to look again if nothing changes before (ms since the epoch). */
  nextCheckAt: number;
}

/**
 * What to renew now. The current CA must be usable (currentCertificateAuthority): a CA Pier
 * cannot read is never replaced by itself, since proxies may still trust it.
 */
export function planRenewal(m: XdsTlsMaterial, o: { now: number; sans: readonly string[] }): RenewalPlan {
  const reasons: string[] = [];
  const bundle = splitPemBundle(m.caPem).map((pem) => new X509Certificate(pem));
  const [current, ...older] = bundle as [X509Certificate, ...X509Certificate[]];
  const checks: number[] = [];

  const caRenewAt = renewAt(current);
  const renewCa = o.now >= caRenewAt;
  if (renewCa) reasons.push(`the CA ${current.serialNumber} is in the last third of its lifetime (notAfter ${new Date(current.validTo).toISOString()})`);
  else checks.push(caRenewAt);

  const expired = older.filter((c) => Date.parse(c.validTo) <= o.now);
  if (expired.length > 0) reasons.push(`expired CAs leave the bundle: ${expired.map((c) => c.serialNumber).join(', ')}`);
  for (const c of older) if (Date.parse(c.validTo) > o.now) checks.push(Date.parse(c.validTo) + 1);

  let renewServer = false;
  let server: X509Certificate | undefined;
  try {
    server = servingMaterialOf(m, 'the Secret').cert;
  } catch (err) {
    renewServer = true;
    reasons.push(`the serving certificate cannot be used: ${(err as Error).message}`);
  }
  if (server) {
    const signer = bundle.find((ca) => server!.checkIssued(ca) && server!.verify(ca.publicKey));
    const sans = new Set((server.subjectAltName ?? '').split(', ').map((e) => e.replace(/^(DNS|URI|IP Address):/, '')));
    const lacking = serverCertificateSans(o.sans).filter((s) => !sans.has(printedSan(s)));
    const serverRenewAt = renewAt(server);
    if (!signer || Date.parse(signer.validTo) <= o.now) {
      renewServer = true;
      reasons.push(`the serving certificate ${server.serialNumber} is not signed by a valid CA of the bundle`);
    } else if (lacking.length > 0) {
      renewServer = true;
      reasons.push(`the serving certificate ${server.serialNumber} lacks the SANs ${lacking.join(', ')}`);
    } else if (o.now >= serverRenewAt) {
      renewServer = true;
      reasons.push(`the serving certificate ${server.serialNumber} is in the last third of its lifetime (notAfter ${new Date(server.validTo).toISOString()})`);
    } else {
      checks.push(serverRenewAt);
    }
  }
  // With nothing due, look again when the first thing falls due (at most an hour away: clocks jump).
  const nextCheckAt = Math.min(o.now + 60 * 60 * 1000, ...checks);
  return { renewCa, renewServer, dropCas: expired.length, reasons, nextCheckAt };
}

/** New material from nothing: a CA and a serving certificate it signs. */
export async function createXdsTlsMaterial(o: { sans: readonly string[]; lifetimes: XdsTlsLifetimes; now?: Date }): Promise<XdsTlsMaterial> {
  const now = o.now ?? new Date();
  const ca = await createCertificateAuthority(undefined, now, o.lifetimes.caMs);
  const server = await issueServerCertificate(ca, o.sans, now, o.lifetimes.serverMs);
  return { caPem: ca.certPem, caKeyPem: ca.keyPem, certPem: server.certPem, keyPem: server.keyPem };
}

/** The material after a plan: a new CA first, expired ones out, a new serving certificate. */
export async function renewXdsTlsMaterial(m: XdsTlsMaterial, plan: RenewalPlan, o: { sans: readonly string[]; lifetimes: XdsTlsLifetimes; now?: Date }): Promise<XdsTlsMaterial> {
  const now = o.now ?? new Date();
  let ca: KeyPair = { certPem: splitPemBundle(m.caPem)[0] ?? '', keyPem: m.caKeyPem };
  let caPem = m.caPem; // unchanged text unless the bundle changes: proxies' certificates follow its changes
  if (plan.renewCa || plan.dropCas > 0) {
    let bundle = splitPemBundle(m.caPem).filter((pem) => Date.parse(new X509Certificate(pem).validTo) > now.getTime());
    if (plan.renewCa) {
      ca = await createCertificateAuthority(undefined, now, o.lifetimes.caMs);
      bundle = [ca.certPem, ...bundle];
    }
    caPem = bundle.join('');
  }
  let server: KeyPair = { certPem: m.certPem, keyPem: m.keyPem };
  if (plan.renewServer) server = await issueServerCertificate(ca, o.sans, now, o.lifetimes.serverMs);
  return { caPem, caKeyPem: ca.keyPem, certPem: server.certPem, keyPem: server.keyPem };
}
