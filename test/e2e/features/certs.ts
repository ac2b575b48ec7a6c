/**
 * Certificates made at test time with a real `openssl` (EC P-256, valid two days): self-signed
 * server certificates, and CAs with the client certificates they issue. Nothing secret is
 * shipped, and nothing expires in the repository.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export interface TestCertificate {
  hostname: string;
  /** PEM */
  cert: string;
  /** PEM */
  key: string;
}

function openssl(args: string[]): void {
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`openssl (1.1.1 or newer, on PATH) is needed to make test certificates: ${(err as Error).message} ${stderr}`);
  }
}

const NEW_EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

export function selfSignedCertificate(dir: string, hostname: string): TestCertificate {
  const certFile = path.join(dir, `${hostname}.crt`);
  const keyFile = path.join(dir, `${hostname}.key`);
  openssl(['req', '-x509', ...NEW_EC_KEY, '-keyout', keyFile, '-out', certFile, '-days', '2',
    '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`]);
  return { hostname, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/** A CA (self-signed, CA:TRUE) that can issue client certificates with clientCertificate. */
export function certificateAuthority(dir: string, name: string): TestCertificate {
  const certFile = path.join(dir, `${name}.ca.crt`);
  const keyFile = path.join(dir, `${name}.ca.key`);
  openssl(['req', '-x509', ...NEW_EC_KEY, '-keyout', keyFile, '-out', certFile, '-days', '2',
    '-subj', `/CN=${name}`, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign']);
  return { hostname: name, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/** A client certificate (extendedKeyUsage clientAuth) for `name`, issued by the CA made by certificateAuthority(dir, ca). */
export function clientCertificate(dir: string, ca: string, name: string): TestCertificate {
  const csrFile = path.join(dir, `${name}.csr`);
  const extFile = path.join(dir, `${name}.ext`);
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  writeFileSync(extFile, 'extendedKeyUsage=clientAuth\n');
  openssl(['req', '-new', ...NEW_EC_KEY, '-keyout', keyFile, '-out', csrFile, '-subj', `/CN=${name}`]);
  openssl(['x509', '-req', '-in', csrFile, '-CA', path.join(dir, `${ca}.ca.crt`), '-CAkey', path.join(dir, `${ca}.ca.key`),
    '-CAcreateserial', '-out', certFile, '-days', '2', '-extfile', extFile]);
  return { hostname: name, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/** A server certificate (extendedKeyUsage serverAuth, SAN DNS:hostname) issued by the CA made by certificateAuthority(dir, ca). */
export function serverCertificate(dir: string, ca: string, hostname: string): TestCertificate {
  const csrFile = path.join(dir, `${hostname}.server.csr`);
  const extFile = path.join(dir, `${hostname}.server.ext`);
  const certFile = path.join(dir, `${hostname}.server.crt`);
  const keyFile = path.join(dir, `${hostname}.server.key`);
  writeFileSync(extFile, `extendedKeyUsage=serverAuth\nsubjectAltName=DNS:${hostname}\n`);
  openssl(['req', '-new', ...NEW_EC_KEY, '-keyout', keyFile, '-out', csrFile, '-subj', `/CN=${hostname}`]);
  openssl(['x509', '-req', '-in', csrFile, '-CA', path.join(dir, `${ca}.ca.crt`), '-CAkey', path.join(dir, `${ca}.ca.key`),
    '-CAcreateserial', '-out', certFile, '-days', '2', '-extfile', extFile]);
  return { hostname, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}
