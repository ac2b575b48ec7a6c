/**
 * ObservabilityPolicy (gateway.pier.dev/v1alpha1): what the proxies record of the traffic of a
 * Gateway or one of its listeners. Field names as in crds/pier/gateway.pier.dev_observabilitypolicies.yaml.
 */
import type { BackendObjectReference, LocalPolicyTargetReferenceWithSectionName, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';

/** How each access log entry is written: Envoy command operators (%REQ(:PATH)%, %RESPONSE_CODE%, ...). */
export interface AccessLogFormat {
  type: 'Text' | 'JSON';
  /** Text: one line per request (absent: Envoy's default format). */
  text?: string;
  /** JSON: one object per request, field name -> value (command operators). */
  json?: Record<string, string>;
}

/** An OpenTelemetry Collector (or any OTLP/gRPC receiver) as a Service port. */
export interface OTLPSink {
  /** A Service port speaking OTLP/gRPC (another namespace: with a ReferenceGrant). */
  backendRef: BackendObjectReference;
  /** Log record attributes: name -> value (command operators). */
  attributes?: Record<string, string>;
}

/** Where entries go: the proxy's standard output, a file the proxy appends to, or OTLP log records. */
export interface AccessLogSink {
  type: 'Stdout' | 'File' | 'OTLP';
  /** File: an absolute path on the proxy's host or container. */
  path?: string;
  /** OTLP: the receiver, and the records' attributes (the format gives their body). */
  otlp?: OTLPSink;
}

/** Which requests are logged: all of these must hold (none: every request). */
export interface AccessLogFilter {
  /** Response status codes, both bounds included. */
  statusCodes?: { min?: number; max?: number };
}

export interface AccessLog {
  format?: AccessLogFormat;
  sink: AccessLogSink;
  filter?: AccessLogFilter;
}

/**
 * Distributed tracing over OTLP/gRPC (Envoy's OpenTelemetry tracer). Shares the tracer with an
 * XTelemetryPolicy on the Gateway: see docs/policies/observabilitypolicy.md for which wins.
 */
export interface ObservabilityTracing {
  /** The OTLP/gRPC receiver of the spans (Gateway, ListenerSet and listener targets only). */
  provider?: { backendRef: BackendObjectReference };
  /** Of the requests without a sampled trace parent, the fraction that starts a trace (denominator: 100 when absent). */
  samplingRate?: { numerator: number; denominator?: number };
  /** The spans' service.name (Gateway, ListenerSet and listener targets only). */
  serviceName?: string;
}

export interface ObservabilityPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  /** Replace the proxy's default access log (a line per request on stdout); empty: no access log; absent: the default. */
  accessLogs?: AccessLog[];
  tracing?: ObservabilityTracing;
}

export interface ObservabilityPolicy extends KubeObject {
  apiVersion: 'gateway.pier.dev/v1alpha1';
  kind: 'ObservabilityPolicy';
  spec: ObservabilityPolicySpec;
  status?: PolicyStatus;
}
