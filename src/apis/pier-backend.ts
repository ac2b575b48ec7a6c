/**
 * BackendPolicy (gateway.pier.dev/v1alpha1): how the proxy treats the backends of the traffic it
 * reaches (Gateway, listener, HTTPRoute, GRPCRoute, rule). Field names as in
 * crds/pier/gateway.pier.dev_backendpolicies.yaml.
 */
import type { LocalPolicyTargetReferenceWithSectionName, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';

/** Limits on what the proxy asks of each backend at once (Envoy's circuit breakers); over a limit, requests fail fast (503). */
export interface BackendCircuitBreaker {
  /** Connections open to the backend's endpoints together. */
  maxConnections?: number;
  /** Requests waiting for a connection. */
  maxPendingRequests?: number;
  /** Requests in flight. */
  maxParallelRequests?: number;
  /** Retries in flight. */
  maxParallelRetries?: number;
}

/** Probes each proxy sends to every endpoint; an endpoint that fails them gets no traffic until it passes again. */
export interface ActiveHealthCheck {
  type: 'HTTP' | 'TCP' | 'GRPC';
  /** Between probes (Gateway API duration); default 5s. */
  interval?: string;
  /** A probe without an answer in this time failed; default 1s. */
  timeout?: string;
  /** Failed probes in a row that make an endpoint unhealthy; default 3. */
  unhealthyThreshold?: number;
  /** Passed probes in a row that make it healthy again; default 1. */
  healthyThreshold?: number;
  /** type HTTP: a GET of path; healthy when the status is one of expectedStatuses (default [200]). */
  http?: { path: string; expectedStatuses?: number[] };
  /** type GRPC: the grpc.health.v1 Check of service (default "": the server as a whole); healthy when SERVING. */
  grpc?: { service?: string };
}

/** Outlier detection: endpoints that fail real requests are ejected for a while. */
export interface PassiveHealthCheck {
  /** 5xx answers (or connection failures) in a row that eject an endpoint. */
  consecutive5xxErrors?: number;
  /** 502, 503, 504 or connection failures in a row that eject an endpoint. */
  consecutiveGatewayErrors?: number;
  /** How often ejections are reviewed; default 10s. */
  interval?: string;
  /** An endpoint's first ejection lasts this long (then longer each time); default 30s. */
  baseEjectionTime?: string;
  /** At most this share of the endpoints ejected at once; default 10 (at least one endpoint). */
  maxEjectionPercent?: number;
}

export interface BackendHealthCheck {
  active?: ActiveHealthCheck;
  passive?: PassiveHealthCheck;
}

/** What a consistent hash load balancer hashes: the same value reaches the same endpoint while the endpoints stay. */
export interface ConsistentHash {
  type: 'Header' | 'Cookie' | 'SourceIP';
  /** type Header: the request header's value. */
  header?: { name: string };
  /**
   * type Cookie: the cookie's value; a request without it gets one made by the proxy (Set-Cookie),
   * lasting ttl (Gateway API duration; absent or 0s: a session cookie), for path (default none).
   */
  cookie?: { name: string; ttl?: string; path?: string };
}

/** How each proxy picks an endpoint of the backend for a request. */
export interface BackendLoadBalancer {
  type: 'RoundRobin' | 'LeastRequest' | 'Random' | 'RingHash' | 'Maglev';
  /** type LeastRequest: endpoints drawn at random per request, the least busy taken (default 2). */
  leastRequest?: { choiceCount?: number };
  /** type RingHash or Maglev (and only then): what is hashed. */
  consistentHash?: ConsistentHash;
}

/** Timeouts between the proxy and the backend (Gateway API durations); the request timeouts are HTTPRoute's rules[].timeouts. */
export interface BackendTimeout {
  /** A connection to an endpoint not made in this time failed (Envoy's default 10s here). */
  connect?: string;
  /** A connection to an endpoint idle (no request) this long is closed (Envoy's default 1h). */
  idle?: string;
  /** A request with nothing sent either way this long is answered 504 (default none). */
  streamIdle?: string;
}

/** TCP keepalive probes on the proxy's connections to the backend (the kernel's defaults where unset). */
export interface BackendTCPKeepalive {
  /** Unanswered probes before the connection is dropped. */
  probes?: number;
  /** Idle time before the first probe (whole seconds). */
  idleTime?: string;
  /** Between probes (whole seconds). */
  interval?: string;
}

/** A PROXY protocol header the proxy sends first on each connection to the backend, carrying the client's address. */
export interface BackendProxyProtocol {
  version: 'V1' | 'V2';
}

export interface BackendPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  circuitBreaker?: BackendCircuitBreaker;
  healthCheck?: BackendHealthCheck;
  loadBalancer?: BackendLoadBalancer;
  timeout?: BackendTimeout;
  tcpKeepalive?: BackendTCPKeepalive;
  proxyProtocol?: BackendProxyProtocol;
}

export interface BackendPolicy extends KubeObject {
  apiVersion: 'gateway.pier.dev/v1alpha1';
  kind: 'BackendPolicy';
  spec: BackendPolicySpec;
  status?: PolicyStatus;
}
