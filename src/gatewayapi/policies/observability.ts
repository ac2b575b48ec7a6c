/**
 * ObservabilityPolicy content as the IR's observability settings (per listener): access logs,
 * each with its format (a text line, JSON fields, or Envoy's default line), its sink (stdout or
 * a file) and its status code filter. What the CRD cannot check (a filter whose bounds cross)
 * makes the policy Invalid.
 */
import type { AccessLog, ObservabilityPolicy, ObservabilityTracing } from '../../apis/pier-observability';
import type { AccessLogSettings, ObservabilityTracingSettings } from '../../ir/observability';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { ACCEPTED } from './attachment';

/** What an ObservabilityPolicy asks for, before it is placed at a target. */
export interface ObservabilityContent {
  accessLogs?: AccessLogSettings[];
  tracing?: ObservabilityTracingSettings;
}

function tracingSettings(tracing: ObservabilityTracing, problems: string[]): ObservabilityTracingSettings {
  const out: ObservabilityTracingSettings = {};
  if (tracing.provider) out.provider = { backend: { ...tracing.provider.backendRef }, field: 'spec.tracing.provider.backendRef' };
  const rate = tracing.samplingRate;
  if (rate) {
    const denominator = rate.denominator ?? 100;
    if (rate.numerator > denominator) problems.push(`spec.tracing.samplingRate: ${rate.numerator}/${denominator} is more than 1`);
    out.samplingPercent = (rate.numerator / denominator) * 100;
  }
  if (tracing.serviceName !== undefined) out.serviceName = tracing.serviceName;
  return out;
}

function accessLog(log: AccessLog, index: number, problems: string[]): AccessLogSettings {
  const out: AccessLogSettings = {};
  const format = log.format;
  if (format?.type === 'JSON') out.json = Object.entries(format.json ?? {}).map(([name, value]) => ({ name, value }));
  // Envoy writes a text format as given: each entry needs its own line.
  else if (format?.text !== undefined) out.text = format.text.endsWith('\n') ? format.text : `${format.text}\n`;
  if (log.sink.type === 'File') out.path = log.sink.path;
  if (log.sink.type === 'OTLP' && log.sink.otlp) {
    const otlp = log.sink.otlp;
    out.otlp = { backend: { ...otlp.backendRef }, field: `spec.accessLogs[${index}].sink.otlp.backendRef`, attributes: Object.entries(otlp.attributes ?? {}).map(([name, value]) => ({ name, value })) };
    // The body is the format as given: a record is not a line.
    if (out.text !== undefined && format?.text !== undefined) out.text = format.text;
  }
  const codes = log.filter?.statusCodes;
  if (codes) {
    if (codes.min !== undefined && codes.max !== undefined && codes.min > codes.max) problems.push(`spec.accessLogs[${index}].filter.statusCodes: min ${codes.min} is greater than max ${codes.max}`);
    out.statusCodes = { ...(codes.min === undefined ? {} : { min: codes.min }), ...(codes.max === undefined ? {} : { max: codes.max }) };
  }
  return out;
}

export function checkObservabilityPolicy(policy: ObservabilityPolicy): { content: Verdict; settings?: ObservabilityContent } {
  const problems: string[] = [];
  const { spec } = policy;
  if (spec.accessLogs === undefined && spec.tracing === undefined) problems.push('spec: one of accessLogs and tracing must be set');
  const settings: ObservabilityContent = {};
  if (spec.accessLogs) settings.accessLogs = spec.accessLogs.map((log, i) => accessLog(log, i, problems));
  if (spec.tracing) {
    settings.tracing = tracingSettings(spec.tracing, problems);
    // Envoy has one tracer per connection manager: a route can only sample differently.
    const onRoutes = (spec.targetRefs ?? []).some((t) => t.kind === 'HTTPRoute' || t.kind === 'GRPCRoute');
    if (onRoutes && (spec.tracing.provider || spec.tracing.serviceName !== undefined)) problems.push('spec.tracing: provider and serviceName are for Gateway, ListenerSet and listener targets, not routes');
  }
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  return { content: ACCEPTED, settings };
}
