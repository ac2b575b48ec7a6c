/**
 * ObservabilityPolicy (gateway.pier.dev/v1alpha1): what the proxies record of the traffic of a
 * Gateway or one of its listeners. Field names as in crds/pier/gateway.pier.dev_observabilitypolicies.yaml.
 */
import type { LocalPolicyTargetReferenceWithSectionName, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';

/** How each access log entry is written: Envoy command operators (%REQ(:PATH)%, %RESPONSE_CODE%, ...). */
export interface AccessLogFormat {
  type: 'Text' | 'JSON';
  /** Text: one line per request (absent: Envoy's default format). */
  text?: string;
  /** JSON: one object per request, field name -> value (command operators). */
  json?: Record<string, string>;
}

/** Where entries go: the proxy's standard output, or a file the proxy appends to. */
export interface AccessLogSink {
  type: 'Stdout' | 'File';
  /** File: an absolute path on the proxy's host or container. */
  path?: string;
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

export interface ObservabilityPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  /** Replace the proxy's default access log (a line per request on stdout); empty: no access log. */
  accessLogs?: AccessLog[];
}

export interface ObservabilityPolicy extends KubeObject {
  apiVersion: 'gateway.pier.dev/v1alpha1';
  kind: 'ObservabilityPolicy';
  spec: ObservabilityPolicySpec;
  status?: PolicyStatus;
}
