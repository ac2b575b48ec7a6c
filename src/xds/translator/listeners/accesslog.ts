/**
 * The access logs of an HTTP connection manager, from its listeners' ObservabilityPolicy settings
 * (IR policies.observability): a listener without them keeps the default line on stdout. Plain
 * HTTP listeners sharing a port share one connection manager, so it writes what any of them
 * asks for (each distinct log once).
 */
import type { AccessLog } from '../../../generated/envoy/config/accesslog/v3/AccessLog';
import type { AccessLogFilter } from '../../../generated/envoy/config/accesslog/v3/AccessLogFilter';
import type { SubstitutionFormatString } from '../../../generated/envoy/config/core/v3/SubstitutionFormatString';
import type { FileAccessLog } from '../../../generated/envoy/extensions/access_loggers/file/v3/FileAccessLog';
import type { StdoutAccessLog } from '../../../generated/envoy/extensions/access_loggers/stream/v3/StdoutAccessLog';
import type { AccessLogSettings } from '../../../ir/observability';
import type { HTTPListener } from '../../../ir/types';
import { typedConfig } from '../../types';
import { stdoutAccessLog } from '../common';
import { FilterName, ProtoType } from '../names';

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

function accessLog(settings: AccessLogSettings): AccessLog {
  const format = logFormat(settings);
  const out: AccessLog = settings.path === undefined
    ? { name: FilterName.stdoutAccessLog, typed_config: typedConfig<StdoutAccessLog>(ProtoType.stdoutAccessLog, format ? { log_format: format } : {}) }
    : { name: FilterName.fileAccessLog, typed_config: typedConfig<FileAccessLog>(ProtoType.fileAccessLog, format ? { path: settings.path, log_format: format } : { path: settings.path }) };
  const filter = settings.statusCodes ? statusFilter(settings.statusCodes) : undefined;
  if (filter) out.filter = filter;
  return out;
}

/** The access logs of a connection manager serving these listeners. */
export function httpAccessLogs(listeners: readonly HTTPListener[]): AccessLog[] {
  if (listeners.every((l) => !l.policies?.observability)) return stdoutAccessLog();
  const out = new Map<string, AccessLog>();
  for (const l of listeners) {
    const logs = l.policies?.observability ? l.policies.observability.accessLogs.map(accessLog) : stdoutAccessLog();
    for (const log of logs) {
      const key = JSON.stringify(log);
      if (!out.has(key)) out.set(key, log);
    }
  }
  return [...out.values()];
}
