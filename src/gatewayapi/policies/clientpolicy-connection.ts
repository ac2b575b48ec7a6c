/**
 * ClientPolicy's connection settings (TLS, PROXY protocol, connection limit, header and path
 * options, HTTP/1 and HTTP/2, timeouts) as the IR's ClientConnectionSettings. The CRD checks
 * shapes and ranges; what it cannot (a Gateway API duration's value) makes the policy Invalid
 * here, naming the field.
 */
import type { ClientPolicySpec, EscapedSlashesAction, TLSVersion } from '../../apis/pier-clientpolicy';
import type { ClientConnectionSettings, ClientPathSettings, ClientTimeoutSettings, TLSProtocolVersion } from '../../ir/client-connection';
import { parseDurationMs } from '../routes/duration';

const TLS_VERSIONS: Readonly<Record<TLSVersion, TLSProtocolVersion>> = { '1.0': 'TLSv1_0', '1.1': 'TLSv1_1', '1.2': 'TLSv1_2', '1.3': 'TLSv1_3' };

const ESCAPED_SLASHES: Readonly<Record<EscapedSlashesAction, NonNullable<ClientPathSettings['escapedSlashesAction']>>> = {
  KeepUnchanged: 'KEEP_UNCHANGED', RejectRequest: 'REJECT_REQUEST', UnescapeAndRedirect: 'UNESCAPE_AND_REDIRECT', UnescapeAndForward: 'UNESCAPE_AND_FORWARD',
};

/** Copies the fields of from that are set (not undefined). */
function defined<T extends object>(from: T): Partial<T> | undefined {
  const out = Object.fromEntries(Object.entries(from).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(out).length > 0 ? out : undefined;
}

function timeouts(spec: NonNullable<ClientPolicySpec['timeouts']>, problems: string[]): ClientTimeoutSettings | undefined {
  const ms = (field: 'idle' | 'request' | 'streamIdle'): number | undefined => {
    const value = spec[field];
    if (value === undefined) return undefined;
    const parsed = parseDurationMs(value);
    if (parsed === undefined) problems.push(`spec.timeouts.${field}: ${JSON.stringify(value)} is not a duration (e.g. 30s, 1m30s)`);
    return parsed;
  };
  return defined({ idleMs: ms('idle'), requestMs: ms('request'), streamIdleMs: ms('streamIdle') });
}

/** The connection settings a ClientPolicy spec asks for (undefined: none); problems gets what is invalid. */
export function clientConnectionSettings(spec: ClientPolicySpec, problems: string[]): ClientConnectionSettings | undefined {
  const out: ClientConnectionSettings = {};
  if (spec.tls) {
    const { minVersion, maxVersion, ciphers, alpnProtocols } = spec.tls;
    if (minVersion && maxVersion && Number(minVersion) > Number(maxVersion)) problems.push(`spec.tls: minVersion ${minVersion} is above maxVersion ${maxVersion}`);
    const tls = defined({
      minVersion: minVersion && TLS_VERSIONS[minVersion], maxVersion: maxVersion && TLS_VERSIONS[maxVersion],
      ciphers: ciphers && [...ciphers], alpnProtocols: alpnProtocols && [...alpnProtocols],
    });
    if (tls) out.tls = tls;
  }
  if (spec.proxyProtocol) out.proxyProtocol = { optional: spec.proxyProtocol.optional ?? false };
  if (spec.connection?.maxConnections !== undefined) out.maxConnections = spec.connection.maxConnections;
  if (spec.headers?.maxRequestHeadersKb !== undefined) out.maxRequestHeadersKb = spec.headers.maxRequestHeadersKb;
  if (spec.path) {
    const { normalize, mergeSlashes, escapedSlashesAction } = spec.path;
    const path = defined({ normalize, mergeSlashes, escapedSlashesAction: escapedSlashesAction && ESCAPED_SLASHES[escapedSlashesAction] });
    if (path) out.path = path;
  }
  if (spec.http1) {
    if (spec.http1.defaultHostForHTTP10 !== undefined && !spec.http1.acceptHTTP10) problems.push('spec.http1.defaultHostForHTTP10 needs acceptHTTP10: true');
    const { acceptHTTP10, defaultHostForHTTP10, preserveHeaderCase } = spec.http1;
    const http1 = defined({ acceptHTTP10, defaultHostForHTTP10, preserveHeaderCase });
    if (http1) out.http1 = http1;
  }
  if (spec.http2) {
    const { maxConcurrentStreams, initialStreamWindowSize, initialConnectionWindowSize } = spec.http2;
    const http2 = defined({ maxConcurrentStreams, initialStreamWindowSize, initialConnectionWindowSize });
    if (http2) out.http2 = http2;
  }
  if (spec.timeouts) {
    const t = timeouts(spec.timeouts, problems);
    if (t) out.timeouts = t;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
