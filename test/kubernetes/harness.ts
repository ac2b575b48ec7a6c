/**
 * A real Kubernetes control plane for tests, on loopback: etcd, kube-apiserver and
 * kube-controller-manager, built from the Go module proxy by scripts/k8s/build-control-plane.mjs
 * (pinned, cached under ~/.cache/pier/k8s). Everything it makes (credentials, kubeconfigs, etcd
 * data, logs) is in one temp dir that stop() removes; the processes die with the test process.
 *
 *   const cp = await startControlPlane();          // etcd + API server + controller manager, Gateway API CRDs
 *   cp.api.create('/api/v1/namespaces', {...});     // the tests' own client
 *   cp.kubeConfig();                                // a KubeConnection for the code under test
 *   await cp.restartApiServerAndEtcd();             // same data dir
 *   await cp.compactEtcd();                         // old resourceVersions are gone: 410 from here
 *   await cp.stop();
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as https from 'node:https';
import * as path from 'node:path';
import { kubeConnectionFromYaml, type KubeConnection } from '../../src/kubeclient/config';
import { GATEWAY_API_BUNDLE_VERSION } from '../../src/provider/crd/load';
import { parse as parseYaml } from 'yaml';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { repoRoot } from '../helpers/paths';
import { ApiRequestError, TestApiClient } from './api';
import { clientCertificate, kubeconfig, makePki, type ControlPlanePki } from './pki';
import { ManagedProcess } from './process';
import { onTermination, ownedTempPrefix, removeDeadOwnersTempDirs } from './teardown';

/** A Gateway API release channel: which CRDs (crds/gateway-api-<version>/<channel>/) a control plane gets. */
export type GatewayApiChannel = 'standard' | 'experimental';

/**
 * The Gateway API releases whose CRDs are vendored (crds/): the one Pier validates against, and
 * v1.6.3 for clusters still on v1.6 (Pier must work with either installed).
 */
export type GatewayApiVersion = typeof GATEWAY_API_BUNDLE_VERSION | 'v1.6.3';

export function gatewayApiCrdsDir(channel: GatewayApiChannel = 'standard', version: GatewayApiVersion = GATEWAY_API_BUNDLE_VERSION): string {
  return path.join('crds', `gateway-api-${version}`, channel);
}

export const GATEWAY_API_CRDS_DIR = gatewayApiCrdsDir('standard');
const BUILD_SCRIPT = path.join('scripts', 'k8s', 'build-control-plane.mjs');

export interface ControlPlaneOptions {
  /**
   * Resources (lowercase plural, ".group" unless core) the API server serves without its watch
   * cache: their watches read etcd directly, so a compacted etcd answers a watch from an old
   * resourceVersion with 410, as a cluster whose cache lost that history does.
   */
  watchCacheDisabled?: string[];
  /** Start kube-controller-manager. Default true. */
  controllerManager?: boolean;
  /** Install the Gateway API CRDs from crds/. Default true. */
  gatewayApiCrds?: boolean;
  /** With them, Pier's own CRDs from crds/pier/ (as its deployment installs them). Default true. */
  pierCrds?: boolean;
  /** Which channel's CRDs. Default standard (the experimental channel serves more fields, e.g. HTTPRoute retry, and more versions). */
  gatewayApiChannel?: GatewayApiChannel;
  /** Which release's CRDs. Default the one Pier validates against (GATEWAY_API_BUNDLE_VERSION). */
  gatewayApiVersion?: GatewayApiVersion;
  /** More IP addresses the API server's certificate names: where pods reach it (a node agent's address). */
  apiServerAddresses?: string[];
  /** The API server's --service-cluster-ip-range (the ServiceCIDR ClusterIPs come from). Default 10.96.0.0/16. */
  serviceClusterIPRange?: string;
  /** Readiness deadline per component. Default 90 s (two shared cores, cold page cache). */
  readyTimeoutMs?: number;
  /**
   * Serve certificates.k8s.io/v1beta1 ClusterTrustBundles: off by default in Kubernetes 1.34 (a
   * beta API behind the ClusterTrustBundle feature gate), on with the gate and runtime-config.
   */
  clusterTrustBundles?: boolean;
}

/** Milliseconds each start-up step took. */
export interface StartTimings {
  credentials: number;
  etcd: number;
  apiServer: number;
  crds: number;
  controllerManager: number;
  total: number;
}

export interface ControlPlane {
  readonly dir: string;
  /** https://127.0.0.1:<port> */
  readonly server: string;
  /** Admin kubeconfig (system:masters). */
  readonly kubeconfigFile: string;
  readonly pki: ControlPlanePki;
  readonly api: TestApiClient;
  readonly timings: StartTimings;
  readonly etcdUrl: string;
  /** A connection with admin credentials; server overrides the address (e.g. a proxy in front). */
  kubeConfig(server?: string): KubeConnection;
  /** A connection for a user of its own (a client certificate: CN user, O groups). */
  userKubeConfig(user: string, groups?: string[]): Promise<KubeConnection>;
  stopApiServer(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  startApiServer(): Promise<void>;
  stopEtcd(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  startEtcd(): Promise<void>;
  /** Stops the API server and etcd, starts them again on the same ports and data; resolves when ready. */
  restartApiServerAndEtcd(): Promise<void>;
  /** etcd's current revision. */
  etcdRevision(): Promise<number>;
  /** Compacts etcd up to its current revision (returned): every older version is gone. */
  compactEtcd(): Promise<number>;
  /** The running processes' ids, by name. */
  pids(): Record<string, number>;
  /** Stops everything and removes the temp dir; safe to call twice. */
  stop(): Promise<void>;
}

/** The directory with etcd, kube-apiserver and kube-controller-manager; a clear error when they are not built. */
export function controlPlaneBinDir(): string {
  const fromEnv = process.env.PIER_K8S_BIN_DIR;
  const dir = fromEnv || execFileSync(process.execPath, [path.join(repoRoot(), BUILD_SCRIPT), '--print-bin-dir'], { encoding: 'utf8' }).trim();
  const missing = ['etcd', 'kube-apiserver', 'kube-controller-manager'].filter((b) => !existsSync(path.join(dir, b)));
  if (missing.length > 0) {
    throw new Error(`the Kubernetes control plane is not built: ${missing.join(', ')} missing in ${dir}. ` +
      `Build it with \`node ${BUILD_SCRIPT}\` (from the Go module proxy; the first build takes several minutes), ` +
      'or run the tests through `node scripts/run-tests.mjs kubernetes`, which builds it first.');
  }
  return dir;
}

const since = (t0: number): number => Date.now() - t0;
/** The control plane's files: `pier-k8s-<pid>-XXXXXX` in the temp dir (see teardown.ts). */
const TEMP_PREFIX = 'pier-k8s-';
/**
 * SIGTERM, then SIGKILL after this long: with CRDs installed, kube-apiserver 1.34 has not
 * finished its graceful shutdown after 10 s (its etcd clients for the CRDs keep redialling).
 */
const API_SERVER_GRACE_MS = 2_000;

export async function startControlPlane(options: ControlPlaneOptions = {}): Promise<ControlPlane> {
  const binDir = controlPlaneBinDir();
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const t0 = Date.now();
  removeDeadOwnersTempDirs(TEMP_PREFIX);
  const dir = mkdtempSync(ownedTempPrefix(TEMP_PREFIX));
  // Stopped by a signal, the processes die with this one (setpriv --pdeathsig); the files go here.
  const unregisterTeardown = onTermination(() => rmSync(dir, { recursive: true, force: true }));
  const processes: ManagedProcess[] = [];
  let api: TestApiClient | undefined;
  const cleanup = async (): Promise<void> => {
    unregisterTeardown();
    api?.close();
    // etcd last: the others would only log errors while it stops.
    await Promise.all(processes.filter((p) => p.name !== 'etcd').map((p) => p.stop(API_SERVER_GRACE_MS)));
    await Promise.all(processes.map((p) => p.stop(API_SERVER_GRACE_MS)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [etcdClientPort, etcdPeerPort, apiPort, kcmPort] = await distinctFreePorts(4);
    const etcdUrl = `http://127.0.0.1:${etcdClientPort}`;
    const server = `https://127.0.0.1:${apiPort}`;

    const etcd = new ManagedProcess('etcd', path.join(binDir, 'etcd'), [
      '--name=pier-test', `--data-dir=${path.join(dir, 'etcd')}`,
      `--listen-client-urls=${etcdUrl}`, `--advertise-client-urls=${etcdUrl}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`, `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-cluster=pier-test=http://127.0.0.1:${etcdPeerPort}`,
      // Test data: durability across power loss is not needed, speed is.
      '--unsafe-no-fsync', '--log-level=warn',
    ], path.join(dir, 'etcd.log'));
    processes.push(etcd);
    const startEtcd = async (): Promise<void> => {
      etcd.start();
      await waitReady(etcd, 'etcd /health', readyTimeoutMs, async () => {
        const res = await httpRequest(`${etcdUrl}/health`, { timeoutMs: 1000 });
        return res.status === 200 && JSON.parse(res.body).health === 'true' ? true : undefined;
      });
    };

    const tEtcd = Date.now();
    const etcdReady = startEtcd().then(() => since(tEtcd));
    const tPki = Date.now();
    const pki = await makePki(dir, options.apiServerAddresses);
    const credentials = since(tPki);
    const kubeconfigFile = path.join(dir, 'admin.kubeconfig');
    writeFileSync(kubeconfigFile, kubeconfig(server, pki, pki.admin, 'admin'));
    const kcmKubeconfig = path.join(dir, 'controller-manager.kubeconfig');
    writeFileSync(kcmKubeconfig, kubeconfig(server, pki, pki.controllerManager, 'system:kube-controller-manager'));
    api = new TestApiClient(server, pki);
    const client = api;

    const apiServer = new ManagedProcess('kube-apiserver', path.join(binDir, 'kube-apiserver'), [
      `--etcd-servers=${etcdUrl}`,
      '--bind-address=127.0.0.1', `--secure-port=${apiPort}`, '--advertise-address=127.0.0.1',
      `--tls-cert-file=${pki.apiServer.certFile}`, `--tls-private-key-file=${pki.apiServer.keyFile}`,
      `--client-ca-file=${pki.ca.certFile}`,
      '--authorization-mode=Node,RBAC',
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--service-account-key-file=${pki.serviceAccountPublicKeyFile}`,
      `--service-account-signing-key-file=${pki.serviceAccountKeyFile}`,
      `--service-cluster-ip-range=${options.serviceClusterIPRange ?? '10.96.0.0/16'}`,
      // The API server refuses loopback addresses in Endpoints: keep it from publishing its own.
      '--endpoint-reconciler-type=none',
      ...(options.clusterTrustBundles ? ['--feature-gates=ClusterTrustBundle=true', '--runtime-config=certificates.k8s.io/v1beta1/clustertrustbundles=true'] : []),
      ...(options.watchCacheDisabled?.length ? [`--watch-cache-sizes=${options.watchCacheDisabled.map((r) => `${r}#0`).join(',')}`] : []),
      `--cert-dir=${path.join(dir, 'apiserver-certs')}`,
      '--profiling=false', '--v=0',
    ], path.join(dir, 'kube-apiserver.log'));
    processes.push(apiServer);
    const apiServerReady = (): Promise<void> => waitReady(apiServer, 'kube-apiserver /readyz', readyTimeoutMs, async () => {
      const body = await client.request<string>('GET', '/readyz', { timeoutMs: 2000 });
      return body === 'ok' ? true : undefined;
    });
    const startApiServer = async (): Promise<void> => {
      apiServer.start();
      await apiServerReady();
    };

    const etcdMs = await etcdReady;
    const tApi = Date.now();
    await startApiServer();
    const apiServerMs = since(tApi);
    // After /readyz: started sooner, the controller manager exits on RBAC the API server has not bootstrapped yet.
    const kcm = options.controllerManager === false ? undefined : new ManagedProcess('kube-controller-manager', path.join(binDir, 'kube-controller-manager'), [
      `--kubeconfig=${kcmKubeconfig}`, `--authentication-kubeconfig=${kcmKubeconfig}`, `--authorization-kubeconfig=${kcmKubeconfig}`,
      '--bind-address=127.0.0.1', `--secure-port=${kcmPort}`, `--cert-dir=${path.join(dir, 'controller-manager-certs')}`,
      `--service-account-private-key-file=${pki.serviceAccountKeyFile}`, `--root-ca-file=${pki.ca.certFile}`,
      '--use-service-account-credentials=true',
      // Every default controller: EndpointSlices, Deployments/ReplicaSets, namespace deletion, garbage collection...
      '--controllers=*',
      '--leader-elect=false', '--profiling=false', '--v=0',
    ], path.join(dir, 'kube-controller-manager.log'));
    const tKcm = Date.now();
    if (kcm) {
      processes.push(kcm);
      kcm.start();
    }

    const tCrds = Date.now();
    const crdsReady = options.gatewayApiCrds === false ? Promise.resolve(0) : Promise.all([
      installGatewayApiCrds(client, readyTimeoutMs, options.gatewayApiChannel, options.gatewayApiVersion),
      options.pierCrds === false ? Promise.resolve([]) : installCrds(client, path.join(repoRoot(), PIER_CRDS_DIR), readyTimeoutMs),
    ]).then(() => since(tCrds));
    const kcmReady = kcm ? waitReady(kcm, 'kube-controller-manager /healthz', readyTimeoutMs, async () => {
      const res = await insecureHealthz(kcmPort);
      return res ? true : undefined;
    }).then(() => since(tKcm)) : Promise.resolve(0);
    const [crdsMs, kcmMs] = await Promise.all([crdsReady, kcmReady]);

    const timings: StartTimings = { credentials, etcd: etcdMs, apiServer: apiServerMs, crds: crdsMs, controllerManager: kcmMs, total: since(t0) };
    let stopped = false;
    const admin = readFileSync(kubeconfigFile, 'utf8');
    const etcdPost = async <T>(p: string, body: unknown): Promise<T> => {
      const res = await httpRequest(`${etcdUrl}${p}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, timeoutMs: 5000 });
      if (res.status !== 200) throw new Error(`etcd ${p}: ${res.status} ${res.body}`);
      return JSON.parse(res.body) as T;
    };
    const etcdRevision = async (): Promise<number> => {
      // A range over one (absent) key still reports the store's revision in its header.
      const res = await etcdPost<{ header: { revision: string } }>('/v3/kv/range', { key: Buffer.from('\0').toString('base64') });
      return Number(res.header.revision);
    };
    return {
      dir, server, kubeconfigFile, pki, api: client, timings, etcdUrl,
      kubeConfig(serverOverride?: string): KubeConnection {
        return kubeConnectionFromYaml(serverOverride ? admin.replace(server, serverOverride) : admin, kubeconfigFile, dir);
      },
      async userKubeConfig(user: string, groups: string[] = []): Promise<KubeConnection> {
        return kubeConnectionFromYaml(kubeconfig(server, pki, await clientCertificate(dir, pki.ca, user, groups), user), `${user}'s kubeconfig`, dir);
      },
      stopApiServer: (signal = 'SIGTERM') => apiServer.stop(signal === 'SIGKILL' ? 0 : API_SERVER_GRACE_MS),
      startApiServer,
      stopEtcd: (signal = 'SIGTERM') => (signal === 'SIGKILL' ? etcd.stop(0) : etcd.stop()),
      startEtcd,
      async restartApiServerAndEtcd(): Promise<void> {
        await apiServer.stop(API_SERVER_GRACE_MS);
        await etcd.stop();
        await startEtcd();
        await startApiServer();
      },
      etcdRevision,
      pids: () => Object.fromEntries(processes.filter((p) => p.pid !== undefined).map((p) => [p.name, p.pid as number])),
      async compactEtcd(): Promise<number> {
        const revision = await etcdRevision();
        await etcdPost('/v3/kv/compaction', { revision: String(revision), physical: true });
        return revision;
      },
      async stop(): Promise<void> {
        if (stopped) return;
        stopped = true;
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Polls ready until it answers; fails at once, with the log's tail, if the process exits. */
async function waitReady(proc: ManagedProcess, what: string, timeoutMs: number, ready: () => Promise<true | undefined>): Promise<void> {
  try {
    await waitFor(what, async () => {
      if (!proc.running) throw new ProcessExited(`${proc.name} ${proc.describeExit()}`);
      return ready();
    }, { timeoutMs, intervalMs: 100, stopOn: (err) => err instanceof ProcessExited });
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- last lines of ${proc.logFile}:\n${proc.tail()}`);
  }
}

class ProcessExited extends Error {}

async function distinctFreePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let attempt = 0; ports.size < n; attempt++) {
    if (attempt >= 100) throw new Error(`could not find ${n} distinct free ports in 100 attempts`);
    ports.add(await freePort());
  }
  return [...ports];
}

/** The controller manager serves /healthz with a self-signed certificate; any 200 will do. */
function insecureHealthz(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const req = https.request({ host: '127.0.0.1', port, path: '/healthz', rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

interface Crd {
  metadata: { name: string };
  status?: { conditions?: { type: string; status: string }[] };
}

/** Creates the pinned CRDs of a channel and waits until every one is Established. */
export async function installGatewayApiCrds(api: TestApiClient, timeoutMs: number, channel: GatewayApiChannel = 'standard', version?: GatewayApiVersion): Promise<string[]> {
  return installCrds(api, path.join(repoRoot(), gatewayApiCrdsDir(channel, version)), timeoutMs);
}

/** Pier's own CRDs (crds/pier/), which its deployment installs beside the Gateway API's. */
export const PIER_CRDS_DIR = path.join('crds', 'pier');

/** Creates the CRDs of a directory and waits until every one is Established. */
export async function installCrds(api: TestApiClient, dir: string, timeoutMs: number): Promise<string[]> {
  return installCrdFiles(api, readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => path.join(dir, f)), timeoutMs, dir);
}

/** Creates the CRDs of these files (one each) and waits until every one is Established. */
export async function installCrdFiles(api: TestApiClient, files: readonly string[], timeoutMs: number, what = files.join(', ')): Promise<string[]> {
  const crds = files.map((f) => parseYaml(readFileSync(f, 'utf8')) as Crd);
  const collection = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  await Promise.all(crds.map(async (crd) => {
    try {
      await api.create(collection, crd);
    } catch (err) {
      if (!(err instanceof ApiRequestError && err.status === 409)) throw err;
    }
  }));
  await waitFor(`the CRDs of ${what} to be Established`, async () => {
    const list = await api.get<{ items: Crd[] }>(collection);
    const established = new Set(list.items.filter((c) => c.status?.conditions?.some((k) => k.type === 'Established' && k.status === 'True')).map((c) => c.metadata.name));
    return crds.every((c) => established.has(c.metadata.name)) ? true : undefined;
  }, { timeoutMs, intervalMs: 100 });
  return crds.map((c) => c.metadata.name);
}
