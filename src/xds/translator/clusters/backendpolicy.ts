/**
 * A BackendPolicy's settings on its clusters (see gatewayapi/policies/backendpolicy-clusters.ts).
 *
 * Circuit breakers share the DEFAULT-priority thresholds with XBackendTrafficPolicy's retry
 * budget: both are set on one threshold, and where a retry budget is set Envoy ignores
 * max_retries, so the retry budget wins over maxParallelRetries.
 */
import type { ActiveHealthCheckSettings, BackendPolicySettings, LoadBalancerSettings } from '../../../ir/backendpolicy';
import type { HealthCheck } from '../../../generated/envoy/config/core/v3/HealthCheck';
import type { Cluster } from '../../types';
import type { DestinationSetting } from '../../../ir/types';
import type { HttpProtocolOptions } from '../../../generated/envoy/extensions/upstreams/http/v3/HttpProtocolOptions';
import { typedConfig } from '../../types';
import { durationFromMs } from '../common';
import { ProtoType } from '../names';
import { applyUpstreamProxyProtocol } from './upstreamproxyprotocol';

type Thresholds = NonNullable<NonNullable<Cluster['circuit_breakers']>['thresholds']>[number];

const LB_POLICY: Readonly<Record<LoadBalancerSettings['type'], NonNullable<Cluster['lb_policy']>>> = {
  roundRobin: 'ROUND_ROBIN', leastRequest: 'LEAST_REQUEST', random: 'RANDOM', ringHash: 'RING_HASH', maglev: 'MAGLEV',
};

/** The cluster's load balancer; what a hash balancer hashes is the route's (listeners/hashpolicy.ts). */
function applyLoadBalancer(cluster: Cluster, lb: LoadBalancerSettings): void {
  cluster.lb_policy = LB_POLICY[lb.type];
  if (lb.choiceCount !== undefined) cluster.least_request_lb_config = { choice_count: { value: lb.choiceCount } };
}

/** The upstream idle timeout is in the cluster's HTTP protocol options, beside what h2c put there. */
function applyIdleTimeout(cluster: Cluster, idleMs: number): void {
  const existing = cluster.typed_extension_protocol_options?.[ProtoType.httpProtocolOptions] as (HttpProtocolOptions & { '@type': string }) | undefined;
  // Envoy requires a protocol choice in these options; HTTP/1.1 is what a cluster without them speaks.
  const options: HttpProtocolOptions = existing ? { ...existing } : { explicit_http_config: { http_protocol_options: {} } };
  delete (options as { '@type'?: string })['@type'];
  options.common_http_protocol_options = { ...options.common_http_protocol_options, idle_timeout: durationFromMs(idleMs) };
  cluster.typed_extension_protocol_options = { ...cluster.typed_extension_protocol_options, [ProtoType.httpProtocolOptions]: typedConfig(ProtoType.httpProtocolOptions, options) };
}

function healthChecker(hc: ActiveHealthCheckSettings, authority: string | undefined): Pick<HealthCheck, 'http_health_check' | 'tcp_health_check' | 'grpc_health_check'> {
  switch (hc.type) {
    case 'http': return { http_health_check: { path: hc.path ?? '/', expected_statuses: (hc.expectedStatuses ?? [200]).map((s) => ({ start: s, end: s + 1 })) } };
    case 'tcp': return { tcp_health_check: {} };
    case 'grpc': return { grpc_health_check: { ...(hc.grpcService ? { service_name: hc.grpcService } : {}), ...(authority !== undefined ? { authority } : {}) } };
  }
}

/** Whether the cluster speaks HTTP/2 to its endpoints (gRPC backends: GRPCRoute, appProtocol kubernetes.io/h2c). */
function speaksHttp2(cluster: Cluster): boolean {
  const options = cluster.typed_extension_protocol_options?.[ProtoType.httpProtocolOptions] as HttpProtocolOptions | undefined;
  return options?.explicit_http_config?.http2_protocol_options !== undefined;
}

/**
 * The :authority of gRPC probes: the Service's name ("<service>.<namespace>.svc", or the
 * ExternalName). Envoy's default, the cluster name, has slashes, which HTTP/2 servers refuse.
 */
function probeAuthority(backend: Pick<DestinationSetting, 'dnsName' | 'endpointsOf'>): string | undefined {
  if (backend.dnsName !== undefined) return backend.dnsName;
  return backend.endpointsOf ? `${backend.endpointsOf.service}.${backend.endpointsOf.namespace}.svc` : undefined;
}

/** Sets the policy's fields on cluster, replacing (never changing) the objects it holds. */
export function applyBackendPolicy(cluster: Cluster, settings: BackendPolicySettings, backend: Pick<DestinationSetting, 'dnsName' | 'endpointsOf'> = {}): void {
  const authority = probeAuthority(backend);
  if (settings.loadBalancer) applyLoadBalancer(cluster, settings.loadBalancer);
  const timeout = settings.timeout;
  if (timeout?.connectMs !== undefined) cluster.connect_timeout = durationFromMs(timeout.connectMs);
  if (timeout?.idleMs !== undefined) applyIdleTimeout(cluster, timeout.idleMs);
  const keepalive = settings.tcpKeepalive;
  if (keepalive) {
    const tcp: NonNullable<NonNullable<Cluster['upstream_connection_options']>['tcp_keepalive']> = {};
    if (keepalive.probes !== undefined) tcp.keepalive_probes = { value: keepalive.probes };
    if (keepalive.idleTimeSeconds !== undefined) tcp.keepalive_time = { value: keepalive.idleTimeSeconds };
    if (keepalive.intervalSeconds !== undefined) tcp.keepalive_interval = { value: keepalive.intervalSeconds };
    // Present (even empty) turns SO_KEEPALIVE on.
    cluster.upstream_connection_options = { tcp_keepalive: tcp };
  }
  if (settings.proxyProtocol) applyUpstreamProxyProtocol(cluster, settings.proxyProtocol.version);
  const cb = settings.circuitBreaker;
  if (cb) {
    // A copy: the cluster may be a shallow copy of a built (frozen) one (a plain cluster's policy).
    const thresholds: Thresholds = { ...(cluster.circuit_breakers?.thresholds?.[0] ?? { priority: 'DEFAULT' }) };
    if (cb.maxConnections !== undefined) thresholds.max_connections = { value: cb.maxConnections };
    if (cb.maxPendingRequests !== undefined) thresholds.max_pending_requests = { value: cb.maxPendingRequests };
    if (cb.maxRequests !== undefined) thresholds.max_requests = { value: cb.maxRequests };
    if (cb.maxRetries !== undefined) thresholds.max_retries = { value: cb.maxRetries };
    cluster.circuit_breakers = { thresholds: [thresholds] };
  }
  const hc = settings.healthCheck;
  // Envoy refuses a gRPC health check on a cluster that does not speak HTTP/2: such backends get none.
  if (hc && (hc.type !== 'grpc' || speaksHttp2(cluster))) {
    cluster.health_checks = [{
      timeout: durationFromMs(hc.timeoutMs),
      interval: durationFromMs(hc.intervalMs),
      unhealthy_threshold: { value: hc.unhealthyThreshold },
      healthy_threshold: { value: hc.healthyThreshold },
      ...healthChecker(hc, authority),
    }];
  }
  const od = settings.outlierDetection;
  if (od) {
    cluster.outlier_detection = {};
    if (od.consecutive5xx !== undefined) cluster.outlier_detection.consecutive_5xx = { value: od.consecutive5xx };
    if (od.consecutiveGatewayErrors !== undefined) {
      cluster.outlier_detection.consecutive_gateway_failure = { value: od.consecutiveGatewayErrors };
      // Envoy counts gateway errors but ejects on them only when enforced (default 0%).
      cluster.outlier_detection.enforcing_consecutive_gateway_failure = { value: 100 };
    }
    if (od.intervalMs !== undefined) cluster.outlier_detection.interval = durationFromMs(od.intervalMs);
    if (od.baseEjectionTimeMs !== undefined) cluster.outlier_detection.base_ejection_time = durationFromMs(od.baseEjectionTimeMs);
    if (od.maxEjectionPercent !== undefined) cluster.outlier_detection.max_ejection_percent = { value: od.maxEjectionPercent };
  }
}
