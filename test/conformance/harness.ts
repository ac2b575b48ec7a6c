/**
 * The standalone stand-in for the suite's Kubernetes cluster: a resources directory that a real
 * Pier process (with real Envoys) serves, echo pods for the manifests' Deployments, the objects
 * as "applied" (with the generation the API server would give them), and their statuses read
 * from Pier's admin API.
 */
import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deepEqual } from 'fast-equals';
import { PierProcess } from '../helpers/pier';
import { httpRequest } from '../helpers/net';
import { requireEnvoy } from '../helpers/tools';
import { caCert, caConfigMap, caSignedClientCert, caSignedServerCert, selfSignedCert, tlsSecret, type CertPair } from './certs';
import { readSuiteFile, suiteFilePath, type SuiteFiles } from './fetch';
import { GRPC_ECHO_PROTO } from './grpcecho';
import {
  adaptForStandalone, fillPlaceholders, isRecord, keyOf, objectKey, parseManifests, specPart, toYaml, workloadsOf,
  type AdaptEnv, type KubeDoc, type PodInfo, type VolumeFile, type Workload,
} from './manifests';
import type { HttpsEchoTls } from './backends/https-echo';
import { EchoPods } from './pods';
import { pollUntil, sleep, type T } from './t';

export const GATEWAY_CLASS_NAME = 'gateway-conformance';
export const CONTROLLER_NAME = 'pier.dev/gateway-controller';

export const INFRA_NAMESPACE = 'gateway-conformance-infra';
export const APP_BACKEND_NAMESPACE = 'gateway-conformance-app-backend';
export const WEB_BACKEND_NAMESPACE = 'gateway-conformance-web-backend';

/** The suite's timeouts (utils/config), shortened so that a test stays within its budget. */
export interface TimeoutConfig {
  defaultPollInterval: number;
  gatewayMustHaveAddress: number;
  gatewayMustHaveCondition: number;
  gatewayStatusMustHaveListeners: number;
  gatewayListenersMustHaveConditions: number;
  gwcMustBeAccepted: number;
  httpRouteMustNotHaveParents: number;
  httpRouteMustHaveCondition: number;
  tcpRouteMustHaveCondition: number;
  udpRouteMustHaveCondition: number;
  routeMustHaveParents: number;
  maxTimeToConsistency: number;
  namespacesMustBeReady: number;
  requestTimeout: number;
  latestObservedGenerationSet: number;
  listenerSetMustHaveCondition: number;
  listenerSetListenersMustHaveConditions: number;
  requiredConsecutiveSuccesses: number;
  /** DefaultTestTimeout: what some traffic checks (UDP probes) poll for. */
  defaultTestTimeout: number;
  /** Pause after a failed attempt in AwaitConvergence (the suite waits 1s). */
  convergenceRetryDelay: number;
  /** Whole-test budget. */
  testDeadline: number;
}

export const TIMEOUTS: TimeoutConfig = {
  defaultPollInterval: 100,
  gatewayMustHaveAddress: 15_000,
  gatewayMustHaveCondition: 15_000,
  gatewayStatusMustHaveListeners: 15_000,
  gatewayListenersMustHaveConditions: 15_000,
  gwcMustBeAccepted: 15_000,
  httpRouteMustNotHaveParents: 15_000,
  httpRouteMustHaveCondition: 15_000,
  tcpRouteMustHaveCondition: 15_000,
  udpRouteMustHaveCondition: 15_000,
  routeMustHaveParents: 15_000,
  maxTimeToConsistency: 15_000,
  namespacesMustBeReady: 20_000,
  requestTimeout: 5_000,
  latestObservedGenerationSet: 15_000,
  listenerSetMustHaveCondition: 15_000,
  listenerSetListenersMustHaveConditions: 15_000,
  requiredConsecutiveSuccesses: 3,
  defaultTestTimeout: 15_000,
  convergenceRetryDelay: 250,
  testDeadline: 30_000,
};

/** A status as the admin API's /statuses serves it. */
export interface StatusEntry {
  kind: string;
  name: string;
  namespace?: string;
  status: Record<string, unknown>;
}

export interface HarnessOptions {
  suite: SuiteFiles;
  adsMode?: 'delta' | 'sotw';
  /**
   * Added to every listener port. 0 (the default when running as root) keeps the suite's 80/443;
   * without root, Envoy cannot bind ports below 1024, so they move (e.g. 10000: 80 -> 10080).
   */
  portOffset: number;
  verbose?: boolean;
  log: (line: string) => void;
}

/** Where Pier takes addresses for Gateways that ask for one (the harness gives the others 127.10.x.y). */
export const GATEWAY_ADDRESS_POOL = '127.30.0.0/16';
/**
 * The suite's UsableNetworkAddresses and UnusableNetworkAddresses (GatewayStaticAddresses): a
 * loopback address outside the pool and the harness's own ranges, which a Gateway's Envoy can
 * bind, and one from TEST-NET-1 (RFC 5737), never an address of this host.
 */
export const USABLE_STATIC_ADDRESS = '127.31.0.7';
export const UNUSABLE_STATIC_ADDRESS = '192.0.2.7';

const BASE_FILE = 'base.yaml';
const SECRETS_FILE = 'secrets.yaml';
const TEST_FILE = 'test.yaml';

export class Harness {
  readonly timeouts = TIMEOUTS;
  readonly controllerName = CONTROLLER_NAME;
  readonly gatewayClassName = GATEWAY_CLASS_NAME;
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'pier-conformance-'));
  private readonly pods = new EchoPods('127.20', () => this.suiteFile(GRPC_ECHO_PROTO));
  private readonly gatewayAddresses = new Map<string, string>();
  /** Manifests per file, placeholders filled but not adapted: what tests patch. */
  private readonly files = new Map<string, KubeDoc[]>();
  /** What Pier reads: the adapted objects, by key. */
  private applied = new Map<string, KubeDoc>();
  private readonly generations = new Map<string, { generation: number; spec: Record<string, unknown> }>();
  /** metadata.creationTimestamp as the API server sets it (whole seconds) when an object is created. */
  private readonly created = new Map<string, string>();
  private readonly certs = new Map<string, CertPair>();
  /** The programmatic CA ConfigMaps' ca.crt, by namespace/name. */
  private readonly caCerts = new Map<string, string>();
  private pier: PierProcess | null = null;
  /** GatewayClass status.supportedFeatures, once the run has read them (readSupportedFeatures). */
  supportedFeatures: ReadonlySet<string> = new Set();

  constructor(private readonly o: HarnessOptions) {}

  private readonly env: AdaptEnv = {
    gatewayClassName: GATEWAY_CLASS_NAME,
    controllerName: CONTROLLER_NAME,
    gatewayAddress: (namespace, name) => this.gatewayAddress(namespace, name),
    listenerPort: (port) => this.listenerPort(port),
    podsMatching: (namespace, selector) => this.pods.matching(namespace, selector),
    usableAddresses: [USABLE_STATIC_ADDRESS],
    unusableAddresses: [UNUSABLE_STATIC_ADDRESS],
  };

  /** A listener port as bound (moved by the port offset). */
  listenerPort(port: number): number {
    return port + this.o.portOffset;
  }

  /** Each Gateway its own loopback address, kept for the run (a re-created Gateway gets it back). */
  gatewayAddress(namespace: string, name: string): string {
    const key = `${namespace}/${name}`;
    let address = this.gatewayAddresses.get(key);
    if (!address) {
      const n = this.gatewayAddresses.size + 1;
      address = `127.10.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      this.gatewayAddresses.set(key, address);
    }
    return address;
  }

  /** Applies the base manifests and the suite's programmatic Secrets, then starts Pier. */
  async start(): Promise<void> {
    const envoy = requireEnvoy();
    const base = parseManifests(this.fill(readSuiteFile(this.o.suite, 'base/manifests.yaml')), 'base/manifests.yaml');
    // The GatewayClass the suite runs against is the implementation's to provide.
    base.unshift({ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: GATEWAY_CLASS_NAME }, spec: { controllerName: CONTROLLER_NAME } });
    // The pods serving TLS read the programmatic Secrets and ConfigMaps: those come first.
    this.files.set(SECRETS_FILE, this.programmaticObjects());
    await this.startPods(base);
    this.files.set(BASE_FILE, base);
    this.writeAll();
    this.o.log(`# resources in ${this.dir}; envoy ${envoy}; ${this.pods.of(INFRA_NAMESPACE, 'infra-backend-v1').length} pods per backend`);
    this.pier = await PierProcess.start({
      config: {
        resources: this.dir, controllerName: CONTROLLER_NAME, envoy: 'auto', adsMode: this.o.adsMode ?? 'delta',
        gatewayAddressPool: GATEWAY_ADDRESS_POOL,
        envoyLogLevel: 'error', logLevel: this.o.verbose ? 'debug' : 'info',
      },
      env: { PATH: `${path.dirname(envoy)}${path.delimiter}${process.env.PATH ?? ''}` },
    });
  }

  async stop(): Promise<number | null> {
    const code = await this.pier?.stop();
    await this.pods.closeAll();
    rmSync(this.dir, { recursive: true, force: true });
    return code ?? null;
  }

  /**
   * The Secrets and ConfigMaps the suite creates in code (utils/suite Setup), same names, keys
   * and certificate names: self-signed server certificates, CAs (ConfigMaps with ca.crt) and
   * the server and client certificates they sign.
   */
  private programmaticObjects(): KubeDoc[] {
    const docs: KubeDoc[] = [];
    const secret = (namespace: string, name: string, cert: CertPair): void => {
      this.certs.set(`${namespace}/${name}`, cert);
      docs.push(tlsSecret(namespace, name, cert));
    };
    const ca = (namespace: string, name: string): CertPair => {
      const pair = caCert();
      this.caCerts.set(`${namespace}/${name}`, pair.certPem);
      docs.push(caConfigMap(namespace, name, pair));
      return pair;
    };
    secret(WEB_BACKEND_NAMESPACE, 'certificate', selfSignedCert(['*']));
    secret(INFRA_NAMESPACE, 'tls-validity-checks-certificate', selfSignedCert(['*', '*.org', '*.wildcard.org']));
    ca(WEB_BACKEND_NAMESPACE, 'web-backend-cm');
    // Client certificates for the frontend client certificate validation tests.
    const clientCa = ca(INFRA_NAMESPACE, 'tls-validity-checks-ca-certificate');
    secret(INFRA_NAMESPACE, 'tls-validity-checks-client-certificate', caSignedClientCert(clientCa));
    const perPortCa = ca(INFRA_NAMESPACE, 'tls-validity-checks-per-port-ca-certificate');
    secret(INFRA_NAMESPACE, 'tls-validity-checks-per-port-client-certificate', caSignedClientCert(perPortCa));
    // The tls-backend pods' serving certificate, and the Gateways' backend client certificate.
    const checksCa = ca(INFRA_NAMESPACE, 'tls-checks-ca-certificate');
    secret(INFRA_NAMESPACE, 'tls-checks-certificate', caSignedServerCert(['abc.example.com', 'spiffe://abc.example.com/test-identity', 'other.example.com'], checksCa));
    secret(INFRA_NAMESPACE, 'tls-checks-client-certificate', caSignedClientCert(checksCa));
    secret(INFRA_NAMESPACE, 'tls-passthrough-checks-certificate', caSignedServerCert(['abc.example.com'], checksCa));
    secret(APP_BACKEND_NAMESPACE, 'tls-passthrough-checks-certificate', caSignedServerCert(['abc.example.com'], checksCa));
    secret(INFRA_NAMESPACE, 'tls-terminate-checks-certificate', caSignedServerCert(['tls.example.com'], checksCa));
    // An unrelated CA, so that validation against it fails (BackendTLSPolicy).
    ca(INFRA_NAMESPACE, 'mismatch-ca-certificate');
    return docs;
  }

  /** Where a cached file of the suite is, by its path in the module (e.g. echo-basic's proto). */
  suiteFile(rel: string): string {
    return suiteFilePath(this.o.suite, rel);
  }

  /** data["ca.crt"] of a programmatic CA ConfigMap (kubernetes.GetConfigMapData). */
  caCertificate(namespace: string, name: string): string {
    const pem = this.caCerts.get(`${namespace}/${name}`);
    if (!pem) throw new Error(`no CA ConfigMap ${namespace}/${name}`);
    return pem;
  }

  /** The server certificate PEM of a programmatic TLS Secret (kubernetes.GetTLSSecret's cert). */
  tlsSecretCert(namespace: string, name: string): string {
    return this.tlsSecret(namespace, name).certPem;
  }

  /** A programmatic TLS Secret's certificate and key (kubernetes.GetTLSSecret). */
  tlsSecret(namespace: string, name: string): CertPair {
    const pair = this.certs.get(`${namespace}/${name}`);
    if (!pair) throw new Error(`no TLS secret ${namespace}/${name}`);
    return pair;
  }

  private fill(text: string): string {
    return fillPlaceholders(text, GATEWAY_CLASS_NAME, CONTROLLER_NAME);
  }

  private async startPods(docs: readonly KubeDoc[]): Promise<void> {
    for (const w of workloadsOf(docs)) await this.pods.ensure(w, this.podTls(w, docs));
  }

  /** The files of a workload's TLS env, from the Secrets and ConfigMaps applied or about to be (a pod without them serves no HTTPS). */
  private podTls(w: Workload, docs: readonly KubeDoc[]): HttpsEchoTls | undefined {
    if (!w.tls) return undefined;
    const read = (f: VolumeFile): string | undefined => {
      const key = objectKey(f.kind, w.namespace, f.name);
      const doc = docs.find((d) => keyOf(d) === key) ?? [...this.files.values()].flat().find((d) => keyOf(d) === key);
      const value = doc && isRecord(doc.data) ? doc.data[f.key] : undefined;
      if (typeof value !== 'string') return undefined;
      return f.kind === 'Secret' ? Buffer.from(value, 'base64').toString('utf8') : value;
    };
    const certPem = read(w.tls.cert);
    const keyPem = read(w.tls.key);
    const clientCaPem = w.tls.clientCa ? read(w.tls.clientCa) : undefined;
    if (!certPem || !keyPem) {
      this.o.log(`# ${w.namespace}/${w.name}: no ${w.tls.cert.kind} ${w.tls.cert.name} for its TLS env; its pods serve no HTTPS`);
      return undefined;
    }
    return { certPem, keyPem, ...(clientCaPem ? { clientCaPem } : {}) };
  }

  /** Pods of a Deployment (for tests that point EndpointSlices at them). */
  podsOf(namespace: string, deployment: string): PodInfo[] {
    return this.pods.of(namespace, deployment);
  }

  /** kubernetes.DumpEchoLogs: log lines since `since` (ms epoch) of the pods labelled app=<name>. */
  echoLogs(namespace: string, name: string, since: number): string[] {
    return this.pods.logs(namespace, name, since);
  }

  /** Requests the echo pods answered so far (a sanity figure for the run's summary). */
  requestsServed(): number {
    return this.pods.requestsServed();
  }

  /** Whether any pod runs in the namespace (NamespacesMustBeReady wants some). */
  hasPods(namespace: string): boolean {
    return this.pods.matching(namespace, {}).length > 0;
  }

  // ------------------------------------------------------------------ objects

  /** Applies a test's manifests ("tests/x.yaml", ...), as the suite does before the test body. */
  async applyTestManifests(manifests: readonly string[]): Promise<void> {
    const docs = manifests.flatMap((m) => parseManifests(this.fill(readSuiteFile(this.o.suite, m)), m));
    await this.startPods(docs);
    this.files.set(TEST_FILE, docs);
    this.writeAll();
  }

  /** Deletes what the test applied and waits (bounded) until Pier has let go of it. */
  async deleteTestManifests(): Promise<string | null> {
    const docs = this.files.get(TEST_FILE) ?? [];
    this.files.delete(TEST_FILE);
    this.writeAll();
    const withStatus = new Set(['Gateway', 'GatewayClass', 'BackendTLSPolicy', ...ROUTE_KINDS]);
    const gone = docs.filter((d) => withStatus.has(d.kind)).map((d) => statusKeyOf(d.kind, d.metadata.namespace, d.metadata.name));
    const gateways = docs.filter((d) => d.kind === 'Gateway').map((d) => `${d.metadata.namespace ?? 'default'}/${d.metadata.name}`);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      try {
        const statuses = await this.statuses();
        const infra = await this.admin<{ gateway: string }[]>('/infra');
        const left = gone.filter((k) => statuses.has(k));
        const proxies = infra.filter((p) => gateways.includes(p.gateway)).map((p) => p.gateway);
        if (left.length === 0 && proxies.length === 0) return null;
        if (Date.now() + 200 >= deadline) return `after deleting the test's objects, still there: ${[...left, ...proxies.map((p) => `Envoy for ${p}`)].join(', ')}`;
      } catch { /* Pier busy: try again */ }
      await sleep(200);
    }
    return 'cleanup did not finish in 15s';
  }

  /** Applies objects a test makes in code (Applier.MustApplyObjectsWithCleanup): deleted with its manifests. */
  applyObjects(docs: readonly KubeDoc[]): void {
    const keys = new Set(docs.map(keyOf));
    this.files.set(TEST_FILE, [...(this.files.get(TEST_FILE) ?? []).filter((d) => !keys.has(keyOf(d))), ...structuredClone(docs)]);
    this.writeAll();
  }

  /** The object as applied (adapted), or undefined: what client.Get returns. */
  get(kind: string, namespace: string | undefined, name: string): KubeDoc | undefined {
    const doc = this.applied.get(objectKey(kind, namespace, name));
    return doc ? structuredClone(doc) : undefined;
  }

  /** metadata.generation as the API server would count it: 1 on create, +1 per spec change. */
  generation(kind: string, namespace: string | undefined, name: string): number | undefined {
    return this.generations.get(objectKey(kind, namespace, name))?.generation;
  }

  /** All applied objects of a kind in a namespace. */
  list(kind: string, namespace?: string): KubeDoc[] {
    return [...this.applied.values()].filter((d) => d.kind === kind && (namespace === undefined || d.metadata.namespace === namespace)).map((d) => structuredClone(d));
  }

  /** Changes an applied object (client.Patch): mutate gets the object as the manifests define it. */
  patch(kind: string, namespace: string | undefined, name: string, mutate: (doc: KubeDoc) => void): void {
    const key = objectKey(kind, namespace, name);
    for (const docs of this.files.values()) {
      const doc = docs.find((d) => keyOf(d) === key);
      if (!doc) continue;
      mutate(doc);
      this.writeAll();
      return;
    }
    throw new Error(`cannot patch ${key}: not applied`);
  }

  /** Deletes an applied object (client.Delete). */
  delete(kind: string, namespace: string | undefined, name: string): void {
    const key = objectKey(kind, namespace, name);
    for (const [file, docs] of this.files) {
      const i = docs.findIndex((d) => keyOf(d) === key);
      if (i < 0) continue;
      this.files.set(file, docs.filter((_, j) => j !== i));
      this.writeAll();
      return;
    }
    throw new Error(`cannot delete ${key}: not applied`);
  }

  /** Adapts every file, counts generations, and writes what changed (atomically, as kubectl-like tools do). */
  private writeAll(): void {
    const applied = new Map<string, KubeDoc>();
    for (const [file, docs] of this.files) {
      const adapted = adaptForStandalone(docs, this.env);
      for (const d of adapted) {
        const key = keyOf(d);
        let created = this.created.get(key);
        if (!created) {
          created = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
          this.created.set(key, created);
        }
        d.metadata.creationTimestamp ??= created;
        applied.set(key, d);
      }
      const target = path.join(this.dir, file);
      const tmp = `${target}.tmp`;
      writeFileSync(tmp, toYaml(adapted));
      renameSync(tmp, target);
    }
    for (const file of [BASE_FILE, SECRETS_FILE, TEST_FILE]) {
      if (!this.files.has(file)) try { unlinkSync(path.join(this.dir, file)); } catch { /* not there */ }
    }
    for (const key of [...this.generations.keys()]) if (!applied.has(key)) this.generations.delete(key);
    for (const key of [...this.created.keys()]) if (!applied.has(key)) this.created.delete(key);
    for (const [key, doc] of applied) {
      const s = specPart(doc);
      const seen = this.generations.get(key);
      if (!seen) this.generations.set(key, { generation: 1, spec: structuredClone(s) });
      else if (!deepEqual(seen.spec, s)) this.generations.set(key, { generation: seen.generation + 1, spec: structuredClone(s) });
    }
    this.applied = applied;
  }

  // ------------------------------------------------------------------ Pier

  private get process(): PierProcess {
    if (!this.pier) throw new Error('pier is not running');
    return this.pier;
  }

  async admin<V>(pathname: string): Promise<V> {
    const r = await httpRequest(`http://127.0.0.1:${this.process.adminPort}${pathname}`, { timeoutMs: 5000 });
    if (r.status !== 200) throw new Error(`admin ${pathname}: ${r.status} ${r.body}`);
    return JSON.parse(r.body) as V;
  }

  /** Every status Pier computed, by statusKeyOf(kind, namespace, name). */
  async statuses(): Promise<Map<string, StatusEntry>> {
    const list = await this.admin<StatusEntry[]>('/statuses');
    return new Map(list.map((s) => [statusKeyOf(s.kind, s.namespace, s.name), s]));
  }

  /** The status of one object ({} when Pier has none for it, as for a fresh object). */
  async status(kind: string, namespace: string | undefined, name: string): Promise<Record<string, unknown>> {
    return (await this.statuses()).get(statusKeyOf(kind, namespace, name))?.status ?? {};
  }

  /** Reads the GatewayClass's status.supportedFeatures (suite.SupportedFeatures, as the suite infers them) into supportedFeatures. */
  async readSupportedFeatures(): Promise<ReadonlySet<string>> {
    const status = await this.status('GatewayClass', undefined, GATEWAY_CLASS_NAME);
    const list = Array.isArray(status.supportedFeatures) ? status.supportedFeatures : [];
    this.supportedFeatures = new Set(list.map((f) => (typeof f === 'object' && f !== null && 'name' in f ? String((f as { name: unknown }).name) : String(f))));
    return this.supportedFeatures;
  }

  /** Provider errors (files Pier could not read); the manifests should never cause any. */
  async providerErrors(): Promise<{ source: string; line?: number; object?: string; message: string }[]> {
    return this.admin('/errors');
  }

  /** Soft wait after an apply: until Pier reports a status for each Gateway and route applied. */
  async waitForStatusesOf(manifests: readonly string[], t: T): Promise<void> {
    const docs = manifests.flatMap((m) => parseManifests(this.fill(readSuiteFile(this.o.suite, m)), m));
    const keys = docs.filter((d) => d.kind === 'Gateway' || ROUTE_KINDS.includes(d.kind)).map((d) => statusKeyOf(d.kind, d.metadata.namespace, d.metadata.name));
    await pollUntil(t, 100, 5000, async () => {
      const statuses = await this.statuses().catch(() => new Map<string, StatusEntry>());
      return keys.every((k) => statuses.has(k));
    });
  }

  /**
   * Not in the suite: waits (at most 3s, never failing) until the Gateway's Envoy has ACKed all
   * Pier sent it and nothing new was sent for a moment. Pier computes statuses and Envoy config
   * within milliseconds of each other, so without this a check that expects a 404 could pass
   * against the configuration from before the test's routes arrived.
   */
  async waitForDataPlane(namespace: string, name: string, t: T): Promise<void> {
    type Proxy = { cluster: string; types: { typeUrl: string; sentVersion?: string; awaitingAck: boolean }[] };
    let previous = '';
    await pollUntil(t, 100, 3000, async () => {
      const proxies = (await this.admin<Proxy[]>('/proxies').catch(() => [] as Proxy[])).filter((p) => p.cluster === `${namespace}/${name}`);
      if (proxies.length === 0) return false;
      if (proxies.some((p) => p.types.some((ty) => ty.awaitingAck))) {
        previous = '';
        return false;
      }
      const sent = JSON.stringify(proxies.map((p) => p.types.map((ty) => ty.sentVersion)));
      const stable = sent === previous;
      previous = sent;
      return stable;
    });
  }

  /** Pier's recent warnings and errors, for failure reports. */
  recentProblems(sinceIndex: number): string[] {
    return this.process.logs.slice(sinceIndex).filter((l) => l.level >= 40).map((l) => `${l.component ?? ''} ${l.msg}`.trim());
  }

  get logCount(): number {
    return this.process.logs.length;
  }
}

/** Route kinds of the replayed tests whose statuses the harness waits for (after apply, on delete). */
const ROUTE_KINDS: readonly string[] = ['HTTPRoute', 'GRPCRoute', 'TLSRoute', 'TCPRoute', 'UDPRoute'];

export function statusKeyOf(kind: string, namespace: string | undefined, name: string): string {
  return namespace ? `${kind}/${namespace}/${name}` : `${kind}/${name}`;
}

export const INFRA_BACKEND_V1 = 'infra-backend-v1';
export const INFRA_BACKEND_V2 = 'infra-backend-v2';
export const INFRA_BACKEND_V3 = 'infra-backend-v3';
/** The route name the suite's InfrastructureGatewayName constant gives. */
export const INFRASTRUCTURE_GATEWAY_NAME = 'gateway-conformance-infra-test';
export const GRPC_INFRA_BACKEND_V1 = 'grpc-infra-backend-v1';
export const GRPC_INFRA_BACKEND_V2 = 'grpc-infra-backend-v2';
export const GRPC_INFRA_BACKEND_V3 = 'grpc-infra-backend-v3';
