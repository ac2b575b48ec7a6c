/**
 * ObservabilityPolicy content as the IR's observability settings (per listener): access logs,
 * each with its format (a text line, JSON fields, or Envoy's default line), its sink (stdout or
 * a file) and its status code filter. What the CRD cannot check (a filter whose bounds cross)
 * makes the policy Invalid.
 */
import type { AccessLog, ObservabilityPolicy } from '../../apis/pier-observability';
import type { AccessLogSettings } from '../../ir/observability';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { ACCEPTED } from './attachment';

/** What an ObservabilityPolicy asks for, before it is placed at a target. */
export interface ObservabilityContent {
  accessLogs: AccessLogSettings[];
}

function accessLog(log: AccessLog, index: number, problems: string[]): AccessLogSettings {
  const out: AccessLogSettings = {};
  const format = log.format;
  if (format?.type === 'JSON') out.json = Object.entries(format.json ?? {}).map(([name, value]) => ({ name, value }));
  // Envoy writes a text format as given: each entry needs its own line.
  else if (format?.text !== undefined) out.text = format.text.endsWith('\n') ? format.text : `${format.text}\n`;
  if (log.sink.type === 'File') out.path = log.sink.path;
  const codes = log.filter?.statusCodes;
  if (codes) {
    if (codes.min !== undefined && codes.max !== undefined && codes.min > codes.max) problems.push(`spec.accessLogs[${index}].filter.statusCodes: min ${codes.min} is greater than max ${codes.max}`);
    out.statusCodes = { ...(codes.min === undefined ? {} : { min: codes.min }), ...(codes.max === undefined ? {} : { max: codes.max }) };
  }
  return out;
}

export function checkObservabilityPolicy(policy: ObservabilityPolicy): { content: Verdict; settings?: ObservabilityContent } {
  const problems: string[] = [];
  if (policy.spec.accessLogs === undefined) problems.push('spec.accessLogs must be set');
  const accessLogs = (policy.spec.accessLogs ?? []).map((log, i) => accessLog(log, i, problems));
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  return { content: ACCEPTED, settings: { accessLogs } };
}
