/**
 * Credentials for a test control plane, made at start with a real `openssl` (EC P-256, valid two
 * days) into its temp dir: a CA, the API server's serving certificate (127.0.0.1), client
 * certificates (the CA signs them; the API server trusts it for clients), and the
 * service-account key pair that signs and verifies service-account tokens.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface KeyPair {
  certFile: string;
  keyFile: string;
}

export interface ControlPlanePki {
  ca: KeyPair;
  apiServer: KeyPair;
  /** CN admin, O system:masters: everything, through RBAC's bootstrap binding. */
  admin: KeyPair;
  /** CN system:kube-controller-manager: RBAC's bootstrap role for it. */
  controllerManager: KeyPair;
  serviceAccountKeyFile: string;
  serviceAccountPublicKeyFile: string;
}

async function openssl(args: string[]): Promise<void> {
  try {
    await run('openssl', args, { timeout: 20_000 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? '';
    throw new Error(`openssl ${args[0]} failed (OpenSSL 3 on PATH is needed for the Kubernetes test credentials): ${(err as Error).message} ${stderr}`);
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'];

async function leaf(dir: string, ca: KeyPair, name: string, subject: string, extensions: string[]): Promise<KeyPair> {
  const pair = { certFile: path.join(dir, `${name}.crt`), keyFile: path.join(dir, `${name}.key`) };
  await openssl([
    'req', '-x509', ...EC_KEY, '-keyout', pair.keyFile, '-out', pair.certFile, '-subj', subject,
    '-CA', ca.certFile, '-CAkey', ca.keyFile, '-addext', 'basicConstraints=critical,CA:FALSE',
    ...extensions.flatMap((e) => ['-addext', e]),
  ]);
  return pair;
}

/** A client certificate for user (CN) in groups (O), signed by the control plane's CA. */
export function clientCertificate(dir: string, ca: KeyPair, user: string, groups: string[] = []): Promise<KeyPair> {
  const subject = [...groups.map((g) => `/O=${g}`), `/CN=${user}`].join('');
  return leaf(dir, ca, `user-${user.replace(/[^A-Za-z0-9_.-]/g, '_')}`, subject, CLIENT_EXTENSIONS);
}

const CLIENT_EXTENSIONS = ['extendedKeyUsage=clientAuth', 'keyUsage=critical,digitalSignature'];

/** extraAddresses: more IP addresses the API server's certificate names (where pods reach it). */
export async function makePki(dir: string, extraAddresses: string[] = []): Promise<ControlPlanePki> {
  const ca = { certFile: path.join(dir, 'ca.crt'), keyFile: path.join(dir, 'ca.key') };
  const serviceAccountKeyFile = path.join(dir, 'service-account.key');
  const serviceAccountPublicKeyFile = path.join(dir, 'service-account.pub');
  const caDone = openssl([
    'req', '-x509', ...EC_KEY, '-keyout', ca.keyFile, '-out', ca.certFile, '-subj', '/CN=pier-test-ca',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const saDone = openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', serviceAccountKeyFile])
    .then(() => openssl(['pkey', '-in', serviceAccountKeyFile, '-pubout', '-out', serviceAccountPublicKeyFile]));
  await caDone;
  const [apiServer, admin, controllerManager] = await Promise.all([
    leaf(dir, ca, 'apiserver', '/CN=kube-apiserver', [`subjectAltName=IP:127.0.0.1,DNS:localhost${extraAddresses.map((a) => `,IP:${a}`).join('')}`, 'extendedKeyUsage=serverAuth', 'keyUsage=critical,digitalSignature']),
    clientCertificate(dir, ca, 'admin', ['system:masters']),
    clientCertificate(dir, ca, 'system:kube-controller-manager'),
  ]);
  await saDone;
  return { ca, apiServer, admin, controllerManager, serviceAccountKeyFile, serviceAccountPublicKeyFile };
}

/** A kubeconfig (JSON, which is YAML) with the certificates inlined. */
export function kubeconfig(server: string, pki: ControlPlanePki, user: KeyPair, userName: string): string {
  const b64 = (file: string): string => readFileSync(file).toString('base64');
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'pier-test', cluster: { server, 'certificate-authority-data': b64(pki.ca.certFile) } }],
    users: [{ name: userName, user: { 'client-certificate-data': b64(user.certFile), 'client-key-data': b64(user.keyFile) } }],
    contexts: [{ name: 'pier-test', context: { cluster: 'pier-test', user: userName } }],
    'current-context': 'pier-test',
  }, null, 2);
}
