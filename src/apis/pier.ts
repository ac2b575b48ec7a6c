/**
 * Pier's own kinds (gateway.pier.dev/v1alpha1). Its policy kinds attach to Gateway API objects as
 * GEP-713 describes (targetRefs with an optional sectionName; status.ancestors per Gateway);
 * ProxyConfig is named by parametersRef instead (no targetRefs, no status of its own). Field
 * names as in the hand-written CRDs (crds/pier/).
 *
 * PIER_KINDS is the one list of these kinds: the providers (which kinds to read and watch) and
 * the bus tables read it; PIER_POLICY_KINDS, its policies, is what the status writers and the
 * translator's policy dispatch read. A new kind is one entry here plus its own translation.
 */
import type { LocalPolicyTargetReferenceWithSectionName, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';
import type { ClientPolicy } from './pier-clientpolicy';
import type { BackendPolicy } from './pier-backend';

export type * from './pier-clientpolicy';
export type { BackendPolicy } from './pier-backend';
import type { ObservabilityPolicy } from './pier-observability';

export type { ObservabilityPolicy } from './pier-observability';

import type { SecurityPolicy } from './pier-security';

export type { SecurityPolicy } from './pier-security';

export const PIER_GROUP = 'gateway.pier.dev';
export const PIER_VERSION = 'v1alpha1';
export const PIER_API_VERSION = `${PIER_GROUP}/${PIER_VERSION}`;

export type RateLimitUnit = 'Second' | 'Minute' | 'Hour';

/** One token bucket: `requests` tokens added every `unit`, at most `burst` (default `requests`) kept. */
export interface RateLimitValue {
  requests: number;
  unit: RateLimitUnit;
  burst?: number;
}

/** A request header that picks clients: one value, or (value absent) one bucket per distinct value. */
export interface RateLimitHeaderSelector {
  name: string;
  value?: string;
}

/** Clients by source address: within cidr, one shared bucket, or one per address (perAddress). */
export interface RateLimitSourceSelector {
  cidr: string;
  perAddress?: boolean;
}

/** Which requests a rule counts: all of these must match (none: every request). */
export interface RateLimitClientSelector {
  headers?: RateLimitHeaderSelector[];
  source?: RateLimitSourceSelector;
}

export interface LocalRateLimitRule {
  clients?: RateLimitClientSelector;
  limit: RateLimitValue;
}

/** Limits each proxy enforces on its own (Envoy's local_ratelimit filter). */
export interface LocalRateLimit {
  rules: LocalRateLimitRule[];
  /** Per-client buckets (a header without value, perAddress) each proxy keeps per rule, least recently used dropped first. */
  maxClients?: number;
}

export type GlobalRateLimitUnit = RateLimitUnit | 'Day';

export interface GlobalRateLimitRule {
  clients?: RateLimitClientSelector;
  /** `requests` per `unit` (a fixed window: the count starts again at each whole unit). */
  limit: { requests: number; unit: GlobalRateLimitUnit };
}

/**
 * Limits shared by every proxy: counted by the rate limit service (envoyproxy/ratelimit, with
 * Redis) that Pier's rateLimitService setting names.
 */
export interface GlobalRateLimit {
  rules: GlobalRateLimitRule[];
  /** When the service cannot answer: FailOpen (default) lets requests through, FailClosed refuses them (503). */
  failureMode?: 'FailOpen' | 'FailClosed';
}

export interface RateLimitPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  local?: LocalRateLimit;
  global?: GlobalRateLimit;
}

export interface RateLimitPolicy extends KubeObject {
  apiVersion: typeof PIER_API_VERSION;
  kind: 'RateLimitPolicy';
  spec: RateLimitPolicySpec;
  status?: PolicyStatus;
}

/** Every Pier policy object. */
export type PierPolicy = RateLimitPolicy | ClientPolicy | BackendPolicy | SecurityPolicy | ObservabilityPolicy;
export type PierPolicyKind = PierPolicy['kind'];

/** The bus table of each Pier policy kind (also its ProviderResources list). */
export interface PierPolicyTables {
  rateLimitPolicies: RateLimitPolicy;
  clientPolicies: ClientPolicy;
  backendPolicies: BackendPolicy;
  securityPolicies: SecurityPolicy;
  observabilityPolicies: ObservabilityPolicy;
}
export type PierPolicyTable = keyof PierPolicyTables;

/** The ProviderResources lists of the Pier policy kinds. */
export type PierPolicyLists = { [T in PierPolicyTable]: PierPolicyTables[T][] };

export type EnvoyLogLevel = 'trace' | 'debug' | 'info' | 'warning' | 'error' | 'critical' | 'off';

export interface ProxyConfigSpec {
  /** Envoy's --log-level. */
  logLevel?: EnvoyLogLevel;
  /** Envoy's worker threads (--concurrency). */
  concurrency?: number;
  /** Kubernetes infrastructure: replicas of the Gateway's Deployment. */
  replicas?: number;
  /** Kubernetes infrastructure: the Envoy container's requests and limits (quantities). */
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  stats?: {
    /** Keep only the stats whose names start with one of these (Envoy's stats_matcher inclusion list). */
    inclusionPrefixes?: string[];
    /** Tags with a fixed value added to every stat (Envoy's stats_tags). */
    tags?: { name: string; value: string }[];
    /** Envoy's own stats defaults: every stat made up front, and none of Pier's exclusions (src/infra/bootstrap.ts LEAN_STATS). */
    full?: boolean;
  };
  /** The proxies' metrics listener (GET /stats/prometheus). */
  metrics?: { enabled?: boolean; port?: number };
}

/**
 * How a Gateway's proxies run. Not a policy: a GatewayClass names one in spec.parametersRef
 * (defaults for its Gateways), a Gateway in spec.infrastructure.parametersRef (its own
 * settings, which win field by field).
 */
export interface ProxyConfig extends KubeObject {
  apiVersion: typeof PIER_API_VERSION;
  kind: 'ProxyConfig';
  spec: ProxyConfigSpec;
}

/** Every Pier object, policy or not. */
export type PierObject = PierPolicy | ProxyConfig;
export type PierKind = PierObject['kind'];

/** The bus table of each Pier kind (also its ProviderResources list). */
export interface PierTables extends PierPolicyTables {
  proxyConfigs: ProxyConfig;
}
export type PierTable = keyof PierTables;

/** The ProviderResources lists of the Pier kinds. */
export type PierLists = { [T in PierTable]: PierTables[T][] };

export interface PierKindInfo {
  kind: PierKind;
  /** The CRD's plural (its file is crds/pier/gateway.pier.dev_<plural>.yaml). */
  plural: string;
  table: PierTable;
  /** A policy (targetRefs, status.ancestors written by Pier); false: read only (ProxyConfig). */
  policy: boolean;
}

export interface PierPolicyKindInfo extends PierKindInfo {
  kind: PierPolicyKind;
  table: PierPolicyTable;
  policy: true;
}

/** The registry of Pier kinds. */
export const PIER_KINDS: readonly PierKindInfo[] = [
  { kind: 'RateLimitPolicy', plural: 'ratelimitpolicies', table: 'rateLimitPolicies', policy: true },
  { kind: 'ProxyConfig', plural: 'proxyconfigs', table: 'proxyConfigs', policy: false },
  { kind: 'ClientPolicy', plural: 'clientpolicies', table: 'clientPolicies', policy: true },
  { kind: 'BackendPolicy', plural: 'backendpolicies', table: 'backendPolicies', policy: true },
  { kind: 'SecurityPolicy', plural: 'securitypolicies', table: 'securityPolicies', policy: true },
  { kind: 'ObservabilityPolicy', plural: 'observabilitypolicies', table: 'observabilityPolicies', policy: true },
];

/** Its policy kinds. */
export const PIER_POLICY_KINDS: readonly PierPolicyKindInfo[] = PIER_KINDS.filter((k): k is PierPolicyKindInfo => k.policy);

export function isPierPolicyKind(kind: string): kind is PierPolicyKind {
  return PIER_POLICY_KINDS.some((k) => k.kind === kind);
}

export function isPierPolicyTable(table: string): table is PierPolicyTable {
  return PIER_POLICY_KINDS.some((k) => k.table === table);
}

/** Empty lists for every Pier kind. */
export function emptyPierLists(): PierLists {
  return Object.fromEntries(PIER_KINDS.map((k) => [k.table, []])) as unknown as PierLists;
}
