/**
 * Clusters: one per backend identity (the IR cluster name, "<namespace>/<service>/<port>")
 * across the whole gateway, whichever routes use it, so reordering or editing routes never
 * renames a cluster. Backends with endpoints are EDS clusters (endpoints change without touching
 * the cluster); ExternalName backends are STRICT_DNS clusters that resolve the name themselves.
 *
 * Endpoints are not known here: each cluster that needs them gets an EndpointBinding saying
 * where they come from, and the endpoint translator (endpoints.ts) builds them.
 */
import type { DestinationSetting, HTTPRoute as IRHTTPRoute, UDPListener, VirtualHost, XdsIR } from '../../../ir/types';
import type { BindingLocality, Cluster, EndpointBinding } from '../../types';
import type { BackendPolicySettings } from '../../../ir/backendpolicy';
import type { HttpProtocolOptions } from '../../../generated/envoy/extensions/upstreams/http/v3/HttpProtocolOptions';
import type { LbEndpoint } from '../../../generated/envoy/config/endpoint/v3/LbEndpoint';
import { freezeValue } from '../../../message/watchable';
import { typedConfig } from '../../types';
import { adsConfigSource, CONNECTION_BUFFER_LIMIT_BYTES, durationFromMs } from '../common';
import { validSettings } from './destination';
import { lbEndpoint, loadAssignment, singleLocality } from '../endpoints/endpoint';
import { ProtoType } from '../names';
import { planUdp } from './udp';
import { upstreamTlsSocket } from './upstreamtls';
import { applyBackendPolicy } from './backendpolicy';
import { accessLogExporters } from '../listeners/accesslog';

export interface ClusterResources {
  /** Clusters with everything but the endpoints of EDS (and inline) clusters. */
  clusters: Cluster[];
  /** One per cluster that needs endpoints; an inline one's cluster is not in clusters. */
  bindings: EndpointBinding[];
}

const CONNECT_TIMEOUT_MS = 10_000;

/** What cluster building keeps between translations (see XdsTranslationMemo). */
export interface ClusterMemo {
  /** By backend setting (frozen IR objects of unchanged routes are the same objects). */
  built: WeakMap<DestinationSetting, BuiltCluster>;
  /** The valid settings of each (frozen) IR virtual host's routes, in IR order. */
  vhostSettings: WeakMap<VirtualHost, DestinationSetting[]>;
  /** By the cluster without a policy: the last policy its plain cluster carried, and the cluster with it. */
  withPolicy: WeakMap<BuiltCluster, { policy: BackendPolicySettings; built: BuiltCluster }>;
}

/** policyOf: the BackendPolicy a plain cluster carries, by name (default: the IR's, as it is). */
export function buildClusters(ir: XdsIR, memo?: ClusterMemo, policyOf: (name: string) => BackendPolicySettings | undefined = (name) => ir.backendClusterPolicies?.[name]): ClusterResources {
  const clusters: Cluster[] = [];
  const bindings: EndpointBinding[] = [];
  const add = (built: BuiltCluster): void => {
    if (!built.binding?.inlineCluster) clusters.push(built.cluster);
    if (built.binding) bindings.push(built.binding);
  };
  const clientCertificate = ir.backendClientCertificate?.name;
  for (const setting of backends(ir, memo?.vhostSettings).values()) {
    const policy = policyOf(setting.clusterName);
    // Settings are shared across Gateways; one with its own client certificate builds its TLS clusters itself.
    if (clientCertificate && setting.tls && !setting.tls.clientCertificate) {
      add(backendCluster(setting, clientCertificate, policy));
      continue;
    }
    const built = memo ? memoCluster(setting, memo) : backendCluster(setting);
    add(policy ? withPlainPolicy(built, setting, policy, memo) : built);
  }
  for (const listener of ir.udp) {
    const built = weightedUdpCluster(listener);
    if (built) add(built);
  }
  return { clusters, bindings };
}

/**
 * Every valid backend any route or listener filter refers to (forwarding, mirroring, authorization, TCP, UDP), by cluster name.
 * The same backend seen twice is the same cluster; the first sighting (IR order) describes it.
 */
function backends(ir: XdsIR, vhostSettings: WeakMap<VirtualHost, DestinationSetting[]> | undefined): Map<string, DestinationSetting> {
  const found = new Map<string, DestinationSetting>();
  const add = (settings: readonly DestinationSetting[]): void => {
    for (const setting of settings) if (!found.has(setting.clusterName)) found.set(setting.clusterName, setting);
  };
  for (const listener of ir.http) {
    for (const filter of listener.requestFilters ?? []) add([filter.externalAuth.service]);
    add(accessLogExporters(listener.policies));
    for (const vhost of listener.virtualHosts) add(settingsOfVirtualHost(vhost, vhostSettings));
  }
  for (const listener of ir.tcp) for (const route of listener.routes) add(validSettings(route.destination));
  for (const listener of ir.udp) add(validSettings(listener.destination));
  const exporter = ir.telemetry?.tracing?.exporter.destination;
  if (exporter && !exporter.invalid) add([exporter]);
  return found;
}

/** The valid settings of a virtual host's routes (forwarding and mirroring), in IR order; kept for frozen ones. */
export function settingsOfVirtualHost(vhost: VirtualHost, vhostSettings: WeakMap<VirtualHost, DestinationSetting[]> | undefined): DestinationSetting[] {
  let settings = vhostSettings?.get(vhost);
  if (!settings) {
    settings = vhost.routes.flatMap(settingsOfRoute);
    if (Object.isFrozen(vhost)) vhostSettings?.set(vhost, settings);
  }
  return settings;
}

/** The valid settings of one route: its destination's, then its mirrors', then its authorization service's. */
export function settingsOfRoute(route: IRHTTPRoute): DestinationSetting[] {
  const settings = [...validSettings(route.destination)];
  for (const mirror of route.mirrors ?? []) settings.push(...validSettings(mirror));
  if (route.externalAuth) settings.push(route.externalAuth.service);
  settings.push(...accessLogExporters(route.policies));
  return settings;
}

/** backendCluster(setting), kept for the (frozen) setting. */
export function memoCluster(setting: DestinationSetting, memo: ClusterMemo): BuiltCluster {
  let built = memo.built.get(setting);
  // Frozen: stores on the bus then share it rather than copy it.
  if (!built) memo.built.set(setting, (built = freezeValue(backendCluster(setting))));
  return built;
}

/**
 * A plain cluster with the BackendPolicy it carries (XdsIR.backendClusterPolicies), built from the
 * cluster without, whose binding it keeps: the endpoints do not depend on the policy. Kept per
 * cluster without and policy object (the cluster table passes the same object while the
 * policy's content stays).
 */
export function withPlainPolicy(base: BuiltCluster, setting: DestinationSetting, policy: BackendPolicySettings, memo?: ClusterMemo): BuiltCluster {
  const last = memo?.withPolicy.get(base);
  if (last?.policy === policy) return last.built;
  // The cluster without, with the policy's fields set over it (applyBackendPolicy replaces what it
  // changes); fields the same on every cluster are one frozen object per policy.
  const shared = base.cluster.circuit_breakers ? undefined : sharedPolicyFields(policy);
  const cluster: Cluster = shared ? Object.assign({ ...base.cluster }, shared) : { ...base.cluster };
  if (!shared) applyBackendPolicy(cluster, policy, setting);
  const built: BuiltCluster = base.binding ? { cluster, binding: base.binding } : { cluster };
  if (!memo) return built;
  // With the shared fields, every field is a frozen object already (or a scalar): only the new ones need freezing.
  const frozen = shared ? Object.freeze((Object.freeze(cluster), built)) : freezeValue(built);
  memo.withPolicy.set(base, { policy, built: frozen });
  return frozen;
}

const policyFields = new WeakMap<BackendPolicySettings, Partial<Cluster> | null>();

/**
 * The cluster fields a policy sets the same way on every cluster without circuit breakers of its
 * own, made once per policy object (frozen, shared by its clusters); null when some depend on the
 * cluster (an idle timeout joins its protocol options, PROXY protocol wraps its transport socket,
 * a gRPC health check needs HTTP/2 and the backend's name).
 */
function sharedPolicyFields(policy: BackendPolicySettings): Partial<Cluster> | null {
  let fields = policyFields.get(policy);
  if (fields === undefined) {
    const dependent = policy.timeout?.idleMs !== undefined || policy.proxyProtocol !== undefined || policy.healthCheck?.type === 'grpc';
    fields = dependent ? null : freezeValue(policyOnNothing(policy));
    policyFields.set(policy, fields);
  }
  return fields;
}

function policyOnNothing(policy: BackendPolicySettings): Partial<Cluster> {
  const fields: Cluster = {};
  applyBackendPolicy(fields, policy);
  return fields;
}

/** A cluster, and where its endpoints come from when it needs some. */
export interface BuiltCluster {
  cluster: Cluster;
  binding?: EndpointBinding;
}

function baseCluster(name: string, type: NonNullable<Cluster['type']>): Cluster {
  return {
    name,
    type,
    connect_timeout: durationFromMs(CONNECT_TIMEOUT_MS),
    lb_policy: 'ROUND_ROBIN',
    per_connection_buffer_limit_bytes: { value: CONNECTION_BUFFER_LIMIT_BYTES },
  };
}

// Fields are added to the base, not spread into a new object: past a few thousand objects, V8
// gives each object made by a spread with more fields a hidden class of its own (~200 bytes).
function edsCluster(name: string): Cluster {
  return Object.assign(baseCluster(name, 'EDS'), { eds_cluster_config: { eds_config: adsConfigSource() } });
}

/** A STRICT_DNS cluster; its load_assignment is set by the caller or the endpoint translator. */
export function dnsCluster(name: string): Cluster {
  return Object.assign(baseCluster(name, 'STRICT_DNS'), {
    // Prefer IPv4 where a name has both, fall back to IPv6; follow the record's TTL.
    dns_lookup_family: 'V4_PREFERRED' as const,
    respect_dns_ttl: true,
  });
}

/** plainPolicy: the BackendPolicy the plain cluster carries (XdsIR.backendClusterPolicies); a backend on a cluster of its own has its own (setting.backendPolicy). */
export function backendCluster(setting: DestinationSetting, clientCertificate?: string, plainPolicy?: BackendPolicySettings): BuiltCluster {
  const name = setting.clusterName;
  const dns = setting.dnsName !== undefined ? dnsEndpoints(setting) : undefined;
  const cluster = dns && dns.length > 0 ? Object.assign(dnsCluster(name), { load_assignment: loadAssignment(name, singleLocality(dns)) }) : edsCluster(name);
  if (setting.protocol === 'h2c') {
    // Cleartext HTTP/2 to the backend (appProtocol kubernetes.io/h2c): the backend speaks only h2.
    const options: HttpProtocolOptions = { explicit_http_config: { http2_protocol_options: {} } };
    cluster.typed_extension_protocol_options = { [ProtoType.httpProtocolOptions]: typedConfig(ProtoType.httpProtocolOptions, options) };
  }
  if (setting.tls) {
    const alpn = setting.tls.alpnProtocols ?? (setting.protocol === 'h2c' ? ['h2'] : undefined);
    cluster.transport_socket = upstreamTlsSocket(setting.tls, alpn, setting.tls.clientCertificate ?? clientCertificate);
  }
  if (setting.retryBudget) {
    // With a retry budget, Envoy ignores the static max_retries threshold of the same priority.
    cluster.circuit_breakers = { thresholds: [{ priority: 'DEFAULT', retry_budget: {
      budget_percent: { value: setting.retryBudget.budgetPercent },
      min_retry_concurrency: { value: setting.retryBudget.minRetryConcurrency },
    } }] };
  }
  const policy = setting.backendPolicy ?? plainPolicy;
  if (policy) applyBackendPolicy(cluster, policy, setting);
  if (cluster.type === 'STRICT_DNS') return { cluster };
  // An ExternalName without a usable port has no endpoints at all.
  const locality: BindingLocality[] = dns === undefined && setting.endpointsOf ? [{ endpointsOf: setting.endpointsOf }] : [];
  return { cluster, binding: { cluster: name, localities: locality } };
}

function isPort(port: number | undefined): port is number {
  return port !== undefined && Number.isInteger(port) && port > 0 && port < 65_536;
}

/**
 * The DNS name on the port the backend is reached on: the setting's port; else (IR from before
 * `port` existed) the port segment of the cluster name ("<namespace>/<service>/<port>").
 */
function dnsEndpoints(setting: DestinationSetting): LbEndpoint[] {
  const host = setting.dnsName ?? '';
  if (host === '') return [];
  const port = isPort(setting.port) ? setting.port : Number(setting.clusterName.split('/').pop());
  return isPort(port) ? [lbEndpoint(host, port)] : [];
}

/**
 * A UDP listener with several backends: one locality per backend, weighted by the backend's
 * weight (udp_proxy routes to a single cluster). EDS unless a member is an ExternalName, in
 * which case every member is resolved by DNS (an IP literal resolves to itself) and the
 * endpoints are part of the cluster.
 */
function weightedUdpCluster(listener: UDPListener): BuiltCluster | undefined {
  const plan = planUdp(listener);
  if (plan.kind !== 'weighted') return undefined;
  const settings = new Map(validSettings(listener.destination).map((s) => [s.clusterName, s] as const));
  const members = plan.shares.flatMap((share) => {
    const setting = settings.get(share.cluster);
    return setting ? [{ share, setting }] : [];
  });
  const useDns = members.some((m) => m.setting.dnsName !== undefined);
  const localities = members.map(({ share, setting }): BindingLocality => {
    const source: BindingLocality = useDns && setting.dnsName !== undefined
      ? { fixed: dnsEndpoints(setting) }
      : setting.endpointsOf ? { endpointsOf: setting.endpointsOf } : { fixed: [] };
    return { ...source, weight: share.weight, subZone: share.cluster };
  });
  const cluster = useDns ? dnsCluster(plan.cluster) : edsCluster(plan.cluster);
  cluster.common_lb_config = { locality_weighted_lb_config: {} };
  const binding: EndpointBinding = { cluster: plan.cluster, localities };
  if (useDns) binding.inlineCluster = cluster;
  return { cluster, binding };
}
