/**
 * Served listeners -> IR listeners, by protocol: HTTP and HTTPS get virtual hosts from their
 * route table (HTTPS with its certificates); TLS, TCP and UDP get the routes that won them.
 *
 * Several L4 routes may attach to one listener; all are accepted and counted, but a TCP or UDP
 * listener forwards to one destination and a TLS hostname (SNI) to one route: the route whose
 * own hostname giving that SNI name is the most specific (GatewayRouteHostnameIntersectionPrecedence:
 * "abc.example.com" over "*.example.com" on a listener for abc.example.com), then the oldest
 * route (creation timestamp, then "<namespace>/<name>"), as the conformance suite expects.
 */
import { cloneJson } from '../../ir/clone';
import type { DestinationSetting, HTTPListener, TCPListener, TCPRoute, UDPListener, VirtualHost } from '../../ir/types';
import type { ListenerContext } from '../model/contexts';
import { ANY_HOST, compareHostnameSpecificity, normalizeHostname } from './hostnames';
import type { L4RouteContext } from '../routes/l4routes';
import { compareRouteAge, routeHostnameRank } from '../routes/precedence';

/** An L4 route attached to a listener, with the hostnames it asks for there (TLSRoute). */
export interface L4Claim {
  route: L4RouteContext;
  hostnames: string[];
}

function listenerHostnames(listener: ListenerContext): string[] {
  return [listener.listener.hostname ? normalizeHostname(listener.listener.hostname) : ANY_HOST];
}

/**
 * A listener whose pre-routing filters cannot all be resolved (listenerfilters.ts) is never
 * served without them: one virtual host for its hostname answers every request 500, as a route
 * rule whose authorization service cannot be resolved does.
 */
function refusingVirtualHosts(listener: ListenerContext): VirtualHost[] {
  const hostname = listenerHostnames(listener)[0]!;
  return [{
    name: hostname,
    domains: [hostname],
    routes: [{
      name: `${listener.irName}/filters-unresolved`,
      pathMatch: { pathPrefix: '/' },
      headerMatches: [],
      queryParamMatches: [],
      directResponse: { status: 500 },
      origin: `listener ${listener.listener.name}: a filters.requests reference cannot be resolved`,
    }],
  }];
}

/** virtualHosts: built from the listener's route table (routetable.ts). */
export function httpListenerIR(listener: ListenerContext, virtualHosts: VirtualHost[]): HTTPListener {
  const refused = listener.filterRefProblems.length > 0;
  const out: HTTPListener = {
    name: listener.irName,
    address: listener.gateway.bindAddress,
    port: listener.listener.port,
    hostnames: listenerHostnames(listener),
    virtualHosts: refused ? refusingVirtualHosts(listener) : virtualHosts,
  };
  if (!refused && listener.requestFilters.length > 0) out.requestFilters = cloneJson(listener.requestFilters);
  if (listener.listener.protocol === 'HTTPS') {
    out.tls = { certificates: cloneJson(listener.certificates) };
    if (listener.clientValidation) out.tls.clientValidation = { ...listener.clientValidation };
  }
  return out;
}

/** The claims of each route merged (a route may attach twice, through two parentRefs), oldest route first. */
function byRouteAge(claims: readonly L4Claim[]): L4Claim[] {
  const merged = new Map<string, L4Claim>();
  for (const c of claims) {
    const existing = merged.get(c.route.key);
    if (existing) existing.hostnames = [...new Set([...existing.hostnames, ...c.hostnames])];
    else merged.set(c.route.key, { route: c.route, hostnames: [...c.hostnames] });
  }
  return [...merged.values()].sort((a, b) => compareRouteAge(a.route, b.route));
}

function routeName(listener: ListenerContext, route: L4RouteContext): string {
  return `${listener.irName}/${route.kind.toLowerCase()}/${route.namespace}/${route.name}`;
}

/** Settings with the protocol the proxy speaks to the backend on this listener. */
function settingsFor(settings: readonly DestinationSetting[], protocol: DestinationSetting['protocol']): DestinationSetting[] {
  return settings.map((s) => ({ ...cloneJson(s), protocol }));
}

/**
 * A TLS listener: each TLSRoute gets the SNI hostnames it wins (above). Passthrough sends
 * the TLS session to the backend; Terminate ends it here and forwards plain TCP, or TLS again
 * to a port a BackendTLSPolicy targets (v1.7.0 BackendTLSPolicyTLSRouteTerminate).
 */
export function tlsListenerIR(listener: ListenerContext, claims: readonly L4Claim[]): TCPListener {
  const terminate = listener.tlsMode === 'Terminate';
  const ordered = byRouteAge(claims);
  // Each SNI name's route: the most specific own hostname, the oldest route among equals.
  const winners = new Map<string, { claim: L4Claim; rank: readonly [number, number] }>();
  for (const claim of ordered) {
    const own = claim.route.hostnames();
    for (const h of claim.hostnames) {
      const rank = routeHostnameRank(own, h);
      const current = winners.get(h);
      if (!current || rank[0] > current.rank[0] || (rank[0] === current.rank[0] && rank[1] > current.rank[1])) winners.set(h, { claim, rank });
    }
  }
  const routes: TCPRoute[] = [];
  for (const claim of ordered) {
    const { route, hostnames } = claim;
    const won = hostnames.filter((h) => winners.get(h)?.claim === claim).sort(compareHostnameSpecificity);
    if (won.length === 0) continue;
    routes.push({
      name: routeName(listener, route),
      // "*" is any SNI: no names to match.
      sniHostnames: won.includes(ANY_HOST) ? [] : won,
      destination: { settings: settingsFor((terminate ? route.terminatedDestination ?? route.destination : route.destination).settings, terminate ? 'tcp' : 'tls') },
    });
  }
  return {
    name: listener.irName,
    address: listener.gateway.bindAddress,
    port: listener.listener.port,
    routes,
    tls: terminate
      ? { mode: 'terminate', certificates: cloneJson(listener.certificates) }
      : { mode: 'passthrough', certificates: [] },
  };
}

/** A TCP listener forwards every connection to the oldest route's backends. */
export function tcpListenerIR(listener: ListenerContext, claims: readonly L4Claim[]): TCPListener {
  const winner = byRouteAge(claims)[0];
  return {
    name: listener.irName,
    address: listener.gateway.bindAddress,
    port: listener.listener.port,
    routes: winner
      ? [{ name: routeName(listener, winner.route), sniHostnames: [], destination: { settings: settingsFor(winner.route.destination.settings, 'tcp') } }]
      : [],
  };
}

/** A UDP listener forwards every datagram to the oldest route's backends. */
export function udpListenerIR(listener: ListenerContext, claims: readonly L4Claim[]): UDPListener {
  const winner = byRouteAge(claims)[0];
  const out: UDPListener = { name: listener.irName, address: listener.gateway.bindAddress, port: listener.listener.port };
  if (winner) out.destination = { settings: settingsFor(winner.route.destination.settings, 'udp') };
  return out;
}
