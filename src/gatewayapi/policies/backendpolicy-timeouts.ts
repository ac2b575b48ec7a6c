/** BackendPolicy's spec.timeout and spec.tcpKeepalive as IR settings. */
import type { BackendPolicy } from '../../apis/pier';
import type { BackendTimeoutSettings, TcpKeepaliveSettings } from '../../ir/backendpolicy';
import { parseDurationMs } from '../routes/duration';

/** A positive duration in milliseconds, or a problem naming the field. */
function positiveMs(value: string, field: string, problems: string[]): number | undefined {
  const ms = parseDurationMs(value);
  if (ms === undefined || ms === 0) {
    problems.push(`${field} "${value}" is not a positive duration`);
    return undefined;
  }
  return ms;
}

export function timeoutOf(policy: BackendPolicy, problems: string[]): BackendTimeoutSettings | undefined {
  const t = policy.spec.timeout;
  if (!t) return undefined;
  const out: BackendTimeoutSettings = {};
  const set = (value: string | undefined, field: keyof NonNullable<BackendPolicy['spec']['timeout']>, key: keyof BackendTimeoutSettings): void => {
    if (value === undefined) return;
    const ms = positiveMs(value, `spec.timeout.${field}`, problems);
    if (ms !== undefined) out[key] = ms;
  };
  set(t.connect, 'connect', 'connectMs');
  set(t.idle, 'idle', 'idleMs');
  set(t.streamIdle, 'streamIdle', 'streamIdleMs');
  return Object.keys(out).length > 0 ? out : undefined;
}

export function tcpKeepaliveOf(policy: BackendPolicy, problems: string[]): TcpKeepaliveSettings | undefined {
  const k = policy.spec.tcpKeepalive;
  if (!k) return undefined;
  const out: TcpKeepaliveSettings = {};
  if (k.probes !== undefined) out.probes = k.probes;
  // The kernel counts keepalive in whole seconds: a part second is rounded up.
  const seconds = (value: string | undefined, field: string): number | undefined => {
    if (value === undefined) return undefined;
    const ms = positiveMs(value, `spec.tcpKeepalive.${field}`, problems);
    return ms === undefined ? undefined : Math.ceil(ms / 1000);
  };
  const idle = seconds(k.idleTime, 'idleTime');
  if (idle !== undefined) out.idleTimeSeconds = idle;
  const interval = seconds(k.interval, 'interval');
  if (interval !== undefined) out.intervalSeconds = interval;
  return out;
}
