/** The IR's ObservabilityPolicy settings (PolicySettings.observability), per HTTP listener. */
import type { PolicySource } from './types';

/** One access log: how entries are written, where, and which requests it records. */
export interface AccessLogSettings {
  /** Text line of Envoy command operators, newline-terminated (absent, and no json: Envoy's default line). */
  text?: string;
  /** JSON object: field name -> command operator(s), in the policy's order. */
  json?: { name: string; value: string }[];
  /** A file the proxy appends to; absent: the proxy's standard output. */
  path?: string;
  /** Only responses with a status code in [min, max] (each bound optional). */
  statusCodes?: { min?: number; max?: number };
}

export interface ObservabilitySettings {
  source: PolicySource;
  id: string;
  /** Replace the proxy's default access log; empty: none. */
  accessLogs: AccessLogSettings[];
}
