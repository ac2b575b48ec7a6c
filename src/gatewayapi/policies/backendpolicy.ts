/**
 * BackendPolicy content as the IR's backend settings. The CRD checks ranges; what is left here is
 * that the policy asks for something.
 */
import type { BackendPolicy, PierPolicy } from '../../apis/pier';
import type { ActiveHealthCheckSettings, BackendPolicySettings, CircuitBreakerSettings, OutlierDetectionSettings } from '../../ir/backendpolicy';
import { parseDurationMs } from '../routes/duration';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { ACCEPTED } from './attachment';
import { loadBalancerOf } from './backendpolicy-lb';
import { tcpKeepaliveOf, timeoutOf } from './backendpolicy-timeouts';

/** What a BackendPolicy asks for, before it is placed at a target. */
export type BackendPolicyContent = Omit<BackendPolicySettings, 'source' | 'id'>;

function circuitBreakerOf(policy: BackendPolicy): CircuitBreakerSettings | undefined {
  const cb = policy.spec.circuitBreaker;
  if (!cb) return undefined;
  const out: CircuitBreakerSettings = {};
  if (cb.maxConnections !== undefined) out.maxConnections = cb.maxConnections;
  if (cb.maxPendingRequests !== undefined) out.maxPendingRequests = cb.maxPendingRequests;
  if (cb.maxParallelRequests !== undefined) out.maxRequests = cb.maxParallelRequests;
  if (cb.maxParallelRetries !== undefined) out.maxRetries = cb.maxParallelRetries;
  return out;
}

/** A duration field in milliseconds (fallback when unset), or a problem. */
function duration(value: string | undefined, fallbackMs: number, field: string, problems: string[]): number {
  if (value === undefined) return fallbackMs;
  const ms = parseDurationMs(value);
  if (ms === undefined || ms === 0) {
    problems.push(`${field} "${value}" is not a positive duration`);
    return fallbackMs;
  }
  return ms;
}

function activeOf(policy: BackendPolicy, problems: string[]): ActiveHealthCheckSettings | undefined {
  const active = policy.spec.healthCheck?.active;
  if (!active) return undefined;
  const at = 'spec.healthCheck.active';
  const out: ActiveHealthCheckSettings = {
    type: active.type === 'TCP' ? 'tcp' : active.type === 'GRPC' ? 'grpc' : 'http',
    intervalMs: duration(active.interval, 5000, `${at}.interval`, problems),
    timeoutMs: duration(active.timeout, 1000, `${at}.timeout`, problems),
    unhealthyThreshold: active.unhealthyThreshold ?? 3,
    healthyThreshold: active.healthyThreshold ?? 1,
  };
  if (active.type === 'HTTP') {
    if (!active.http) problems.push(`${at}.http is required for type HTTP`);
    else {
      out.path = active.http.path;
      out.expectedStatuses = [...new Set(active.http.expectedStatuses ?? [200])].sort((a, b) => a - b);
    }
  }
  if (active.type === 'GRPC' && active.grpc?.service) out.grpcService = active.grpc.service;
  return out;
}

function passiveOf(policy: BackendPolicy, problems: string[]): OutlierDetectionSettings | undefined {
  const passive = policy.spec.healthCheck?.passive;
  if (!passive) return undefined;
  const at = 'spec.healthCheck.passive';
  const out: OutlierDetectionSettings = {};
  if (passive.consecutive5xxErrors !== undefined) out.consecutive5xx = passive.consecutive5xxErrors;
  if (passive.consecutiveGatewayErrors !== undefined) out.consecutiveGatewayErrors = passive.consecutiveGatewayErrors;
  if (passive.interval !== undefined) out.intervalMs = duration(passive.interval, 10_000, `${at}.interval`, problems);
  if (passive.baseEjectionTime !== undefined) out.baseEjectionTimeMs = duration(passive.baseEjectionTime, 30_000, `${at}.baseEjectionTime`, problems);
  if (passive.maxEjectionPercent !== undefined) out.maxEjectionPercent = passive.maxEjectionPercent;
  return out;
}

export function checkBackendPolicy(policy: PierPolicy): { content: Verdict; settings?: BackendPolicyContent } {
  // The registry calls each kind's check with policies of that kind only.
  const bp = policy as BackendPolicy;
  const content: BackendPolicyContent = {};
  const circuitBreaker = circuitBreakerOf(bp);
  if (circuitBreaker && Object.keys(circuitBreaker).length > 0) content.circuitBreaker = circuitBreaker;
  const problems: string[] = [];
  const active = activeOf(bp, problems);
  if (active) content.healthCheck = active;
  const passive = passiveOf(bp, problems);
  if (passive) content.outlierDetection = passive;
  const loadBalancer = loadBalancerOf(bp, problems);
  if (loadBalancer) content.loadBalancer = loadBalancer;
  const timeout = timeoutOf(bp, problems);
  if (timeout) content.timeout = timeout;
  const tcpKeepalive = tcpKeepaliveOf(bp, problems);
  if (tcpKeepalive) content.tcpKeepalive = tcpKeepalive;
  if (bp.spec.proxyProtocol) content.proxyProtocol = { version: bp.spec.proxyProtocol.version === 'V1' ? 'v1' : 'v2' };
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  if (Object.keys(content).length === 0) return { content: verdict(false, PolicyReason.Invalid, 'spec must set circuitBreaker, healthCheck, loadBalancer, timeout, tcpKeepalive or proxyProtocol') };
  return { content: ACCEPTED, settings: content };
}
