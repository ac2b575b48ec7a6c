/**
 * The Secrets the suite creates in code at set-up (kubernetes.MustCreateSelfSignedCertSecret):
 * a self-signed RSA 2048 server certificate (CN "default", O "Acme Co") with the given hosts as
 * subject alternative names; and the CA-signed ones (a CA in a ConfigMap, leaf certificates in
 * Secrets). Made with the openssl command (Node cannot issue certificates).
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

export function selfSignedCert(hosts: readonly string[]): CertPair {
  const san = hosts.map((h) => (isIP(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
  return openssl((dir) => [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '365',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    '-subj', '/O=Acme Co/CN=default',
    '-addext', `subjectAltName=${san}`,
    '-addext', 'keyUsage=critical,digitalSignature,keyEncipherment',
    '-addext', 'extendedKeyUsage=serverAuth',
    '-addext', 'basicConstraints=critical,CA:FALSE',
  ]);
}

/**
 * kubernetes.MustCreateCACertConfigMap's CA: a self-signed RSA 2048 CA certificate
 * (CN "gatewayapi", O "Kubernetes Gateway API", C "US") that signs the suite's CA-signed Secrets.
 */
export function caCert(): CertPair {
  return openssl((dir) => [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '365',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    '-subj', '/C=US/O=Kubernetes Gateway API/CN=gatewayapi',
    '-addext', 'keyUsage=critical,digitalSignature,keyCertSign',
    '-addext', 'extendedKeyUsage=clientAuth,serverAuth',
    '-addext', 'basicConstraints=critical,CA:TRUE',
  ]);
}

/**
 * kubernetes.MustCreateCASignedCertSecret (usage "server") and MustCreateCASignedClientCertSecret
 * ("client", no hosts): a leaf certificate like selfSignedCert's, signed by the CA. Hosts that
 * are no host names ("spiffe://...") become URI subject alternative names, as upstream.
 */
export function caSignedCert(hosts: readonly string[], ca: CertPair, usage: 'server' | 'client' = 'server'): CertPair {
  return openssl((dir) => {
    writeFileSync(path.join(dir, 'ca.pem'), ca.certPem);
    writeFileSync(path.join(dir, 'ca-key.pem'), ca.keyPem, { mode: 0o600 });
    const san = hosts.map((h) => (isIP(h) ? `IP:${h}` : h.includes('://') ? `URI:${h}` : `DNS:${h}`)).join(',');
    return [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '365',
      '-CA', path.join(dir, 'ca.pem'), '-CAkey', path.join(dir, 'ca-key.pem'),
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      '-subj', '/O=Acme Co/CN=default',
      ...(san ? ['-addext', `subjectAltName=${san}`] : []),
      '-addext', 'keyUsage=critical,digitalSignature,keyEncipherment',
      '-addext', `extendedKeyUsage=${usage === 'server' ? 'serverAuth' : 'clientAuth'}`,
      '-addext', 'basicConstraints=critical,CA:FALSE',
    ];
  });
}

/** Runs openssl with the arguments args(dir) gives and reads dir/cert.pem and dir/key.pem. */
function openssl(args: (dir: string) => string[]): CertPair {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-conformance-cert-'));
  try {
    execFileSync('openssl', args(dir), { stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
    return { certPem: readFileSync(path.join(dir, 'cert.pem'), 'utf8'), keyPem: readFileSync(path.join(dir, 'key.pem'), 'utf8') };
  } catch (err) {
    throw new Error(`cannot make a test certificate with openssl: ${(err as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ConfigMap MustCreateCACertConfigMap makes: the CA under ca.crt (its key, which upstream also stores, stays out). */
export function caConfigMap(namespace: string, name: string, ca: CertPair): KubeDoc {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { 'ca.crt': ca.certPem } };
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
