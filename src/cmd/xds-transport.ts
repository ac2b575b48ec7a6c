/**
 * How the xDS port is secured, decided once at start from the settings:
 * - TLS files given (--xds-tls-dir and/or the --xds-tls-* files): mTLS with them;
 * - --xds-insecure: plaintext, with a warning (any client can read every Gateway's keys);
 * - a loopback address: plaintext (only this host can connect);
 * - otherwise, with the kubernetes provider: mTLS with a CA and serving certificate Pier keeps in
 *   a Secret (xdsTlsSecret) in its namespace, in memory only (src/security/xds-secret.ts);
 * - otherwise (the default 0.0.0.0:18000): mTLS with a CA and serving certificate Pier keeps in
 *   <stateDir>/xds-tls, created on first start; the Envoys Pier launches get client
 *   certificates from that CA, and `pier certgen --dir <stateDir>/xds-tls --gateway NS/NAME`
 *   issues one for an Envoy of your own.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import * as path from 'node:path';
import type { PierConfig } from '../config/config';
import { ConfigError } from '../config/config';
import type { Logger } from '../logging/logger';
import { generateServerFiles, tlsPathsInDir, type XdsTlsPaths } from '../security/tls-dir';

export type XdsTransport =
  | { kind: 'plaintext'; why: 'loopback' | 'insecure' }
  | { kind: 'mtls'; paths: XdsTlsPaths; generatedIn?: string }
  | { kind: 'secret'; name: string };

/** The directory under stateDir where Pier keeps the TLS files it generated itself. */
export const GENERATED_TLS_SUBDIR = 'xds-tls';

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

function hostOf(address: string): string {
  const i = address.lastIndexOf(':');
  return i < 0 ? address : address.slice(0, i);
}

export async function resolveXdsTransport(config: PierConfig, log: Logger): Promise<XdsTransport> {
  const explicit = { xdsTlsCert: config.xdsTlsCert, xdsTlsKey: config.xdsTlsKey, xdsTlsCa: config.xdsTlsCa, xdsTlsCaKey: config.xdsTlsCaKey };
  const givenFiles = Object.entries(explicit).filter(([, v]) => v !== '').map(([k]) => k);
  if (config.xdsInsecure) {
    if (config.xdsTlsDir || givenFiles.length > 0) throw new ConfigError('xdsInsecure cannot be combined with xDS TLS files (xdsTlsDir, xdsTlsCert, ...)');
    log.warn({ xdsAddress: config.xdsAddress },
      'xDS is served WITHOUT TLS (--xds-insecure): any client that reaches this address can ask for any Gateway and read its TLS private keys');
    return { kind: 'plaintext', why: 'insecure' };
  }
  if (config.xdsTlsDir || givenFiles.length > 0) {
    const inDir: Partial<XdsTlsPaths> = config.xdsTlsDir ? tlsPathsInDir(path.resolve(config.xdsTlsDir)) : {};
    const paths = {
      caCert: config.xdsTlsCa ? path.resolve(config.xdsTlsCa) : inDir.caCert,
      serverCert: config.xdsTlsCert ? path.resolve(config.xdsTlsCert) : inDir.serverCert,
      serverKey: config.xdsTlsKey ? path.resolve(config.xdsTlsKey) : inDir.serverKey,
      caKey: config.xdsTlsCaKey ? path.resolve(config.xdsTlsCaKey) : inDir.caKey,
    };
    const missing = (['caCert', 'serverCert', 'serverKey'] as const).filter((k) => !paths[k]);
    if (missing.length > 0) {
      throw new ConfigError(`xDS TLS needs the CA, the server certificate and its key: give xdsTlsDir or all of xdsTlsCa, xdsTlsCert, xdsTlsKey (missing: ${missing.join(', ')})`);
    }
    // A CA key is optional: without it Pier cannot issue certificates to the Envoys it launches.
    if (paths.caKey && !config.xdsTlsCaKey && !existsSync(paths.caKey)) paths.caKey = undefined;
    return { kind: 'mtls', paths: paths as XdsTlsPaths };
  }
  if (isLoopbackHost(hostOf(config.xdsAddress))) {
    log.info({ xdsAddress: config.xdsAddress }, 'xDS in plaintext on a loopback address (only this host can connect); give --xds-tls-dir for mTLS');
    return { kind: 'plaintext', why: 'loopback' };
  }
  if (config.provider === 'kubernetes') return { kind: 'secret', name: config.xdsTlsSecret };
  const dir = path.resolve(config.stateDir, GENERATED_TLS_SUBDIR);
  const paths = tlsPathsInDir(dir);
  if (!existsSync(paths.caCert) || !existsSync(paths.serverCert) || !existsSync(paths.serverKey)) {
    const { written, reusedCa } = await generateServerFiles(dir);
    log.info({ dir, written, reusedCa },
      `generated the xDS CA and serving certificate; for an Envoy of your own: pier certgen --dir ${dir} --gateway NAMESPACE/NAME`);
  }
  return { kind: 'mtls', paths, generatedIn: dir };
}
