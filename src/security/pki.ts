/**
 * X.509 issuing for the xDS port: a private CA, Pier's serving certificate and one client
 * certificate per Gateway. node:crypto generates keys and signs, but cannot build certificates;
 * node-forge (one dependency, no native code) builds them (the to-be-signed structure and its
 * DER encoding). RSA 2048 throughout: forge encodes only RSA public keys, and every TLS stack
 * here (Envoy's BoringSSL, node's OpenSSL, Go's grpcurl) takes it.
 */
import { generateKeyPair, randomBytes, sign as signBytes, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { XDS_SERVER_URI, gatewayIdentityUri } from './identity';

const generateKeyPairAsync = promisify(generateKeyPair);

/** A certificate and its private key, both PEM. */
export interface KeyPair {
  certPem: string;
  keyPem: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const CA_VALIDITY_DAYS = 3650;
export const LEAF_VALIDITY_DAYS = 365;
/** Tolerates clocks a little behind the issuer's: every certificate's notBefore is this far back. */
export const BACKDATE_MS = 5 * 60 * 1000;

async function newRsaKey(): Promise<{ keyPem: string; publicKey: forge.pki.rsa.PublicKey }> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { keyPem, publicKey: forge.pki.publicKeyFromPem(publicPem) };
}

function newCertificate(publicKey: forge.pki.rsa.PublicKey, validityMs: number, now: Date, notAfterCap?: Date): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // 16 random bytes with the top bit clear: a positive serial, unique in practice.
  const serial = randomBytes(16);
  serial[0] = (serial[0] as number) & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - BACKDATE_MS);
  const notAfter = now.getTime() + validityMs;
  // A certificate never outlives its issuer: past the CA's expiry it could not be verified anyway.
  cert.validity.notAfter = new Date(notAfterCap ? Math.min(notAfter, notAfterCap.getTime()) : notAfter);
  return cert;
}

/** forge's builder of the to-be-signed structure, which its typings leave out. */
interface ForgeTbs {
  getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1;
}

/** Signs with node's crypto (SHA-256 with RSA, PKCS#1 v1.5), as forge's own sign() lays it out. */
function sign(cert: forge.pki.Certificate, signerKeyPem: string): string {
  const oid = forge.pki.oids.sha256WithRSAEncryption as string;
  cert.signatureOid = oid;
  cert.siginfo.algorithmOid = oid;
  const tbs = (forge.pki as unknown as ForgeTbs).getTBSCertificate(cert);
  (cert as forge.pki.Certificate & { tbsCertificate: forge.asn1.Asn1 }).tbsCertificate = tbs;
  const der = Buffer.from(forge.asn1.toDer(tbs).getBytes(), 'binary');
  cert.signature = signBytes('sha256', der, signerKeyPem).toString('binary');
  return forge.pki.certificateToPem(cert);
}

/** A new self-signed CA that may sign leaf certificates only (path length 0). */
export async function createCertificateAuthority(commonName = 'Pier xDS CA', now = new Date(), validityMs = CA_VALIDITY_DAYS * DAY_MS): Promise<KeyPair> {
  const { keyPem, publicKey } = await newRsaKey();
  const cert = newCertificate(publicKey, validityMs, now);
  const subject = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Pier' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  return { certPem: sign(cert, keyPem), keyPem };
}

type AltName = { type: 2; value: string } | { type: 6; value: string } | { type: 7; ip: string };

function altName(san: string): AltName {
  if (isIP(san)) return { type: 7, ip: san };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(san)) return { type: 6, value: san };
  return { type: 2, value: san };
}

interface LeafOptions {
  commonName: string;
  sans: AltName[];
  usage: 'server' | 'client';
  now?: Date;
  validityMs?: number;
}

function issueLeaf(ca: KeyPair, o: LeafOptions): Promise<KeyPair> {
  return newRsaKey().then(({ keyPem, publicKey }) => {
    const caCert = forge.pki.certificateFromPem(ca.certPem);
    const cert = newCertificate(publicKey, o.validityMs ?? LEAF_VALIDITY_DAYS * DAY_MS, o.now ?? new Date(), caCert.validity.notAfter);
    cert.setSubject([{ name: 'commonName', value: o.commonName }, { name: 'organizationName', value: 'Pier' }]);
    cert.setIssuer(caCert.subject.attributes);
    cert.setExtensions([
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      // One purpose each: a proxy's certificate cannot serve xDS, Pier's cannot act as a proxy.
      o.usage === 'server' ? { name: 'extKeyUsage', serverAuth: true } : { name: 'extKeyUsage', clientAuth: true },
      { name: 'subjectAltName', altNames: o.sans },
      { name: 'subjectKeyIdentifier' },
      { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
    ]);
    return { certPem: sign(cert, ca.keyPem), keyPem };
  });
}

/** Pier's serving certificate: the xDS server URI, localhost, 127.0.0.1, ::1 and extra SANs (DNS names or IPs). */
export function issueServerCertificate(ca: KeyPair, extraSans: readonly string[] = [], now?: Date, validityMs?: number): Promise<KeyPair> {
  return issueLeaf(ca, { commonName: 'pier-xds-server', sans: serverCertificateSans(extraSans).map(altName), usage: 'server', now, validityMs });
}

/** The SANs of Pier's serving certificate, given the extra ones. */
export function serverCertificateSans(extraSans: readonly string[] = []): string[] {
  return [...new Set([XDS_SERVER_URI, 'localhost', '127.0.0.1', '::1', ...extraSans])];
}

/** A proxy's client certificate naming exactly one Gateway ("<namespace>/<name>"). */
export function issueGatewayCertificate(ca: KeyPair, gateway: string, now?: Date, validityDays?: number): Promise<KeyPair> {
  const uri = gatewayIdentityUri(gateway);
  return issueLeaf(ca, { commonName: `gateway ${gateway}`, sans: [{ type: 6, value: uri }], usage: 'client', now, validityMs: validityDays === undefined ? undefined : validityDays * DAY_MS });
}

/** What a certificate says, for logs and the admin API (no key material). */
export interface CertificateSummary {
  subject: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  fingerprint256: string;
  subjectAltName?: string;
}

export function summarizeCertificate(pem: string): CertificateSummary {
  const c = new X509Certificate(pem);
  return {
    subject: c.subject.replace(/\n/g, ', '),
    serialNumber: c.serialNumber,
    notBefore: new Date(c.validFrom).toISOString(),
    notAfter: new Date(c.validTo).toISOString(),
    fingerprint256: c.fingerprint256,
    ...(c.subjectAltName ? { subjectAltName: c.subjectAltName } : {}),
  };
}
