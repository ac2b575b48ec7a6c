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
  type: 'http' | 'tcp';
  intervalMs: number;
  timeoutMs: number;
  unhealthyThreshold: number;
  healthyThreshold: number;
  /** http: the GET's path and the statuses that pass. */
  path?: string;
  expectedStatuses?: number[];
}

/** Envoy outlier detection; absent fields keep Envoy's defaults. */
export interface OutlierDetectionSettings {
  consecutive5xx?: number;
  consecutiveGatewayErrors?: number;
  intervalMs?: number;
  baseEjectionTimeMs?: number;
  maxEjectionPercent?: number;
}

export interface BackendPolicySettings {
  source: PolicySource;
  /**
   * Names the clusters: the backends of routes with these settings get clusters of their own
   * ("<backend cluster>/backendpolicy/<namespace>/<name>"), shared by every target of the policy.
   */
  id: string;
  circuitBreaker?: CircuitBreakerSettings;
  healthCheck?: ActiveHealthCheckSettings;
  outlierDetection?: OutlierDetectionSettings;
}
