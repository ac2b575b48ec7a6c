/**
 * The certificates the suite creates in code at set-up (utils/kubernetes/certificate.go): RSA 2048
 * keys, a year of validity, leaves with subject CN "default", O "Acme Co", either self-signed
 * (MustCreateSelfSignedCertSecret) or signed by a CA of the suite's (MustCreateCACertConfigMap:
 * CN "gatewayapi", O "Kubernetes Gateway API", C "US"; MustCreateCASignedCertSecret /
 * MustCreateCASignedClientCertSecret). Made with the openssl command (Node cannot issue
 * certificates).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { KubeDoc } from './manifests';

export interface CertPair {
  certPem: string;
  keyPem: string;
}

type Usage = 'serverAuth' | 'clientAuth';

/** A host as the suite's generateRSACert files it: an IP, a DNS name (wildcards allowed), else a URI. */
function subjectAltName(host: string): string {
  if (isIP(host)) return `IP:${host}`;
  if (/^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(host) || host === '*') return `DNS:${host}`;
  return `URI:${host}`;
}

/** openssl req -x509, in a temporary directory; the issuer (when given) signs instead of the new key. */
function issue(subject: string, extensions: string[], issuer?: CertPair): CertPair {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-conformance-cert-'));
  try {
    const args = [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '365',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', subject,
      ...extensions.flatMap((e) => ['-addext', e]),
    ];
    if (issuer) {
      writeFileSync(path.join(dir, 'ca.pem'), issuer.certPem);
      writeFileSync(path.join(dir, 'ca-key.pem'), issuer.keyPem, { mode: 0o600 });
      args.push('-CA', path.join(dir, 'ca.pem'), '-CAkey', path.join(dir, 'ca-key.pem'));
    }
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
    return { certPem: readFileSync(path.join(dir, 'cert.pem'), 'utf8'), keyPem: readFileSync(path.join(dir, 'key.pem'), 'utf8') };
  } catch (err) {
    throw new Error(`cannot make a test certificate with openssl: ${(err as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function leaf(hosts: readonly string[], usage: Usage, issuer?: CertPair): CertPair {
  const extensions = [
    'keyUsage=critical,digitalSignature,keyEncipherment',
    `extendedKeyUsage=${usage}`,
    'basicConstraints=critical,CA:FALSE',
  ];
  if (hosts.length > 0) extensions.unshift(`subjectAltName=${hosts.map(subjectAltName).join(',')}`);
  return issue('/O=Acme Co/CN=default', extensions, issuer);
}

/** MustCreateSelfSignedCertSecret's certificate: a self-signed server certificate for the hosts. */
export function selfSignedCert(hosts: readonly string[]): CertPair {
  return leaf(hosts, 'serverAuth');
}

/** MustCreateCACertConfigMap's CA: self-signed, allowed to sign certificates. */
export function caCert(): CertPair {
  return issue('/C=US/O=Kubernetes Gateway API/CN=gatewayapi', [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,digitalSignature,keyCertSign',
    'extendedKeyUsage=clientAuth,serverAuth',
  ]);
}

/** MustCreateCASignedCertSecret's certificate: a server certificate for the hosts, signed by ca. */
export function caSignedServerCert(hosts: readonly string[], ca: CertPair): CertPair {
  return leaf(hosts, 'serverAuth', ca);
}

/** MustCreateCASignedClientCertSecret's certificate: a client certificate without names, signed by ca. */
export function caSignedClientCert(ca: CertPair): CertPair {
  return leaf([], 'clientAuth', ca);
}

export function tlsSecret(namespace: string, name: string, cert: CertPair): KubeDoc {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    type: 'kubernetes.io/tls',
    data: {
      'tls.crt': Buffer.from(cert.certPem).toString('base64'),
      'tls.key': Buffer.from(cert.keyPem).toString('base64'),
    },
  };
}

/**
 * MustCreateCACertConfigMap's ConfigMap: the CA certificate under ca.crt. (The suite also stores
 * the CA's private key there, under key.crt, which nothing reads; it is left out.)
 */
export function caConfigMap(namespace: string, name: string, ca: CertPair): KubeDoc {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { 'ca.crt': ca.certPem } };
}

/**
 * Host name check as Go's crypto/x509 does it (the suite's client is Go): a "*" label matches
 * exactly one label, also in "*.org". Node's default check refuses wildcards on a TLD, which
 * the suite's certificate ("*", "*.org", "*.wildcard.org") relies on.
 */
export function goStyleHostMatches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase().replace(/\.$/, '').split('.');
  const h = host.toLowerCase().replace(/\.$/, '').split('.');
  if (p.length !== h.length) return false;
  return p.every((label, i) => (i === 0 && label === '*') || label === h[i]);
}
