/**
 * The parts of a core/v1 Pod the test node agent reads and writes, as the API server sends them
 * (JSON: timestamps are strings), and the pure rules that turn a pod into a process: the
 * container's environment (values, `$(VAR)` references, downward-API fields, ConfigMap and
 * Secret keys) and its command line (the image's entrypoint and cmd, overridden by the
 * container's command and args, as a container runtime does).
 */

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
}

export interface KeySelector { name: string; key: string; optional?: boolean }

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    fieldRef?: { fieldPath: string };
    configMapKeyRef?: KeySelector;
    secretKeyRef?: KeySelector;
    resourceFieldRef?: { resource: string };
  };
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}

export interface Probe {
  httpGet?: { path?: string; port: number | string; scheme?: 'HTTP' | 'HTTPS'; httpHeaders?: { name: string; value: string }[] };
  tcpSocket?: { port: number | string };
  exec?: { command: string[] };
  grpc?: { port: number };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
  successThreshold?: number;
}

export interface ContainerPort { name?: string; containerPort: number; protocol?: 'TCP' | 'UDP' | 'SCTP' }

export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  ports?: ContainerPort[];
  readinessProbe?: Probe;
  volumeMounts?: { name: string; mountPath: string; subPath?: string; readOnly?: boolean }[];
}

export interface KeyToPath { key: string; path: string; mode?: number }

export interface Volume {
  name: string;
  configMap?: { name: string; items?: KeyToPath[]; defaultMode?: number; optional?: boolean };
  secret?: { secretName: string; items?: KeyToPath[]; defaultMode?: number; optional?: boolean };
  emptyDir?: Record<string, unknown>;
  downwardAPI?: { items: { path: string; fieldRef?: { fieldPath: string }; mode?: number }[]; defaultMode?: number };
  projected?: {
    defaultMode?: number;
    sources: {
      configMap?: { name: string; items?: KeyToPath[]; optional?: boolean };
      secret?: { name: string; items?: KeyToPath[]; optional?: boolean };
      downwardAPI?: { items: { path: string; fieldRef?: { fieldPath: string }; mode?: number }[] };
      serviceAccountToken?: { path: string; audience?: string; expirationSeconds?: number };
    }[];
  };
}

export interface PodCondition { type: string; status: 'True' | 'False' | 'Unknown'; reason?: string; message?: string; lastTransitionTime?: string; lastProbeTime?: string | null }

export interface ContainerStatus {
  name: string;
  image: string;
  imageID: string;
  containerID?: string;
  ready: boolean;
  started: boolean;
  restartCount: number;
  state: {
    waiting?: { reason: string; message?: string };
    running?: { startedAt: string };
    terminated?: { exitCode: number; signal?: number; reason: string; message?: string; startedAt?: string; finishedAt: string };
  };
  lastState?: ContainerStatus['state'];
}

export interface PodStatus {
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  reason?: string;
  message?: string;
  hostIP?: string;
  hostIPs?: { ip: string }[];
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: string;
  conditions?: PodCondition[];
  containerStatuses?: ContainerStatus[];
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: {
    nodeName?: string;
    schedulerName?: string;
    serviceAccountName?: string;
    restartPolicy?: 'Always' | 'OnFailure' | 'Never';
    terminationGracePeriodSeconds?: number;
    hostNetwork?: boolean;
    initContainers?: Container[];
    containers: Container[];
    volumes?: Volume[];
  };
  status?: PodStatus;
}

export interface ConfigMap { metadata: ObjectMeta; data?: Record<string, string>; binaryData?: Record<string, string> }
export interface Secret { metadata: ObjectMeta; data?: Record<string, string> }

/** What a pod is running with, for its downward-API fields. */
export interface PodRuntimeInfo {
  nodeName: string;
  podIP: string;
  hostIP: string;
}

/** A downward-API fieldRef's value; throws for a field the agent does not know. */
export function fieldValue(pod: Pod, runtime: PodRuntimeInfo, fieldPath: string): string {
  const quoted = /^metadata\.(labels|annotations)\['([^']+)'\]$/.exec(fieldPath);
  if (quoted) return (quoted[1] === 'labels' ? pod.metadata.labels : pod.metadata.annotations)?.[quoted[2]] ?? '';
  switch (fieldPath) {
    case 'metadata.name': return pod.metadata.name;
    case 'metadata.namespace': return pod.metadata.namespace ?? 'default';
    case 'metadata.uid': return pod.metadata.uid ?? '';
    case 'metadata.labels': return formatMap(pod.metadata.labels);
    case 'metadata.annotations': return formatMap(pod.metadata.annotations);
    case 'spec.nodeName': return runtime.nodeName;
    case 'spec.serviceAccountName': return pod.spec.serviceAccountName ?? 'default';
    case 'status.podIP': case 'status.podIPs': return runtime.podIP;
    case 'status.hostIP': case 'status.hostIPs': return runtime.hostIP;
    default: throw new Error(`unsupported downward-API fieldPath "${fieldPath}"`);
  }
}

/** The downward API's file format for labels and annotations: key="value" lines, sorted. */
function formatMap(map: Record<string, string> | undefined): string {
  return Object.keys(map ?? {}).sort().map((k) => `${k}=${JSON.stringify(map?.[k])}`).join('\n');
}

/** `$(VAR)` expands to an earlier variable's value, `$$` escapes; unknown references stay as written. */
export function expandReferences(text: string, vars: ReadonlyMap<string, string>): string {
  return text.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (whole, name: string | undefined) => {
    if (name === undefined) return '$';
    return vars.get(name) ?? whole;
  });
}

/** Reads a key of a ConfigMap or Secret; undefined when the object or key is absent. */
export type KeyLookup = (kind: 'ConfigMap' | 'Secret', name: string, key?: string) => Promise<Record<string, string> | undefined>;

/** The container's environment, in the order Kubernetes builds it: envFrom, then env (later wins). */
export async function containerEnv(pod: Pod, container: Container, runtime: PodRuntimeInfo, lookup: KeyLookup): Promise<Map<string, string>> {
  const vars = new Map<string, string>();
  const where = `pod ${pod.metadata.namespace}/${pod.metadata.name} container ${container.name}`;
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    if (!ref) continue;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const data = await lookup(kind, ref.name);
    if (!data) {
      if (ref.optional) continue;
      throw new Error(`${where}: envFrom ${kind} ${ref.name} not found`);
    }
    for (const [k, v] of Object.entries(data)) vars.set(`${from.prefix ?? ''}${k}`, v);
  }
  for (const env of container.env ?? []) {
    if (env.valueFrom === undefined) {
      vars.set(env.name, expandReferences(env.value ?? '', vars));
      continue;
    }
    const { fieldRef, configMapKeyRef, secretKeyRef, resourceFieldRef } = env.valueFrom;
    if (fieldRef) {
      vars.set(env.name, fieldValue(pod, runtime, fieldRef.fieldPath));
    } else if (configMapKeyRef || secretKeyRef) {
      const ref = (configMapKeyRef ?? secretKeyRef) as KeySelector;
      const kind = configMapKeyRef ? 'ConfigMap' : 'Secret';
      const value = (await lookup(kind, ref.name, ref.key))?.[ref.key];
      if (value === undefined) {
        if (ref.optional) continue;
        throw new Error(`${where}: env ${env.name}: key ${ref.key} of ${kind} ${ref.name} not found`);
      }
      vars.set(env.name, value);
    } else if (resourceFieldRef) {
      throw new Error(`${where}: env ${env.name}: resourceFieldRef (${resourceFieldRef.resource}) is not supported by the test node agent`);
    }
  }
  return vars;
}

/** How an image runs on this machine: its entrypoint and default arguments, as host paths. */
export interface LocalImage {
  /** The image's ENTRYPOINT: argv[0] is a host binary. */
  entrypoint: string[];
  /** The image's CMD (default arguments). */
  cmd?: string[];
  /** Executables inside the image a container's `command` may name, mapped to host binaries. */
  executables?: Record<string, string>;
  /** Extra variables the image's environment sets. */
  env?: Record<string, string>;
}

/** The process's argv: `command` replaces the entrypoint (and drops cmd), `args` replaces cmd. */
export function containerArgv(container: Container, image: LocalImage, vars: ReadonlyMap<string, string>): string[] {
  const expand = (list: string[]): string[] => list.map((a) => expandReferences(a, vars));
  if (container.command && container.command.length > 0) {
    const [first, ...rest] = container.command;
    const binary = image.executables?.[first];
    if (binary === undefined) {
      throw new Error(`container ${container.name}: command "${first}" is not provided by image ${container.image} on this node (known: ${Object.keys(image.executables ?? {}).join(', ') || 'none'})`);
    }
    return [binary, ...expand(rest), ...expand(container.args ?? [])];
  }
  return [...image.entrypoint, ...expand(container.args ?? image.cmd ?? [])];
}

/** The image's repository: the reference without its tag or digest (registry.k8s.io/coredns/coredns). */
export function imageRepository(image: string): string {
  const noDigest = image.split('@')[0];
  const lastSlash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > lastSlash ? noDigest.slice(0, colon) : noDigest;
}
