/**
 * ClientPolicy content as the IR's client settings, and the rule for listeners that share one
 * Envoy listener: plain HTTP listeners on one port share one connection manager, so whatever a
 * ClientPolicy sets there must be the same for all of them. When it is not, none of them gets
 * the ClientPolicy settings (the port keeps Envoy's defaults rather than one listener's choice
 * silently applying to another's clients), and each policy involved is Conflicted, naming the port,
 * unless it still applies through other listeners of its target.
 * HTTPS listeners have a connection manager of their own (one filter chain each), so they conflict
 * only on what lives on the socket every listener of a port shares: the PROXY protocol.
 */
import type { PierPolicy } from '../../apis/pier';
import type { ClientSettings, ClientIPDetectionSettings } from '../../ir/client';
import type { HTTPListener } from '../../ir/types';
import { ACCEPTED } from './attachment';
import { PolicyReason } from '../model/conditions';
import { joinMessages, verdict, type Verdict } from '../model/status';
import { clientConnectionSettings } from './clientpolicy-connection';
import { compressionSettings } from './clientpolicy-compression';

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
  const problems: string[] = [];
  const connection = clientConnectionSettings(policy.spec, problems);
  // QUIC is TLS 1.3 only: a lower cap and HTTP/3 cannot both hold (the CRD says so too).
  const maxVersion = policy.spec.tls?.maxVersion;
  if (policy.spec.http3 && maxVersion !== undefined && maxVersion !== '1.3') problems.push(`spec.http3 needs TLS 1.3 (QUIC), but spec.tls.maxVersion is ${maxVersion}`);
  if (problems.length > 0) return { content: verdict(false, PolicyReason.Invalid, joinMessages(problems)) };
  if (connection) content.connection = connection;
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

/** What of a listener's client settings lives on the port's shared connection manager (TLS and HTTP/3 do not: HTTPS only). */
function connectionSettingsKey(l: HTTPListener): string {
  const client = l.policies?.client;
  if (!client) return '{}';
  // TLS and HTTP/3 are for HTTPS listeners only: plain ones sharing a port do not disagree over them.
  const { source: _source, id: _id, http3: _http3, connection, ...settings } = client;
  const { tls: _tls, ...shared } = connection ?? {};
  return JSON.stringify(Object.keys(shared).length > 0 ? { ...settings, connection: shared } : settings);
}

/** What of a listener's client settings lives on its socket, shared by every listener of the port (the PROXY protocol listener filter). */
function socketSettingsKey(l: HTTPListener): string {
  return JSON.stringify(l.policies?.client?.connection?.proxyProtocol ?? null);
}

/** Listeners grouped by (address, port). */
function byPort(listeners: readonly HTTPListener[]): HTTPListener[][] {
  const out = new Map<string, HTTPListener[]>();
  for (const l of listeners) {
    const key = `${l.address}|${l.port}`;
    out.set(key, [...(out.get(key) ?? []), l]);
  }
  return [...out.values()];
}

/**
 * The HTTP listeners with the client settings dropped where listeners sharing a port disagree:
 * plain HTTP listeners on their shared connection manager's settings, and every listener of a
 * socket (HTTPS too; a TCP or TLS listener there counts as one without settings) on the PROXY
 * protocol. conflicts gets one entry per policy target involved. tcpSockets: "address|port" of
 * the Gateway's TCP and TLS listeners.
 */
export function settleSharedPorts(http: readonly HTTPListener[], conflicts: SharedPortConflict[], tcpSockets: ReadonlySet<string> = new Set()): HTTPListener[] {
  const messages = new Map<HTTPListener, string>();
  const names = (ls: readonly HTTPListener[]): string => ls.map((l) => l.name.slice(l.name.lastIndexOf('/') + 1)).join(', ');
  for (const listeners of byPort(http.filter((l) => !l.tls))) {
    if (new Set(listeners.map(connectionSettingsKey)).size <= 1) continue;
    const port = listeners[0]!.port;
    const message = `listeners ${names(listeners)} share port ${port} (one Envoy listener) and their ClientPolicy settings differ there; none applies on port ${port}`;
    for (const l of listeners) messages.set(l, message);
  }
  for (const listeners of byPort(http)) {
    const keys = new Set(listeners.map(socketSettingsKey));
    const withTcp = tcpSockets.has(`${listeners[0]!.address}|${listeners[0]!.port}`);
    if (withTcp) keys.add(JSON.stringify(null));
    if (keys.size <= 1) continue;
    const port = listeners[0]!.port;
    const message = `listeners ${names(listeners)}${withTcp ? " and the port's TLS or TCP listeners" : ''} share port ${port} (one socket) and their ClientPolicy proxyProtocol settings differ there; no ClientPolicy applies on port ${port}`;
    for (const l of listeners) if (!messages.has(l)) messages.set(l, message);
  }
  const found: SharedPortConflict[] = [];
  const seen = new Set<string>();
  for (const [l, message] of messages) {
    const source = l.policies?.client?.source;
    if (!source) continue;
    const policyKey = `${source.kind}/${source.namespace}/${source.name}`;
    if (seen.has(`${policyKey}@${source.target}`)) continue;
    seen.add(`${policyKey}@${source.target}`);
    found.push({ policyKey, target: source.target, message });
  }
  if (messages.size === 0) return http as HTTPListener[];
  const settled = http.map((l) => {
    if (!messages.has(l) || !l.policies?.client) return l;
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
