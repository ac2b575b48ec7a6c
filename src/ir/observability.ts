/** The IR's ObservabilityPolicy settings (PolicySettings.observability), per HTTP listener. */
import type { OTLPExporter, PolicySource, Tracing } from './types';

/** A Service port the policy names as its OTLP receiver, in the policy's namespace unless said. */
export interface OTLPBackend {
  group?: string;
  kind?: string;
  namespace?: string;
  name: string;
  port?: number;
}

/** Access log entries sent as OTLP log records (body from the format, attributes of the user's). */
export interface OTLPAccessLog {
  /** What the policy names (field: where, for status messages). */
  backend: OTLPBackend;
  field: string;
  /** The receiver, once resolved for the Gateway (absent: unresolved, the log is left out). */
  exporter?: OTLPExporter;
  /** Record attributes, in the policy's order: name -> command operator(s). */
  attributes: { name: string; value: string }[];
}

/** One access log: how entries are written, where, and which requests it records. */
export interface AccessLogSettings {
  /** Text line of Envoy command operators, newline-terminated (absent, and no json: Envoy's default line). */
  text?: string;
  /** JSON object: field name -> command operator(s), in the policy's order. */
  json?: { name: string; value: string }[];
  /** A file the proxy appends to; absent (and no otlp): the proxy's standard output. */
  path?: string;
  /** Sent over OTLP/gRPC instead (text: the record's body; json: its body as a key/value list). */
  otlp?: OTLPAccessLog;
  /** Only responses with a status code in [min, max] (each bound optional). */
  statusCodes?: { min?: number; max?: number };
}

/** What an ObservabilityPolicy sets of tracing (each field optional: the rest from XTelemetryPolicy). */
export interface ObservabilityTracingSettings {
  /** The spans' receiver the policy names (field: where, for status messages). */
  provider?: { backend: OTLPBackend; field: string };
  /** Percent (0-100) of requests without a sampled parent that start a trace. */
  samplingPercent?: number;
  serviceName?: string;
  /** The settings id of the target the tracing was set at ("<policy>@<target key>"). */
  origin?: string;
  /**
   * The tracer of the connection managers these settings reach, as the Gateway's unit settled it
   * with the Gateway's XTelemetryPolicy (absent on routes, and where there is no receiver).
   */
  tracer?: Tracing;
}

/**
 * Field-merge: accessLogs and tracing each come from the most specific policy that sets them
 * (source and id: the most specific policy's).
 */
export interface ObservabilitySettings {
  source: PolicySource;
  id: string;
  /** Replace the proxy's default access log; empty: none; absent: the default line. */
  accessLogs?: AccessLogSettings[];
  tracing?: ObservabilityTracingSettings;
}
