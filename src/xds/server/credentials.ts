/**
 * mTLS for the xDS port, with rotation: grpc-js server credentials whose secure context comes
 * from a material source (TLS files, or the Secret Pier keeps in Kubernetes mode) and is
 * replaced when the source's material changes. A change is applied only once the new material
 * is complete and the key matches the certificate (an update half written, or a broken file,
 * leaves the last good context in place and is reported). Existing connections keep the
 * context they were made with; new handshakes use the new one. Logs name certificates (serial,
 * expiry, SANs), never key material.
 */
import { statSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import type { SecureContextOptions } from 'node:tls';
import type { Logger } from '../../logging/logger';
import { readServingMaterial, type ServingMaterial, type XdsTlsPaths } from '../../security/tls-dir';

/** A TLS handshake not done in this time is dropped (node's default is 120 s). */
export const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;
/** How often a source is asked whether it changed (for files: a stat of three files). */
export const DEFAULT_TLS_RELOAD_INTERVAL_MS = 2_000;

/** Where the serving material comes from. */
export interface ServingMaterialSource {
  /** For logs: where the material is (paths, or the Secret's namespace/name). */
  readonly description: Record<string, string>;
  /** A cheap stamp of the source's state: unchanged means the material is unchanged. */
  version(): string;
  /** The material now, checked; throws (naming the part, never its content) when unusable. */
  read(): ServingMaterial;
  /** Sources that learn of changes themselves call back at once (files are polled instead). */
  onChange?(listener: () => void): void;
}

/** The TLS files, re-read when one of them changes (inode, size or mtime). */
export function fileMaterialSource(paths: XdsTlsPaths): ServingMaterialSource {
  return {
    description: { caCert: paths.caCert, serverCert: paths.serverCert, serverKey: paths.serverKey },
    version: () => [paths.caCert, paths.serverCert, paths.serverKey].map((f) => {
      try {
        const s = statSync(f);
        return `${s.ino}:${s.size}:${s.mtimeMs}`;
      } catch {
        return 'missing';
      }
    }).join('|'),
    read: () => readServingMaterial(paths),
  };
}

export class ReloadingServerCredentials extends grpc.ServerCredentials {
  private timer: NodeJS.Timeout | null = null;
  private sourceVersion: string;
  private contentStamp: string;
  private lastProblem = '';
  private readonly source: ServingMaterialSource;

  /** Reads the material now: a problem at start is an error (nothing to fall back to). */
  constructor(source: ServingMaterialSource | XdsTlsPaths, private readonly logger: Logger, private readonly intervalMs = DEFAULT_TLS_RELOAD_INTERVAL_MS) {
    const from = 'read' in source ? source : fileMaterialSource(source);
    const version = from.version();
    const material = from.read();
    super(
      // Every client must present a certificate signed by the CA; anything else fails the handshake.
      { requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2', handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS },
      contextOptions(material),
    );
    this.source = from;
    this.sourceVersion = version;
    this.contentStamp = contentStamp(material);
    this.source.onChange?.(() => this.checkForChanges());
    this.logger.info({ serverCertificate: describe(material), ...this.source.description }, 'xDS mTLS: client certificates required');
  }

  /** Starts polling the source; stop() ends it. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.checkForChanges(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the material again if the source changed; returns true when a new context was applied. */
  checkForChanges(): boolean {
    const version = this.source.version();
    if (version === this.sourceVersion) return false;
    let material: ServingMaterial;
    try {
      material = this.source.read();
    } catch (err) {
      // Keep the version unchanged: the next check tries again (a rotation may be half written).
      const problem = (err as Error).message;
      if (problem !== this.lastProblem) this.logger.warn({ problem, ...this.source.description }, 'xDS TLS material changed but cannot be used; the previous certificates stay in use');
      this.lastProblem = problem;
      return false;
    }
    this.sourceVersion = version;
    this.lastProblem = '';
    const content = contentStamp(material);
    if (content === this.contentStamp) return false;
    this.contentStamp = content;
    this.updateSecureContextOptions(contextOptions(material));
    this.logger.info({ serverCertificate: describe(material), caCertificates: countCertificates(material.caPem), ...this.source.description }, 'xDS TLS certificates reloaded');
    return true;
  }

  override _equals(other: grpc.ServerCredentials): boolean {
    return other === this;
  }
}

function contextOptions(m: ServingMaterial): SecureContextOptions {
  return { ca: m.caPem, cert: m.certPem, key: m.keyPem };
}

function contentStamp(m: ServingMaterial): string {
  return `${m.cert.fingerprint256}|${m.caPem}`;
}

function countCertificates(pem: string): number {
  return (pem.match(/-----BEGIN CERTIFICATE-----/g) ?? []).length;
}

function describe(m: ServingMaterial): Record<string, string> {
  return { serialNumber: m.cert.serialNumber, notAfter: new Date(m.cert.validTo).toISOString(), subjectAltName: m.cert.subjectAltName ?? '' };
}
