/**
 * ClientPolicy content as the IR's client settings, and the rule for listeners that share one
 * Envoy listener: plain HTTP listeners on one port share one connection manager, so whatever a
 * ClientPolicy sets there must be the same for all of them. When it is not, none of them gets
 * the ClientPolicy settings (the port keeps Envoy's defaults rather than one listener's choice
 * silently applying to another's clients), and each policy involved is Conflicted, naming the port,
 * unless it still applies through other listeners of its target.
 * HTTPS listeners have a connection manager of their own (one filter chain each), so they never conflict.
 */
import type { PierPolicy } from '../../apis/pier';
import type { ClientSettings, ClientIPDetectionSettings } from '../../ir/client';
import type { HTTPListener } from '../../ir/types';
import { ACCEPTED } from './attachment';
import { compressionSettings } from './clientpolicy-compression';
import type { Verdict } from '../model/status';

export type ClientContent = Omit<ClientSettings, 'source' | 'id'>;

export function checkClientPolicy(policy: PierPolicy): { content: Verdict; settings?: ClientContent } {
  if (policy.kind !== 'ClientPolicy') throw new Error(`checkClientPolicy: ${policy.kind}`);
  const content: ClientContent = {};
  const detection = policy.spec.clientIPDetection;
  if (detection) {
    const out: ClientIPDetectionSettings = {};
    if (detection.xForwardedFor) out.xffNumTrustedHops = detection.xForwardedFor.numTrustedHops;
    if (detection.customHeader) out.customHeader = { name: detection.customHeader.name.toLowerCase(), failClosed: detection.customHeader.failClosed ?? false };
    content.clientIPDetection = out;
  }
  if (policy.spec.compression) content.compression = compressionSettings(policy.spec.compression);
  if (policy.spec.http3) content.http3 = true;
  return { content: ACCEPTED, settings: content };
}

/** A policy whose settings were dropped on a shared port: where it was attached, and why. */
export interface SharedPortConflict {
  /** "ClientPolicy/<ns>/<name>" */
  policyKey: string;
  /** describeTarget of its target there */
  target: string;
  message: string;
}

function connectionSettingsKey(l: HTTPListener): string {
  const client = l.policies?.client;
  if (!client) return '{}';
  // HTTP/3 is for HTTPS listeners only: plain ones sharing a port do not disagree over it.
  const { source: _source, id: _id, http3: _http3, ...settings } = client;
  return JSON.stringify(settings);
}

/**
 * The HTTP listeners with the client settings dropped from plain HTTP listeners of a port where
 * they disagree; conflicts gets one entry per policy target involved.
 */
export function settleSharedPorts(http: readonly HTTPListener[], conflicts: SharedPortConflict[]): HTTPListener[] {
  const byPort = new Map<string, HTTPListener[]>();
  for (const l of http) {
    if (l.tls) continue;
    const key = `${l.address}|${l.port}`;
    byPort.set(key, [...(byPort.get(key) ?? []), l]);
  }
  const dropped = new Set<HTTPListener>();
  const found: SharedPortConflict[] = [];
  for (const listeners of byPort.values()) {
    if (new Set(listeners.map(connectionSettingsKey)).size <= 1) continue;
    const port = listeners[0]!.port;
    const names = listeners.map((l) => l.name.slice(l.name.lastIndexOf('/') + 1));
    const message = `listeners ${names.join(', ')} share port ${port} (one Envoy listener) and their ClientPolicy settings differ there; none applies on port ${port}`;
    const seen = new Set<string>();
    for (const l of listeners) {
      dropped.add(l);
      const source = l.policies?.client?.source;
      if (!source) continue;
      const policyKey = `${source.kind}/${source.namespace}/${source.name}`;
      if (seen.has(`${policyKey}@${source.target}`)) continue;
      seen.add(`${policyKey}@${source.target}`);
      found.push({ policyKey, target: source.target, message });
    }
  }
  if (dropped.size === 0) return http as HTTPListener[];
  const settled = http.map((l) => {
    if (!dropped.has(l) || !l.policies?.client) return l;
    const { client: _client, ...rest } = l.policies;
    const out: HTTPListener = { ...l };
    if (Object.keys(rest).length > 0) out.policies = rest;
    else delete out.policies;
    return out;
  });
  // A target that still applies on another port (a Gateway with other listeners) is not Conflicted.
  const applying = new Set(settled.flatMap((l) => { const s = l.policies?.client?.source; return s ? [`${s.kind}/${s.namespace}/${s.name}@${s.target}`] : []; }));
  conflicts.push(...found.filter((c) => !applying.has(`${c.policyKey}@${c.target}`)));
  return settled;
}
