/**
 * The xDS TLS directory (`pier certgen --dir DIR`, `pier serve --xds-tls-dir DIR`):
 *   ca.crt, ca.key          the CA proxies and Pier trust (ca.key only where certificates are issued)
 *   server.crt, server.key  Pier's serving certificate
 *   NS_NAME.crt, NS_NAME.key  a Gateway's proxy certificate ("default/web" -> default_web.crt)
 *   client.crt, client.key  the quickstart's certificate for grpcurl and other xDS clients of yours
 * Files are replaced atomically (write, then rename), keys are readable by the owner only.
 * Errors name files and problems, never their contents.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { gatewayFileStem } from './identity';
import { createCertificateAuthority, issueGatewayCertificate, issueServerCertificate, type KeyPair } from './pki';

export const CA_CERT_FILE = 'ca.crt';
export const CA_KEY_FILE = 'ca.key';
export const SERVER_CERT_FILE = 'server.crt';
export const SERVER_KEY_FILE = 'server.key';
export const CLIENT_CERT_FILE = 'client.crt';
export const CLIENT_KEY_FILE = 'client.key';

/** Where the xDS server's TLS material is; caKey only when Pier may issue proxy certificates. */
export interface XdsTlsPaths {
  caCert: string;
  serverCert: string;
  serverKey: string;
  caKey?: string;
}

export function tlsPathsInDir(dir: string): Required<XdsTlsPaths> {
  return {
    caCert: path.join(dir, CA_CERT_FILE),
    caKey: path.join(dir, CA_KEY_FILE),
    serverCert: path.join(dir, SERVER_CERT_FILE),
    serverKey: path.join(dir, SERVER_KEY_FILE),
  };
}

export function gatewayCertPaths(dir: string, gateway: string): { cert: string; key: string } {
  const stem = gatewayFileStem(gateway);
  return { cert: path.join(dir, `${stem}.crt`), key: path.join(dir, `${stem}.key`) };
}

/** Replaces a file atomically; mode 0600 for keys, 0644 for certificates. */
export function writeFileAtomic(file: string, text: string, secret: boolean): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: secret ? 0o600 : 0o644 });
  chmodSync(tmp, secret ? 0o600 : 0o644); // umask may have narrowed it
  renameSync(tmp, file);
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EACCES' ? 'permission denied' : e.code ?? 'unreadable';
    throw new Error(`cannot read the ${what} ${file}: ${why}`);
  }
}

function parseCertificate(pem: string, file: string, what: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new Error(`the ${what} ${file} holds no PEM certificate`);
  }
}

/** Reads the CA of a TLS directory, checking that certificate and key belong together. */
export function readCertificateAuthority(dir: string): KeyPair {
  const paths = tlsPathsInDir(dir);
  try {
    return readCertificateAuthorityFiles(paths.caCert, paths.caKey);
  } catch (err) {
    if (!hasFile(paths.caCert) && !hasFile(paths.caKey)) throw new Error(`no CA in ${dir} (create one with: pier certgen --dir ${dir})`);
    throw err;
  }
}

export function readCertificateAuthorityFiles(certFile: string, keyFile: string): KeyPair {
  const certPem = readText(certFile, 'CA certificate');
  const keyPem = readText(keyFile, 'CA key');
  checkKeyPair(certPem, keyPem, certFile, keyFile, 'CA certificate', 'CA key');
  return { certPem, keyPem };
}

function checkKeyPair(certPem: string, keyPem: string, certFile: string, keyFile: string, certWhat: string, keyWhat: string): X509Certificate {
  const cert = parseCertificate(certPem, certFile, certWhat);
  let key;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new Error(`the ${keyWhat} ${keyFile} holds no usable PEM private key`);
  }
  if (!cert.checkPrivateKey(key)) throw new Error(`the ${keyWhat} ${keyFile} does not match the ${certWhat} ${certFile}`);
  return cert;
}

/** The material the xDS server serves with, read and checked. */
export interface ServingMaterial {
  caPem: string;
  certPem: string;
  keyPem: string;
  /** The serving certificate, parsed (for logs: serial, expiry). */
  cert: X509Certificate;
}

/** Reads and checks the serving certificate, its key and the CA proxies are verified against. */
export function readServingMaterial(paths: XdsTlsPaths): ServingMaterial {
  const caPem = readText(paths.caCert, 'CA certificate');
  const certPem = readText(paths.serverCert, 'server certificate');
  const keyPem = readText(paths.serverKey, 'server key');
  return checkServingMaterial({ caPem, certPem, keyPem }, paths);
}

/**
 * Checks serving material wherever it came from (files, a Secret): the CA parses, the key
 * matches the certificate. `names` say where each part came from, for errors (never contents).
 */
export function checkServingMaterial(pems: { caPem: string; certPem: string; keyPem: string }, names: { caCert: string; serverCert: string; serverKey: string }): ServingMaterial {
  parseCertificate(pems.caPem, names.caCert, 'CA certificate');
  const cert = checkKeyPair(pems.certPem, pems.keyPem, names.serverCert, names.serverKey, 'server certificate', 'server key');
  return { ...pems, cert };
}

/** Checks that a CA certificate (the first of a bundle) and its key belong together. */
export function checkCertificateAuthority(ca: KeyPair, names: { caCert: string; caKey: string }): X509Certificate {
  return checkKeyPair(ca.certPem, ca.keyPem, names.caCert, names.caKey, 'CA certificate', 'CA key');
}

export interface CertgenResult {
  /** Files written, in order. */
  written: string[];
  /** Whether an existing CA was kept. */
  reusedCa: boolean;
}

/**
 * `pier certgen --dir DIR`: keeps the CA in DIR when there is one (so proxy certificates it
 * signed stay valid), creates one otherwise, and (re)issues Pier's serving certificate with
 * the given extra SANs. A running Pier picks the new serving certificate up without restart.
 */
export async function generateServerFiles(dir: string, sans: readonly string[] = []): Promise<CertgenResult> {
  const paths = tlsPathsInDir(dir);
  const written: string[] = [];
  let ca: KeyPair;
  let reusedCa = true;
  try {
    ca = readCertificateAuthority(dir);
  } catch (err) {
    if (hasFile(paths.caCert) || hasFile(paths.caKey)) throw err; // half a CA, or a broken one: never overwrite it
    ca = await createCertificateAuthority();
    writeFileAtomic(paths.caKey, ca.keyPem, true);
    writeFileAtomic(paths.caCert, ca.certPem, false);
    written.push(paths.caCert, paths.caKey);
    reusedCa = false;
  }
  const server = await issueServerCertificate(ca, sans);
  // Key first: a reader that sees the new certificate finds its key (the reloader also checks they match).
  writeFileAtomic(paths.serverKey, server.keyPem, true);
  writeFileAtomic(paths.serverCert, server.certPem, false);
  written.push(paths.serverCert, paths.serverKey);
  return { written, reusedCa };
}

/** `pier certgen --dir DIR --gateway NS/NAME`: the Gateway's proxy certificate, signed by DIR's CA. */
export async function generateGatewayFiles(dir: string, gateway: string): Promise<{ cert: string; key: string }> {
  const ca = readCertificateAuthority(dir);
  const issued = await issueGatewayCertificate(ca, gateway);
  const out = gatewayCertPaths(dir, gateway);
  writeFileAtomic(out.key, issued.keyPem, true);
  writeFileAtomic(out.cert, issued.certPem, false);
  return out;
}

/**
 * The quickstart's client certificate (client.crt, client.key in DIR), for grpcurl and the like:
 * a proxy certificate of one Gateway, because the xDS server authorises nothing broader, so it
 * sees that Gateway's CSDS and events only. Issued again on every start, so it always matches
 * DIR's CA.
 */
export async function generateClientFiles(dir: string, gateway: string): Promise<{ cert: string; key: string }> {
  const ca = readCertificateAuthority(dir);
  const issued = await issueGatewayCertificate(ca, gateway);
  const out = { cert: path.join(dir, CLIENT_CERT_FILE), key: path.join(dir, CLIENT_KEY_FILE) };
  writeFileAtomic(out.key, issued.keyPem, true);
  writeFileAtomic(out.cert, issued.certPem, false);
  return out;
}

function hasFile(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
