/**
 * mTLS for the xDS port, with rotation: grpc-js server credentials whose secure context is
 * re-read from disk when the serving certificate, its key or the CA file change. A change is
 * applied only once the new files are readable and the key matches the certificate (an update
 * half written, or a broken file, leaves the last good context in place and is reported).
 * Existing connections keep the context they were made with; new handshakes use the new one.
 */
import { statSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import type { SecureContextOptions } from 'node:tls';
import type { Logger } from '../../logging/logger';
import { readServingMaterial, type ServingMaterial, type XdsTlsPaths } from '../../security/tls-dir';

/** A TLS handshake not done in this time is dropped (node's default is 120 s). */
export const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;
/** How often the files are checked for changes (a stat of three files). */
export const DEFAULT_TLS_RELOAD_INTERVAL_MS = 2_000;

export class ReloadingServerCredentials extends grpc.ServerCredentials {
  private timer: NodeJS.Timeout | null = null;
  private fileStamps: string;
  private contentStamp: string;
  private lastProblem = '';

  /** Reads the files now: a problem at start is an error (nothing to fall back to). */
  constructor(private readonly paths: XdsTlsPaths, private readonly logger: Logger, private readonly intervalMs = DEFAULT_TLS_RELOAD_INTERVAL_MS) {
    const material = readServingMaterial(paths);
    super(
      // Every client must present a certificate signed by the CA; anything else fails the handshake.
      { requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2', handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS },
      contextOptions(material),
    );
    this.fileStamps = this.stampFiles();
    this.contentStamp = contentStamp(material);
    this.logger.info({ serverCertificate: describe(material), paths }, 'xDS mTLS: client certificates required');
  }

  /** Starts watching the files; stop() ends it. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.checkForChanges(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Re-reads the files if any changed; returns true when a new context was applied. */
  checkForChanges(): boolean {
    const stamps = this.stampFiles();
    if (stamps === this.fileStamps) return false;
    let material: ServingMaterial;
    try {
      material = readServingMaterial(this.paths);
    } catch (err) {
      // Keep the stamps unchanged: the next check tries again (a rotation may be half written).
      const problem = (err as Error).message;
      if (problem !== this.lastProblem) this.logger.warn({ problem }, 'xDS TLS files changed but cannot be used; the previous certificates stay in use');
      this.lastProblem = problem;
      return false;
    }
    this.fileStamps = stamps;
    this.lastProblem = '';
    const content = contentStamp(material);
    if (content === this.contentStamp) return false;
    this.contentStamp = content;
    this.updateSecureContextOptions(contextOptions(material));
    this.logger.info({ serverCertificate: describe(material) }, 'xDS TLS certificates reloaded');
    return true;
  }

  override _equals(other: grpc.ServerCredentials): boolean {
    return other === this;
  }

  private stampFiles(): string {
    return [this.paths.caCert, this.paths.serverCert, this.paths.serverKey].map((f) => {
      try {
        const s = statSync(f);
        return `${s.ino}:${s.size}:${s.mtimeMs}`;
      } catch {
        return 'missing';
      }
    }).join('|');
  }
}

function contextOptions(m: ServingMaterial): SecureContextOptions {
  return { ca: m.caPem, cert: m.certPem, key: m.keyPem };
}

function contentStamp(m: ServingMaterial): string {
  return `${m.cert.fingerprint256}|${m.caPem}`;
}

function describe(m: ServingMaterial): Record<string, string> {
  return { serialNumber: m.cert.serialNumber, notAfter: new Date(m.cert.validTo).toISOString(), subjectAltName: m.cert.subjectAltName ?? '' };
}
