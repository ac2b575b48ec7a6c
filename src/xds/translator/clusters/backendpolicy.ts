/**
 * A BackendPolicy's settings on its clusters (see gatewayapi/policies/backendpolicy-clusters.ts).
 *
 * Circuit breakers share the DEFAULT-priority thresholds with XBackendTrafficPolicy's retry
 * budget: both are set on one threshold, and where a retry budget is set Envoy ignores
 * max_retries, so the retry budget wins over maxParallelRetries.
 */
import type { BackendPolicySettings, LoadBalancerSettings } from '../../../ir/backendpolicy';
import type { Cluster } from '../../types';
import { durationFromMs } from '../common';

type Thresholds = NonNullable<NonNullable<Cluster['circuit_breakers']>['thresholds']>[number];

const LB_POLICY: Readonly<Record<LoadBalancerSettings['type'], NonNullable<Cluster['lb_policy']>>> = {
  roundRobin: 'ROUND_ROBIN', leastRequest: 'LEAST_REQUEST', random: 'RANDOM', ringHash: 'RING_HASH', maglev: 'MAGLEV',
};

/** The cluster's load balancer; what a hash balancer hashes is the route's (listeners/hashpolicy.ts). */
function applyLoadBalancer(cluster: Cluster, lb: LoadBalancerSettings): void {
  cluster.lb_policy = LB_POLICY[lb.type];
  if (lb.choiceCount !== undefined) cluster.least_request_lb_config = { choice_count: { value: lb.choiceCount } };
}

export function applyBackendPolicy(cluster: Cluster, settings: BackendPolicySettings): void {
  if (settings.loadBalancer) applyLoadBalancer(cluster, settings.loadBalancer);
  const cb = settings.circuitBreaker;
  if (cb) {
    const thresholds: Thresholds = cluster.circuit_breakers?.thresholds?.[0] ?? { priority: 'DEFAULT' };
    if (cb.maxConnections !== undefined) thresholds.max_connections = { value: cb.maxConnections };
    if (cb.maxPendingRequests !== undefined) thresholds.max_pending_requests = { value: cb.maxPendingRequests };
    if (cb.maxRequests !== undefined) thresholds.max_requests = { value: cb.maxRequests };
    if (cb.maxRetries !== undefined) thresholds.max_retries = { value: cb.maxRetries };
    cluster.circuit_breakers = { thresholds: [thresholds] };
  }
  const hc = settings.healthCheck;
  if (hc) {
    cluster.health_checks = [{
      timeout: durationFromMs(hc.timeoutMs),
      interval: durationFromMs(hc.intervalMs),
      unhealthy_threshold: { value: hc.unhealthyThreshold },
      healthy_threshold: { value: hc.healthyThreshold },
      ...(hc.type === 'http'
        ? { http_health_check: { path: hc.path ?? '/', expected_statuses: (hc.expectedStatuses ?? [200]).map((s) => ({ start: s, end: s + 1 })) } }
        : { tcp_health_check: {} }),
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
