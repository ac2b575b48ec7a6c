/**
 * What Pier knows about each listener protocol. Supporting a new protocol is a change here
 * (supported kinds) plus its IR builder in translate.ts; listener validation and conflict
 * detection read this table and need no change.
 */
import { GATEWAY_GROUP, type RouteGroupKind } from '../../apis/gateway';

export interface ProtocolTraits {
  /** Transport the listener binds: listeners on different transports never conflict. */
  transport: 'tcp' | 'udp';
  /** Whether listeners of this protocol are told apart by hostname (Host header or SNI). */
  usesHostname: boolean;
  /** Protocols sharing an SNI family can share a port when their hostnames differ (HTTPS + TLS). */
  sniFamily: boolean;
}

/** Every protocol of the standard channel, supported yet or not. */
const KNOWN_PROTOCOLS: ReadonlyMap<string, ProtocolTraits> = new Map([
  ['HTTP', { transport: 'tcp', usesHostname: true, sniFamily: false }],
  ['HTTPS', { transport: 'tcp', usesHostname: true, sniFamily: true }],
  ['TLS', { transport: 'tcp', usesHostname: true, sniFamily: true }],
  ['TCP', { transport: 'tcp', usesHostname: false, sniFamily: false }],
  ['UDP', { transport: 'udp', usesHostname: false, sniFamily: false }],
]);

const HTTP_KINDS: readonly RouteGroupKind[] = [{ group: GATEWAY_GROUP, kind: 'HTTPRoute' }, { group: GATEWAY_GROUP, kind: 'GRPCRoute' }];

/**
 * Protocols this build translates, with the route kinds each accepts (in status order). A TLS
 * listener takes TLSRoute only, in Terminate as in Passthrough mode: TCPRoute on a TLS listener is
 * optional (the TLSRoute type says one "could choose" it), so a TCPRoute naming one is
 * Accepted=False NotAllowedByListeners (GEP-2644, "TCPRoute fails attachment to a non-TCP
 * listener"; conformance TCPRouteInvalidNonTCPListener), and TCPRoute in its allowedRoutes.kinds
 * is ResolvedRefs=False InvalidRouteKinds (AllowedRoutes.Kinds; conformance
 * TLSRouteListenerPassthroughSupportedKinds).
 */
const SUPPORTED_ROUTE_KINDS: ReadonlyMap<string, readonly RouteGroupKind[]> = new Map([
  ['HTTP', HTTP_KINDS],
  ['HTTPS', HTTP_KINDS],
  ['TLS', [{ group: GATEWAY_GROUP, kind: 'TLSRoute' }]],
  ['TCP', [{ group: GATEWAY_GROUP, kind: 'TCPRoute' }]],
  ['UDP', [{ group: GATEWAY_GROUP, kind: 'UDPRoute' }]],
]);

/**
 * Names that are not Gateway API listener protocols but that users reach for, with what serves
 * them. Gateway API v1.7.0 has no WebSocket listener protocol (its new "WSS" is an XBackend
 * backend protocol); WebSocket upgrades ride on HTTP and HTTPS listeners.
 */
const PROTOCOL_ADVICE: ReadonlyMap<string, string> = new Map([
  ['WS', 'WebSocket is served by an HTTP listener'],
  ['WSS', 'WebSocket over TLS is served by an HTTPS listener'],
]);

/** What to use instead of an unsupported protocol name, when there is something. */
export function protocolAdvice(protocol: string): string | undefined {
  return PROTOCOL_ADVICE.get(protocol);
}

export function protocolTraits(protocol: string): ProtocolTraits | undefined {
  return KNOWN_PROTOCOLS.get(protocol);
}

export function isProtocolSupported(protocol: string): boolean {
  return SUPPORTED_ROUTE_KINDS.has(protocol);
}

/** The route kinds a listener of this protocol accepts; empty when unsupported. */
export function supportedRouteKinds(protocol: string): RouteGroupKind[] {
  return (SUPPORTED_ROUTE_KINDS.get(protocol) ?? []).map((k) => ({ ...k }));
}
