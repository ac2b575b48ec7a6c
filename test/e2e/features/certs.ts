/**
 * Self-signed certificates made at test time with a real `openssl` (one per hostname, EC P-256,
 * valid two days): nothing secret is shipped, and nothing expires in the repository.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface TestCertificate {
  hostname: string;
  /** PEM */
  cert: string;
  /** PEM */
  key: string;
}

export function selfSignedCertificate(dir: string, hostname: string): TestCertificate {
  const certFile = path.join(dir, `${hostname}.crt`);
  const keyFile = path.join(dir, `${hostname}.key`);
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
      '-keyout', keyFile, '-out', certFile, '-days', '2',
      '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`,
    ], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`openssl (1.1.1 or newer, on PATH) is needed to make test certificates: ${(err as Error).message} ${stderr}`);
  }
  return { hostname, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}
