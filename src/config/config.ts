/**
 * Pier's settings: defaults, then the config file (YAML or JSON), then command-line flags.
 * Unknown or mistyped settings are errors naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { AdsMode } from '../infra/bootstrap';

export interface PierConfig {
  controllerName: string;
  /** The file provider's directory. */
  resources: string;
  xdsAddress: string;
  adminAddress: string;
  logLevel: string;
  /** Bind address for Gateways without spec.addresses. */
  defaultGatewayAddress: string;
  /** "auto": launch Envoy per Gateway when one is on PATH; "off": never; otherwise a path to envoy. */
  envoy: string;
  adsMode: AdsMode;
  /** How launched Envoys reach Pier's xDS server. */
  envoyXdsHost: string;
  envoyLogLevel: string;
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
  /** Where Pier keeps what it generates: the xDS CA and certificates when no TLS files are given. */
  stateDir: string;
}

export const DEFAULT_CONFIG: PierConfig = {
  controllerName: 'pier.dev/gateway-controller',
  resources: 'examples/quickstart',
  xdsAddress: '0.0.0.0:18000',
  adminAddress: '127.0.0.1:19000',
  logLevel: 'info',
  defaultGatewayAddress: '0.0.0.0',
  envoy: 'auto',
  adsMode: 'delta',
  envoyXdsHost: '127.0.0.1',
  envoyLogLevel: 'warning',
  shutdownGraceSeconds: 5,
  demoBackend: '',
  xdsTlsDir: '',
  xdsTlsCert: '',
  xdsTlsKey: '',
  xdsTlsCa: '',
  xdsTlsCaKey: '',
  xdsInsecure: false,
  stateDir: '.pier',
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
  logLevel: oneOf('trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'),
  defaultGatewayAddress: str,
  envoy: str,
  adsMode: oneOf('delta', 'sotw'),
  envoyXdsHost: str,
  envoyLogLevel: oneOf('trace', 'debug', 'info', 'warning', 'error', 'critical', 'off'),
  shutdownGraceSeconds: positiveNumber,
  demoBackend: (v, where) => (v === '' ? v : hostPort(v, where)),
  xdsTlsDir: str,
  xdsTlsCert: str,
  xdsTlsKey: str,
  xdsTlsCa: str,
  xdsTlsCaKey: str,
  xdsInsecure: bool,
  stateDir: str,
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
