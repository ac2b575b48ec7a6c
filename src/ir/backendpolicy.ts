/** The IR side of BackendPolicy: cluster settings for the backends of a listener's or a rule's routes. */
import type { PolicySource } from './types';

/** Envoy circuit breaker thresholds (DEFAULT priority); absent fields keep Envoy's defaults. */
export interface CircuitBreakerSettings {
  maxConnections?: number;
  maxPendingRequests?: number;
  maxRequests?: number;
  maxRetries?: number;
}

export interface ActiveHealthCheckSettings {
  type: 'http' | 'tcp' | 'grpc';
  intervalMs: number;
  timeoutMs: number;
  unhealthyThreshold: number;
  healthyThreshold: number;
  /** http: the GET's path and the statuses that pass. */
  path?: string;
  expectedStatuses?: number[];
  /** grpc: the service name of the grpc.health.v1 Check ("" or absent: the whole server). */
  grpcService?: string;
}

/** Envoy outlier detection; absent fields keep Envoy's defaults. */
export interface OutlierDetectionSettings {
  consecutive5xx?: number;
  consecutiveGatewayErrors?: number;
  intervalMs?: number;
  baseEjectionTimeMs?: number;
  maxEjectionPercent?: number;
}

/** What a consistent hash load balancer hashes (the route's hash_policy). */
export type HashOn =
  | { type: 'header'; name: string }
  /** ttlSeconds 0: Envoy makes a session cookie when the request has none. */
  | { type: 'cookie'; name: string; ttlSeconds: number; path?: string }
  | { type: 'sourceIP' };

export interface LoadBalancerSettings {
  type: 'roundRobin' | 'leastRequest' | 'random' | 'ringHash' | 'maglev';
  /** leastRequest: endpoints drawn per pick; absent: Envoy's default (2). */
  choiceCount?: number;
  /** ringHash and maglev. */
  hashOn?: HashOn;
}

export interface BackendTimeoutSettings {
  /** Cluster connect_timeout. */
  connectMs?: number;
  /** Upstream connections' idle timeout (the cluster's HTTP protocol options). */
  idleMs?: number;
  /** The route's stream idle timeout. */
  streamIdleMs?: number;
}

/** SO_KEEPALIVE on upstream connections; absent fields keep the kernel's defaults. */
export interface TcpKeepaliveSettings {
  probes?: number;
  idleTimeSeconds?: number;
  intervalSeconds?: number;
}

export interface BackendPolicySettings {
  source: PolicySource;
  /**
   * The policy at one target ("<policy key>@<target key>"). Where a backend's settings differ
   * from its plain cluster's (XdsIR.backendClusterPolicies), it gets a cluster of its own named
   * after the policy ("<backend cluster>/backendpolicy/<namespace>/<name>").
   */
  id: string;
  circuitBreaker?: CircuitBreakerSettings;
  healthCheck?: ActiveHealthCheckSettings;
  outlierDetection?: OutlierDetectionSettings;
  loadBalancer?: LoadBalancerSettings;
  timeout?: BackendTimeoutSettings;
  tcpKeepalive?: TcpKeepaliveSettings;
  /** Upstream PROXY protocol header version. */
  proxyProtocol?: { version: 'v1' | 'v2' };
}

/**
 * The BackendPolicy settings Envoy holds on a route rather than its clusters, each its first
 * backend's that sets it: what a consistent hash balancer hashes, and the stream idle timeout.
 */
export interface BackendPolicyRouteSettings {
  hashOn?: HashOn;
  streamIdleMs?: number;
}
