/**
 * The access logs of an HTTP connection manager, from its listeners' ObservabilityPolicy settings
 * (IR policies.observability): a listener without them keeps the default line on stdout. Plain
 * HTTP listeners sharing a port share one connection manager, so it writes what any of them
 * asks for (each distinct log once). Routes with access logs of their own get theirs behind a
 * filter on the route (observability-route.ts). Sinks: stdout, a file, or OTLP log records
 * (Envoy's OpenTelemetry access logger). Also the connection manager's tracer when a listener's
 * ObservabilityPolicy settles one (listenersTracing).
 */
import type { AccessLog } from '../../../generated/envoy/config/accesslog/v3/AccessLog';
import type { AccessLogFilter } from '../../../generated/envoy/config/accesslog/v3/AccessLogFilter';
import type { SubstitutionFormatString } from '../../../generated/envoy/config/core/v3/SubstitutionFormatString';
import type { FileAccessLog } from '../../../generated/envoy/extensions/access_loggers/file/v3/FileAccessLog';
import type { StdoutAccessLog } from '../../../generated/envoy/extensions/access_loggers/stream/v3/StdoutAccessLog';
import type { OpenTelemetryAccessLogConfig } from '../../../generated/envoy/extensions/access_loggers/open_telemetry/v3/OpenTelemetryAccessLogConfig';
import type { AnyValue } from '../../../generated/opentelemetry/proto/common/v1/AnyValue';
import type { AccessLogSettings, ObservabilitySettings, OTLPAccessLog } from '../../../ir/observability';
import { notRoutePolicyFilter, routePolicyFilter } from './observability-route';
import type { DestinationSetting, HTTPListener, PolicySettings, Tracing } from '../../../ir/types';
import { typedConfig } from '../../types';
import { durationFromMs, stdoutAccessLog } from '../common';
import { FilterName, ProtoType } from '../names';
import { routesWithPolicies } from './route-policies';

/** Runtime keys Envoy's status code comparison requires; unset, so the policy's bound applies. */
const STATUS_MIN_RUNTIME_KEY = 'pier.access_log.status_code_min';
const STATUS_MAX_RUNTIME_KEY = 'pier.access_log.status_code_max';

function logFormat(settings: AccessLogSettings): SubstitutionFormatString | undefined {
  if (settings.json) {
    // google.protobuf.Struct is protobufjs' own well-known type, with camelCase field names.
    const fields = Object.fromEntries(settings.json.map((f) => [f.name, { stringValue: f.value }]));
    return { json_format: { fields } };
  }
  if (settings.text !== undefined) return { text_format_source: { inline_string: settings.text } };
  return undefined;
}

function statusFilter(codes: NonNullable<AccessLogSettings['statusCodes']>): AccessLogFilter | undefined {
  const filters: AccessLogFilter[] = [];
  if (codes.min !== undefined) filters.push({ status_code_filter: { comparison: { op: 'GE', value: { default_value: codes.min, runtime_key: STATUS_MIN_RUNTIME_KEY } } } });
  if (codes.max !== undefined) filters.push({ status_code_filter: { comparison: { op: 'LE', value: { default_value: codes.max, runtime_key: STATUS_MAX_RUNTIME_KEY } } } });
  if (filters.length <= 1) return filters[0];
  return { and_filter: { filters } };
}

/** How long one export request may take. */
const EXPORT_TIMEOUT_MS = 5_000;

function keyValues(fields: readonly { name: string; value: string }[]): { values: { key: string; value: AnyValue }[] } {
  return { values: fields.map((f) => ({ key: f.name, value: { string_value: f.value } })) };
}

/** Envoy's OpenTelemetry access logger: the format is the record's body (a string, or a key/value list for JSON). */
function otlpAccessLog(settings: AccessLogSettings, otlp: OTLPAccessLog & { exporter: NonNullable<OTLPAccessLog['exporter']> }): AccessLog {
  const config: OpenTelemetryAccessLogConfig = {
    common_config: {
      log_name: 'pier',
      grpc_service: { envoy_grpc: { cluster_name: otlp.exporter.destination.clusterName }, timeout: durationFromMs(EXPORT_TIMEOUT_MS) },
      transport_api_version: 'V3',
    },
  };
  if (settings.json) config.body = { kvlist_value: keyValues(settings.json) };
  else if (settings.text !== undefined) config.body = { string_value: settings.text };
  if (otlp.attributes.length > 0) config.attributes = keyValues(otlp.attributes);
  return { name: FilterName.openTelemetryAccessLog, typed_config: typedConfig<OpenTelemetryAccessLogConfig>(ProtoType.openTelemetryAccessLog, config) };
}

function accessLog(settings: AccessLogSettings): AccessLog | undefined {
  if (settings.otlp) {
    // Unresolved receivers are left out (the policy's status says why).
    const { exporter } = settings.otlp;
    return exporter ? withFilter(otlpAccessLog(settings, { ...settings.otlp, exporter }), settings) : undefined;
  }
  const format = logFormat(settings);
  const out: AccessLog = settings.path === undefined
    ? { name: FilterName.stdoutAccessLog, typed_config: typedConfig<StdoutAccessLog>(ProtoType.stdoutAccessLog, format ? { log_format: format } : {}) }
    : { name: FilterName.fileAccessLog, typed_config: typedConfig<FileAccessLog>(ProtoType.fileAccessLog, format ? { path: settings.path, log_format: format } : { path: settings.path }) };
  return withFilter(out, settings);
}

function withFilter(log: AccessLog, settings: AccessLogSettings): AccessLog {
  const filter = settings.statusCodes ? statusFilter(settings.statusCodes) : undefined;
  if (filter) log.filter = filter;
  return log;
}

/** The receivers of a listener's OTLP access logs and of its own tracer (their clusters). */
export function accessLogExporters(policies: PolicySettings | undefined): DestinationSetting[] {
  const out = (policies?.observability?.accessLogs ?? []).flatMap((l) => (l.otlp?.exporter ? [l.otlp.exporter.destination] : []));
  const tracer = policies?.observability?.tracing?.tracer;
  if (tracer && !tracer.exporter.destination.invalid) out.push(tracer.exporter.destination);
  return out;
}

/** The tracer of a connection manager serving these listeners: the first one's own (ObservabilityPolicy), else the Gateway's. */
export function listenersTracing(listeners: readonly HTTPListener[], gatewayWide: Tracing | undefined): Tracing | undefined {
  for (const l of listeners) {
    const tracing = l.policies?.observability?.tracing;
    if (tracing) return tracing.tracer ?? gatewayWide;
  }
  return gatewayWide;
}

/** The access logs the listeners themselves ask for (each distinct log once). */
function listenerAccessLogs(listeners: readonly HTTPListener[]): AccessLog[] {
  if (listeners.every((l) => !l.policies?.observability?.accessLogs)) return stdoutAccessLog();
  const out = new Map<string, AccessLog>();
  for (const l of listeners) {
    const own = l.policies?.observability?.accessLogs;
    const logs = own ? own.flatMap((s) => accessLog(s) ?? []) : stdoutAccessLog();
    for (const log of logs) {
      const key = JSON.stringify(log);
      if (!out.has(key)) out.set(key, log);
    }
  }
  return [...out.values()];
}

/** The ObservabilityPolicy settings of the listeners' routes, by id (each once). */
function routePolicies(listeners: readonly HTTPListener[]): Map<string, ObservabilitySettings> {
  const out = new Map<string, ObservabilitySettings>();
  for (const l of listeners) {
    for (const vh of l.virtualHosts) {
      for (const r of routesWithPolicies(vh)) {
        const own = r.policies?.observability;
        if (own?.accessLogs && !out.has(own.id)) out.set(own.id, own);
      }
    }
  }
  return out;
}

function andFilter(log: AccessLog, extra: AccessLogFilter): AccessLog {
  return { ...log, filter: log.filter ? { and_filter: { filters: [log.filter, extra] } } : extra };
}

/**
 * The access logs of a connection manager serving these listeners. Routes with an
 * ObservabilityPolicy of their own replace the listener's logs for their requests: theirs are
 * written behind a filter on the route's policy (observability-route.ts), the listener's skip them.
 */
export function httpAccessLogs(listeners: readonly HTTPListener[]): AccessLog[] {
  const own = listenerAccessLogs(listeners);
  const routes = routePolicies(listeners);
  if (routes.size === 0) return own;
  const out = own.map((log) => andFilter(log, notRoutePolicyFilter()));
  for (const [id, settings] of [...routes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const logs = settings.accessLogs!.flatMap((s) => accessLog(s) ?? []);
    out.push(...logs.map((log) => andFilter(log, routePolicyFilter(id))));
  }
  return out;
}
