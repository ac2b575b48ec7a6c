/**
 * Where Pier finds its cluster: --kubeconfig FILE, else the in-cluster service account, else
 * $KUBECONFIG, else ~/.kube/config. A KubeConnection carries the server, TLS and credentials
 * that every request (lists, watches, status writes, leases) applies.
 *
 * The kubeconfig forms a controller meets (server CA, client certificates, bearer tokens and
 * token files, basic auth, the service account) are read here, with one keep-alive agent for
 * every request. Loading @kubernetes/client-node costs ~55 MiB of resident memory (its
 * generated API models and their source text) for a few of its functions, so it is loaded only
 * for the rarer forms that need its code: exec credential plugins, legacy auth providers and
 * proxies.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import yaml from 'js-yaml';
import { selectedContext, type KubeconfigCluster, type KubeconfigUser } from './kubeconfig-file';

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
/** Bound service account tokens rotate; client-go re-reads the file at most once a minute. */
const TOKEN_FILE_REREAD_MS = 60_000;

export interface KubeRequestInit {
  agent: http.Agent;
  headers: Record<string, string>;
}

/** How to reach one API server. */
export interface KubeConnection {
  /** The API server's base URL, without a trailing slash. */
  readonly server: string;
  /** Where the settings came from, for messages (a file name, "in-cluster"). */
  readonly source: string;
  /** The agent (TLS, keep-alive) and the credential headers of the next request. */
  requestInit(): Promise<KubeRequestInit>;
}

export function loadKubeConnection(file: string): KubeConnection {
  if (file) {
    if (!existsSync(file)) throw new Error(`kubeconfig not found: ${file}`);
    return kubeConnectionFromFile(file);
  }
  if (process.env.KUBERNETES_SERVICE_HOST && existsSync(path.join(SERVICE_ACCOUNT_DIR, 'token'))) return inClusterConnection();
  if (process.env.KUBECONFIG) {
    const first = process.env.KUBECONFIG.split(path.delimiter).find((p) => p !== '');
    if (!first || !existsSync(first)) throw new Error(`kubeconfig from $KUBECONFIG not found: ${process.env.KUBECONFIG}`);
    return kubeConnectionFromFile(first);
  }
  const home = path.join(os.homedir(), '.kube', 'config');
  if (!existsSync(home)) throw new Error('no Kubernetes configuration: not in a cluster, $KUBECONFIG unset and ~/.kube/config absent (give --kubeconfig FILE)');
  return kubeConnectionFromFile(home);
}

export function kubeConnectionFromFile(file: string): KubeConnection {
  return kubeConnectionFromYaml(readFileSync(file, 'utf8'), file, path.dirname(path.resolve(file)));
}

/** source names the document in errors; relative file paths in it resolve against baseDir. */
export function kubeConnectionFromYaml(text: string, source: string, baseDir: string): KubeConnection {
  const { cluster, user } = selectedContext(yaml.load(text), source);
  const server = stringField(cluster, 'server', source, 'cluster');
  if (!/^https?:\/\//.test(server)) throw new Error(`kubeconfig ${source}: cluster.server ${JSON.stringify(server)} is not an http(s) URL`);
  if (needsClientNode(cluster, user)) return new ClientNodeConnection(text, source, baseDir, server);
  const file = (value: unknown, field: string, owner: string): Buffer => {
    const name = stringField({ [field]: value }, field, source, owner);
    const resolved = path.resolve(baseDir, name);
    try { return readFileSync(resolved); } catch (err) {
      throw new Error(`kubeconfig ${source}: ${owner}.${field} ${resolved}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  const pem = (owner: 'cluster' | 'user', fields: Record<string, unknown>, dataField: string, fileField: string): Buffer | undefined => {
    if (fields[dataField] !== undefined) return Buffer.from(stringField(fields, dataField, source, owner), 'base64');
    if (fields[fileField] !== undefined) return file(fields[fileField], fileField, owner);
    return undefined;
  };
  const tls: https.AgentOptions = {
    keepAlive: true,
    ca: pem('cluster', cluster, 'certificate-authority-data', 'certificate-authority'),
    cert: pem('user', user, 'client-certificate-data', 'client-certificate'),
    key: pem('user', user, 'client-key-data', 'client-key'),
    rejectUnauthorized: cluster['insecure-skip-tls-verify'] !== true,
    ...(typeof cluster['tls-server-name'] === 'string' ? { servername: cluster['tls-server-name'] } : {}),
  };
  if ((tls.cert === undefined) !== (tls.key === undefined)) {
    throw new Error(`kubeconfig ${source}: user has a client certificate without its key, or a key without its certificate`);
  }
  let credentials = (): Record<string, string> => ({});
  if (typeof user.token === 'string' && user.token) {
    const value = `Bearer ${user.token}`;
    credentials = () => ({ authorization: value });
  } else if (user.tokenFile !== undefined) {
    const tokenFile = path.resolve(baseDir, stringField(user, 'tokenFile', source, 'user'));
    credentials = tokenFromFile(tokenFile, source);
  } else if (typeof user.username === 'string' && typeof user.password === 'string') {
    const value = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
    credentials = () => ({ authorization: value });
  }
  return new DirectConnection(server, source, tls, credentials);
}

function inClusterConnection(): KubeConnection {
  const host = process.env.KUBERNETES_SERVICE_HOST ?? '';
  const port = process.env.KUBERNETES_SERVICE_PORT ?? '443';
  const server = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const caFile = path.join(SERVICE_ACCOUNT_DIR, 'ca.crt');
  return new DirectConnection(server, 'in-cluster', { keepAlive: true, ca: readFileSync(caFile) }, tokenFromFile(path.join(SERVICE_ACCOUNT_DIR, 'token'), 'in-cluster'));
}

function tokenFromFile(file: string, source: string): () => Record<string, string> {
  let token = '';
  let readAt = 0;
  let mtimeMs = -1;
  return () => {
    const now = Date.now();
    if (now - readAt >= TOKEN_FILE_REREAD_MS || !token) {
      readAt = now;
      try {
        const mtime = statSync(file).mtimeMs;
        if (mtime !== mtimeMs) {
          token = readFileSync(file, 'utf8').trim();
          mtimeMs = mtime;
        }
      } catch (err) {
        // A token read before keeps serving until the file is back; none at all is an error.
        if (!token) throw new Error(`kubeconfig ${source}: token file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
    }
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return headers;
  };
}

class DirectConnection implements KubeConnection {
  readonly server: string;
  private readonly agent: http.Agent;

  constructor(server: string, readonly source: string, tls: https.AgentOptions, private readonly credentials: () => Record<string, string>) {
    this.server = server.replace(/\/+$/, '');
    this.agent = this.server.startsWith('https:') ? new https.Agent(tls) : new http.Agent({ keepAlive: true });
  }

  async requestInit(): Promise<KubeRequestInit> {
    return { agent: this.agent, headers: this.credentials() };
  }
}

/** Exec plugins, legacy auth providers and proxies: client-node's KubeConfig, loaded on first use. */
function needsClientNode(cluster: KubeconfigCluster, user: KubeconfigUser): boolean {
  return user.exec !== undefined || user['auth-provider'] !== undefined || cluster['proxy-url'] !== undefined;
}

interface ClientNodeConfig {
  applyToFetchOptions(options: object): Promise<{ agent?: unknown; headers?: unknown }>;
}

class ClientNodeConnection implements KubeConnection {
  readonly server: string;
  private loaded: Promise<ClientNodeConfig> | undefined;

  constructor(private readonly text: string, readonly source: string, private readonly baseDir: string, server: string) {
    this.server = server.replace(/\/+$/, '');
  }

  async requestInit(): Promise<KubeRequestInit> {
    this.loaded ??= import('@kubernetes/client-node').then(({ KubeConfig }) => {
      const kc = new KubeConfig();
      kc.loadFromString(this.text);
      kc.makePathsAbsolute(this.baseDir);
      return kc;
    });
    const init = await (await this.loaded).applyToFetchOptions({});
    // client-node hands credentials over in a Headers object (a token goes there): copy it entry by entry.
    const headers: Record<string, string> = {};
    (init.headers as { forEach?(f: (value: string, key: string) => void): void } | undefined)?.forEach?.((value, key) => { headers[key] = value; });
    return { agent: init.agent as http.Agent, headers };
  }
}

function stringField(fields: Record<string, unknown>, field: string, source: string, owner: string): string {
  const value = fields[field];
  if (typeof value !== 'string' || value === '') throw new Error(`kubeconfig ${source}: ${owner}.${field} must be a non-empty string`);
  return value;
}
