/**
 * The suite's manifests as plain objects, and their standalone adaptation: what a Kubernetes
 * cluster and the suite's applier would do to them, done in code so the upstream files are used
 * unchanged. Pure: the workloads (echo pods) and addresses come in through AdaptEnv.
 */
import { parseAllDocuments, stringify } from 'yaml';
import { kindInfo } from '../../src/provider/file/kinds';

export interface KubeMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [field: string]: unknown;
}

/** One manifest document; spec and the rest stay loosely typed, as the applier treats them. */
export interface KubeDoc {
  apiVersion: string;
  kind: string;
  metadata: KubeMeta;
  [field: string]: unknown;
}

/** A running echo pod standing in for one replica of a Deployment. */
export interface PodInfo {
  name: string;
  namespace: string;
  /** Its own loopback address, as a pod has its own IP. */
  ip: string;
  labels: Record<string, string>;
  /** The port echo-basic listens on (HTTP_PORT, or TCP_PORT for its TCP server; 3000 by default). */
  httpPort: number;
}

/** Placeholders of the suite's manifests, filled by its applier. */
export const GATEWAY_CLASS_PLACEHOLDER = '{GATEWAY_CLASS_NAME}';
export const CONTROLLER_PLACEHOLDER = '{GATEWAY_CONTROLLER_NAME}';

export interface AdaptEnv {
  gatewayClassName: string;
  controllerName: string;
  /** The loopback address a Gateway binds (its own per Gateway). */
  gatewayAddress(namespace: string, name: string): string;
  /** Listener port as bound (the identity unless ports must be moved above 1024). */
  listenerPort(port: number): number;
  /** Running pods of a namespace whose labels match an equality selector. */
  podsMatching(namespace: string, selector: Record<string, string>): PodInfo[];
  /** The suite's UsableNetworkAddresses / UnusableNetworkAddresses (its -usable-address / -unusable-address flags). */
  usableAddresses: readonly string[];
  unusableAddresses: readonly string[];
}

export function parseManifests(text: string, source: string): KubeDoc[] {
  const docs: KubeDoc[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors[0].message}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isRecord(value) || typeof value.kind !== 'string' || !isRecord(value.metadata)) {
      throw new Error(`${source}: a document without kind or metadata`);
    }
    docs.push(value as KubeDoc);
  }
  return docs;
}

export function toYaml(docs: readonly KubeDoc[]): string {
  return docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function spec(doc: KubeDoc): Record<string, unknown> {
  if (!isRecord(doc.spec)) doc.spec = {};
  return doc.spec as Record<string, unknown>;
}

/** "Kind/namespace/name", the identity of an object. */
export function objectKey(kind: string, namespace: string | undefined, name: string): string {
  return `${kind}/${namespace ?? ''}/${name}`;
}

export function keyOf(doc: KubeDoc): string {
  return objectKey(doc.kind, doc.metadata.namespace, doc.metadata.name);
}

/** Everything but type, metadata and status: what a change of bumps metadata.generation. */
export function specPart(doc: KubeDoc): Record<string, unknown> {
  const { apiVersion: _a, kind: _k, metadata: _m, status: _s, ...rest } = doc;
  return rest;
}

/** Deployments of the manifests: the workloads that need echo pods. */
export interface Workload {
  namespace: string;
  name: string;
  replicas: number;
  podLabels: Record<string, string>;
  /** HTTP_PORT of the echo container, else echo-basic's default 3000. */
  httpPort: number;
  /** The pod template's first container: its env decides which servers the pods run (pods.ts). */
  container: ContainerSpec;
  /** TLS serving as echo-basic's env asks for it: absent when the container has no certificate. */
  tls?: WorkloadTls;
}

/** What a pod's servers read from their container: its env. */
export interface ContainerSpec {
  /** Literal values, or fieldRef paths (metadata.name, metadata.namespace) each pod resolves. */
  env: { name: string; value?: string; fieldPath?: string }[];
}

/** A file of a pod's volume: a key of the Secret or ConfigMap the volume projects. */
export interface VolumeFile {
  kind: 'Secret' | 'ConfigMap';
  name: string;
  key: string;
}

/** echo-basic's TLS env: where its serving certificate, key and (optional) client CAs come from. */
export interface WorkloadTls {
  /** HTTPS_PORT of the HTTP server, TLS_PORT of the TCP echo server (both 8443 by default). */
  port: number;
  cert: VolumeFile;
  key: VolumeFile;
  /** TLS_CLIENT_CACERTS (HTTP server): client certificates, when given, must be signed by these. */
  clientCa?: VolumeFile;
}

export function workloadsOf(docs: readonly KubeDoc[]): Workload[] {
  const out: Workload[] = [];
  for (const d of docs) {
    if (d.kind !== 'Deployment') continue;
    const s = spec(d);
    const template = isRecord(s.template) ? s.template : {};
    const meta = isRecord(template.metadata) ? template.metadata : {};
    const labels = stringMap(meta.labels);
    const podSpec = isRecord(template.spec) ? template.spec : {};
    const namespace = d.metadata.namespace ?? 'default';
    const container = containerSpecOf(podSpec);
    const values = new Map(container.env.flatMap((e) => (e.value !== undefined ? [[e.name, e.value] as const] : [])));
    const httpPortVar = values.get('HTTP_PORT') ?? '';
    const httpPort = /^\d+$/.test(httpPortVar) ? Number(httpPortVar) : 3000;
    const first = Array.isArray(podSpec.containers) ? podSpec.containers.find(isRecord) : undefined;
    const tls = first ? workloadTls(values, first, podSpec) : undefined;
    out.push({ namespace, name: d.metadata.name, replicas: typeof s.replicas === 'number' ? s.replicas : 1, podLabels: labels, httpPort, container, ...(tls ? { tls } : {}) });
  }
  return out;
}

function containerSpecOf(podSpec: Record<string, unknown>): ContainerSpec {
  const first = Array.isArray(podSpec.containers) ? podSpec.containers.find(isRecord) : undefined;
  const c: Record<string, unknown> = first ?? {};
  const env: ContainerSpec['env'] = [];
  for (const e of Array.isArray(c.env) ? c.env.filter(isRecord) : []) {
    if (typeof e.name !== 'string') continue;
    const fieldRef = isRecord(e.valueFrom) && isRecord(e.valueFrom.fieldRef) ? e.valueFrom.fieldRef : undefined;
    if (typeof e.value === 'string') env.push({ name: e.name, value: e.value });
    else if (typeof fieldRef?.fieldPath === 'string') env.push({ name: e.name, fieldPath: fieldRef.fieldPath });
  }
  return { env };
}

/**
 * echo-basic serves TLS when its certificate and key are set (files of the pod's volumes): the
 * HTTP server reads TLS_SERVER_CERT and TLS_SERVER_PRIVKEY (HTTPS on HTTPS_PORT, client CAs from
 * TLS_CLIENT_CACERTS), the TCP echo server TLS_SERVER_CERT and TLS_SERVER_PRIV_KEY (on TLS_PORT),
 * the gRPC echo server TLS_SERVER_CERT and TLS_SERVER_PRIV_KEY (on HTTPS_PORT).
 */
function workloadTls(env: ReadonlyMap<string, string>, container: Record<string, unknown>, podSpec: Record<string, unknown>): WorkloadTls | undefined {
  const tcpEcho = Boolean(env.get('TCP_ECHO_SERVER'));
  const grpcEcho = !tcpEcho && Boolean(env.get('GRPC_ECHO_SERVER'));
  const certFile = env.get('TLS_SERVER_CERT');
  const keyFile = env.get(tcpEcho || grpcEcho ? 'TLS_SERVER_PRIV_KEY' : 'TLS_SERVER_PRIVKEY');
  if (!certFile || !keyFile) return undefined;
  const cert = volumeFile(certFile, container, podSpec);
  const key = volumeFile(keyFile, container, podSpec);
  if (!cert || !key) return undefined;
  const clientCaFile = tcpEcho || grpcEcho ? undefined : env.get('TLS_CLIENT_CACERTS');
  const clientCa = clientCaFile ? volumeFile(clientCaFile, container, podSpec) : undefined;
  const port = env.get(tcpEcho ? 'TLS_PORT' : 'HTTPS_PORT') ?? '';
  return { port: /^\d+$/.test(port) ? Number(port) : 8443, cert, key, ...(clientCa ? { clientCa } : {}) };
}

/** Which Secret or ConfigMap key a file path of the container is: its volume mount, the volume, the item. */
function volumeFile(filePath: string, container: Record<string, unknown>, podSpec: Record<string, unknown>): VolumeFile | undefined {
  for (const m of Array.isArray(container.volumeMounts) ? container.volumeMounts.filter(isRecord) : []) {
    const mountPath = String(m.mountPath ?? '').replace(/\/$/, '');
    if (!filePath.startsWith(`${mountPath}/`)) continue;
    const file = filePath.slice(mountPath.length + 1);
    const volume = (Array.isArray(podSpec.volumes) ? podSpec.volumes.filter(isRecord) : []).find((v) => v.name === m.name);
    if (!volume) return undefined;
    const source = isRecord(volume.secret) ? { kind: 'Secret' as const, name: volume.secret.secretName, items: volume.secret.items }
      : isRecord(volume.configMap) ? { kind: 'ConfigMap' as const, name: volume.configMap.name, items: volume.configMap.items } : undefined;
    if (!source || typeof source.name !== 'string') return undefined;
    const item = (Array.isArray(source.items) ? source.items.filter(isRecord) : []).find((i) => i.path === file);
    return { kind: source.kind, name: source.name, key: typeof item?.key === 'string' ? item.key : file };
  }
  return undefined;
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(v)) for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val;
  return out;
}

/**
 * What Pier gets for the given manifests:
 * - kinds Pier does not read (Deployment, ConfigMap, ...) are dropped; their pods run as echo backends;
 * - Namespaces get the kubernetes.io/metadata.name label the API server adds;
 * - GatewayClasses get Pier's controllerName and Gateways the suite's class, as the suite's applier does;
 * - each Gateway without spec.addresses gets its own loopback address; the suite's address
 *   placeholders are filled as its applier does; other spec.addresses stay; Gateway and
 *   ListenerSet listeners (and spec.tls.frontend.perPort) get their ports as moved (see
 *   AdaptEnv.listenerPort), and so do the ports routes' parentRefs name;
 * - each Service with a selector gets the EndpointSlice the EndpointSlice controller would make
 *   (its matching pods, the Service's target ports); Services without one keep the manifests' slices.
 */
export function adaptForStandalone(docs: readonly KubeDoc[], env: AdaptEnv): KubeDoc[] {
  const out: KubeDoc[] = [];
  for (const original of docs) {
    if (!kindInfo(original.kind)) continue;
    const doc = structuredClone(original);
    switch (doc.kind) {
      case 'Namespace':
        doc.metadata.labels = { ...doc.metadata.labels, 'kubernetes.io/metadata.name': doc.metadata.name };
        break;
      case 'GatewayClass':
        spec(doc).controllerName = env.controllerName;
        break;
      case 'Gateway':
        adaptGateway(doc, env);
        break;
      case 'ListenerSet':
        moveListenerPorts(spec(doc), env);
        break;
      case 'HTTPRoute':
      case 'GRPCRoute':
      case 'TLSRoute':
      case 'TCPRoute':
      case 'UDPRoute':
        moveParentRefPorts(spec(doc), env);
        break;
      case 'Service': {
        out.push(doc);
        const slice = endpointSliceFor(doc, env);
        if (slice) out.push(slice);
        continue;
      }
      default:
        break;
    }
    out.push(doc);
  }
  return out;
}

function adaptGateway(doc: KubeDoc, env: AdaptEnv): void {
  const s = spec(doc);
  s.gatewayClassName = env.gatewayClassName;
  // A Gateway without spec.addresses gets its own loopback address. One with the suite's
  // placeholders gets its addresses as the suite's applier fills them (GatewayStaticAddresses);
  // any other keeps its own: named addresses, or a request for one (an entry without a value,
  // which Pier's address pool answers: GatewayOptionalAddressValue).
  if (hasAddressPlaceholders(s)) overlayStaticAddresses(s, env);
  else if (!Array.isArray(s.addresses) || s.addresses.length === 0) s.addresses = [{ type: 'IPAddress', value: env.gatewayAddress(doc.metadata.namespace ?? 'default', doc.metadata.name) }];
  moveListenerPorts(s, env);
  movePerPortTlsPorts(s, env);
}

const USABLE_PLACEHOLDER = 'PLACEHOLDER_USABLE_ADDRS';
const UNUSABLE_PLACEHOLDER = 'PLACEHOLDER_UNUSABLE_ADDRS';
/** The address type the suite keeps so that a Gateway is refused for it. */
const FAKE_INVALID_ADDRESS_TYPE = 'test/fake-invalid-type';

function hasAddressPlaceholders(s: Record<string, unknown>): boolean {
  return Array.isArray(s.addresses) && s.addresses.some((a) => isRecord(a) && (a.value === USABLE_PLACEHOLDER || a.value === UNUSABLE_PLACEHOLDER));
}

/** The suite's applier (prepareGateway): the fake-type entries, then the unusable pool, then the usable one. */
function overlayStaticAddresses(s: Record<string, unknown>, env: AdaptEnv): void {
  const entries = (s.addresses as unknown[]).filter(isRecord);
  const ip = (value: string): Record<string, unknown> => ({ type: 'IPAddress', value });
  s.addresses = [
    ...entries.filter((a) => a.type === FAKE_INVALID_ADDRESS_TYPE),
    ...(entries.some((a) => a.value === UNUSABLE_PLACEHOLDER) ? env.unusableAddresses.map(ip) : []),
    ...(entries.some((a) => a.value === USABLE_PLACEHOLDER) ? env.usableAddresses.map(ip) : []),
  ];
}

/** spec.tls.frontend.perPort[].port names listener ports: they move with them. */
function movePerPortTlsPorts(s: Record<string, unknown>, env: AdaptEnv): void {
  const frontend = isRecord(s.tls) && isRecord(s.tls.frontend) ? s.tls.frontend : undefined;
  if (!frontend || !Array.isArray(frontend.perPort)) return;
  for (const p of frontend.perPort) if (isRecord(p) && typeof p.port === 'number') p.port = env.listenerPort(p.port);
}

/** Gateway and ListenerSet listeners bind their ports as moved (see AdaptEnv.listenerPort). */
function moveListenerPorts(s: Record<string, unknown>, env: AdaptEnv): void {
  if (!Array.isArray(s.listeners)) return;
  for (const l of s.listeners) if (isRecord(l) && typeof l.port === 'number') l.port = env.listenerPort(l.port);
}

/** Route parentRefs name listener ports: they move with the listeners. */
function moveParentRefPorts(s: Record<string, unknown>, env: AdaptEnv): void {
  if (!Array.isArray(s.parentRefs)) return;
  for (const p of s.parentRefs) if (isRecord(p) && typeof p.port === 'number') p.port = env.listenerPort(p.port);
}

function endpointSliceFor(service: KubeDoc, env: AdaptEnv): KubeDoc | null {
  const s = spec(service);
  const selector = stringMap(s.selector);
  if (Object.keys(selector).length === 0) return null;
  const namespace = service.metadata.namespace ?? 'default';
  const pods = env.podsMatching(namespace, selector);
  const ports: Record<string, unknown>[] = [];
  for (const p of Array.isArray(s.ports) ? s.ports : []) {
    if (!isRecord(p) || typeof p.port !== 'number') continue;
    const target = p.targetPort ?? p.port;
    const port = typeof target === 'number' ? target : /^\d+$/.test(String(target)) ? Number(target) : undefined;
    if (port === undefined) continue; // a named targetPort: echo pods declare no named ports
    ports.push({
      ...(typeof p.name === 'string' ? { name: p.name } : {}),
      port,
      protocol: typeof p.protocol === 'string' ? p.protocol : 'TCP',
      ...(typeof p.appProtocol === 'string' ? { appProtocol: p.appProtocol } : {}),
    });
  }
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: `${service.metadata.name}-standalone`,
      namespace,
      labels: { 'kubernetes.io/service-name': service.metadata.name },
    },
    addressType: 'IPv4',
    endpoints: pods.map((pod) => ({
      addresses: [pod.ip],
      conditions: { ready: true, serving: true, terminating: false },
      targetRef: { kind: 'Pod', name: pod.name, namespace: pod.namespace },
    })),
    ports,
  };
}

/** Fills the suite's placeholders the way its applier does for the kinds that carry them. */
export function fillPlaceholders(text: string, gatewayClassName: string, controllerName: string): string {
  return text.split(GATEWAY_CLASS_PLACEHOLDER).join(gatewayClassName).split(CONTROLLER_PLACEHOLDER).join(controllerName);
}
