/**
 * Envoy listeners, one per socket. Gateway API lets compatible listeners share a port, so every
 * IR listener bound to the same (address, port) becomes a filter chain of one Envoy listener:
 *
 *   TCP socket "tcp/<address>:<port>"
 *     "http"                    plain HTTP listeners of the port, one HttpConnectionManager and
 *                               one RouteConfiguration ("http/<address>:<port>") for all of them
 *     "https/<IR listener>"     one per HTTPS listener: matched by SNI, TLS terminated with the
 *                               listener's certificates (SDS over ADS), its own RouteConfiguration
 *     "tcp/<IR route>"          one per TCP route: TLS matched by SNI (passed through, or terminated
 *                               with the IR listener's certificates), or plain TCP
 *   UDP socket "udp/<address>:<port>"
 *     the udp_proxy listener filter (UDP listeners have no filter chains)
 *   UDP socket "quic/<address>:<port>" (HTTPS listeners with ClientPolicy http3; http3.ts)
 *     "https/<IR listener>"     one per such HTTPS listener, HTTP/3 over QUIC, the same routes
 *
 * Envoy rejects a listener whose filter chains have identical matches, so the first chain for a
 * given match wins (IR order) and later ones are left out; a socket left with no chain is left
 * out as well, since Envoy refuses a TCP listener without filter chains.
 */
import { localRateLimitFilter } from './localratelimit';
import { globalRateLimitHttpFilters } from './globalratelimit';
import { applyClientSettings } from './client';
import { applyClientTls, connectionLimitFilters, proxyProtocolListenerFilter } from './client-connection';
import type { ClientTLSSettings } from '../../../ir/client-connection';
import { compressorHttpFilters } from './compression';
import { quicListener, servesHttp3, withAltSvc, type QuicChain } from './http3';
import { securityHttpFilters } from './security-filters';
import type { ClientCertificateValidation, ExternalAuth, HTTPListener, RateLimitService, TCPListener, TCPRoute, TLSCertificate, Tracing, UDPListener, VirtualHost as IRVirtualHost, XdsIR } from '../../../ir/types';
import type { Listener, RouteConfiguration } from '../../types';
import type { ClientSettings } from '../../../ir/client';
import type { FilterChain } from '../../../generated/envoy/config/listener/v3/FilterChain';
import type { FilterChainMatch } from '../../../generated/envoy/config/listener/v3/FilterChainMatch';
import type { Filter } from '../../../generated/envoy/config/listener/v3/Filter';
import type { HttpConnectionManager } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpConnectionManager';
import type { Router } from '../../../generated/envoy/extensions/filters/http/router/v3/Router';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { DownstreamTlsContext } from '../../../generated/envoy/extensions/transport_sockets/tls/v3/DownstreamTlsContext';
import type { TcpProxy } from '../../../generated/envoy/extensions/filters/network/tcp_proxy/v3/TcpProxy';
import type { TlsInspector } from '../../../generated/envoy/extensions/filters/listener/tls_inspector/v3/TlsInspector';
import type { UdpProxyConfig } from '../../../generated/envoy/extensions/filters/udp/udp_proxy/v3/UdpProxyConfig';
import type { Route as UdpRoute } from '../../../generated/envoy/extensions/filters/udp/udp_proxy/v3/Route';
import { typedConfig } from '../../types';
import { adsConfigSource, CONNECTION_BUFFER_LIMIT_BYTES, stdoutAccessLog } from '../common';
import { corsHttpFilter } from './cors';
import { externalAuthsOf, extAuthzHttpFilters, listenerExtAuthzHttpFilters } from './extauthz';
import { hcmTracing } from './tracing';
import { httpAccessLogs, listenersTracing } from './accesslog';
import type { AccessLog } from '../../../generated/envoy/config/accesslog/v3/AccessLog';
import { statefulSessionHttpFilter } from './session';
import { planDestination } from '../clusters/destination';
import {
  byName, FilterName, HTTP_FILTER_CHAIN, httpRouteConfigName, httpsFilterChainName, httpsRouteConfigName,
  INVALID_BACKEND_CLUSTER, ProtoType, statPrefix, tcpFilterChainName, tcpListenerName, udpListenerName,
} from '../names';
import { misdirectedDomains } from './route-config';
import { routeConfiguration, type RouteConfigState } from './route-config-patch';
import { routesOfListener, type ListenerContext, type RouteCache } from './route';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import { planUdp } from '../clusters/udp';

/** What building a gateway's listeners keeps between translations (see XdsTranslationMemo). */
export interface ListenerMemo {
  routes: RouteCache;
  /** Envoy virtual hosts by IR virtual host (see route.ts ListenerContext). */
  virtualHosts: WeakMap<object, Map<string, VirtualHost>>;
  /** Envoy virtual hosts with a matcher tree, by the virtual host with the route list (route-config.ts). */
  virtualHostTrees: WeakMap<VirtualHost, VirtualHost>;
  /** The HTTP filters a (frozen) IR virtual host's routes need (see httpFilterNeeds). */
  httpFilterNeeds: WeakMap<IRVirtualHost, HttpFilterNeeds>;
  /** This gateway's route configurations, by name. */
  routeConfigs: Map<string, RouteConfigState>;
}

export interface ListenerResources {
  listeners: Listener[];
  routes: RouteConfiguration[];
}

export function buildListeners(ir: XdsIR, memo?: ListenerMemo): ListenerResources {
  const listeners: Listener[] = [];
  const routes: RouteConfiguration[] = [];
  const gatewayWide: GatewayWide = { tracing: ir.telemetry?.tracing, rateLimitService: ir.rateLimitService };
  const udpSockets = firstPerSocket(ir.udp);
  // A UDP listener keeps its socket: no QUIC listener beside it.
  const udpTaken = new Set(udpSockets.map((l) => socketKey(l.address, l.port)));
  for (const socket of tcpSockets(ir)) {
    const http3 = udpTaken.has(socketKey(socket.address, socket.port)) ? [] : socket.http.filter(servesHttp3);
    const built = buildTcpSocketListener(socket, memo, gatewayWide, new Set(http3));
    if (!built) continue;
    listeners.push(built.listener);
    routes.push(...built.routes);
    const quic = quicListener(socket.address, socket.port, socket.bindPort, http3.map((l) => http3Chain(socket, l, memo, gatewayWide)));
    if (quic) listeners.push(quic);
  }
  for (const udp of udpSockets) listeners.push(buildUdpListener(udp));
  return { listeners, routes };
}

/** The IR listeners bound to one TCP socket, in IR order. */
interface TcpSocket {
  address: string;
  /** The Gateway's port (what redirects and names use). */
  port: number;
  /** The port the socket binds (the IR listeners' bindPort, else port). */
  bindPort: number;
  http: HTTPListener[];
  tcp: TCPListener[];
}

function socketKey(address: string, port: number): string {
  return `${address}|${port}`;
}

function tcpSockets(ir: XdsIR): TcpSocket[] {
  const sockets = new Map<string, TcpSocket>();
  const socketOf = (address: string, port: number, bindPort: number | undefined): TcpSocket => {
    const key = socketKey(address, port);
    let socket = sockets.get(key);
    if (!socket) {
      socket = { address, port, bindPort: bindPort ?? port, http: [], tcp: [] };
      sockets.set(key, socket);
    }
    return socket;
  };
  for (const l of ir.http) socketOf(l.address, l.port, l.bindPort).http.push(l);
  for (const l of ir.tcp) socketOf(l.address, l.port, l.bindPort).tcp.push(l);
  return [...sockets.values()];
}

/** Two UDP listeners cannot share a socket: the first one keeps it. */
function firstPerSocket(listeners: UDPListener[]): UDPListener[] {
  const seen = new Set<string>();
  return listeners.filter((l) => {
    const key = socketKey(l.address, l.port);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface ChainCandidate {
  chain: FilterChain;
  route?: RouteConfiguration;
}

/** http3: the HTTPS listeners also served over HTTP/3 (their responses advertise it). */
function buildTcpSocketListener(socket: TcpSocket, memo: ListenerMemo | undefined, gatewayWide: GatewayWide, http3: ReadonlySet<HTTPListener>): { listener: Listener; routes: RouteConfiguration[] } | undefined {
  const candidates: ChainCandidate[] = [];
  const plain = socket.http.filter((l) => !l.tls);
  if (plain.length > 0) candidates.push(plainHttpChain(socket, plain, memo, gatewayWide));
  // TLS without a certificate cannot be served (Envoy refuses such a TLS context).
  const https = socket.http.filter((l) => l.tls && l.tls.certificates.length > 0);
  for (const l of https) candidates.push(httpsChain(socket, l, https, memo, gatewayWide, http3.has(l)));
  for (const l of socket.tcp) {
    // Terminating TLS without a certificate cannot be served (Envoy refuses such a TLS context).
    if (l.tls?.mode === 'terminate' && l.tls.certificates.length === 0) continue;
    for (const route of l.routes) candidates.push({ chain: tcpRouteChain(socket, l, route) });
  }

  const seenMatches = new Set<string>();
  const kept = candidates.filter(({ chain }) => {
    const key = matchKey(chain.filter_chain_match ?? undefined);
    if (seenMatches.has(key)) return false;
    seenMatches.add(key);
    return true;
  });
  if (kept.length === 0) return undefined;

  const chains = kept.map((c) => c.chain).sort(byName((c) => c.name ?? ''));
  const listener: Listener = {
    name: tcpListenerName(socket.address, socket.port),
    address: { socket_address: { address: socket.address, port_value: socket.bindPort } },
    filter_chains: chains,
    per_connection_buffer_limit_bytes: { value: CONNECTION_BUFFER_LIMIT_BYTES },
  };
  // SNI and the transport protocol are only known once the TLS inspector read the ClientHello.
  if (chains.some((c) => c.filter_chain_match?.transport_protocol || c.filter_chain_match?.server_names?.length)) {
    listener.listener_filters = [{ name: FilterName.tlsInspector, typed_config: typedConfig<TlsInspector>(ProtoType.tlsInspector, {}) }];
  }
  // The socket's listeners agree on it (the Gateway API translator drops their ClientPolicy where they do not); first, before any ClientHello.
  const proxyProtocol = socket.http.find((l) => l.policies?.client?.connection?.proxyProtocol)?.policies?.client?.connection?.proxyProtocol;
  if (proxyProtocol) listener.listener_filters = [proxyProtocolListenerFilter(proxyProtocol), ...(listener.listener_filters ?? [])];
  return { listener, routes: kept.flatMap((c) => (c.route ? [c.route] : [])) };
}

/** A canonical key of a filter chain match, to find chains Envoy would call duplicates. */
function matchKey(match: FilterChainMatch | undefined): string {
  const serverNames = [...(match?.server_names ?? [])].map((s) => s.toLowerCase()).sort();
  return JSON.stringify([serverNames, match?.transport_protocol ?? '']);
}

/** SNI names to match; "*" (any name) is no constraint at all. */
function sniMatch(hostnames: string[]): FilterChainMatch {
  const serverNames = hostnames.filter((h) => h !== '' && h !== '*');
  return serverNames.length > 0 ? { server_names: serverNames, transport_protocol: 'tls' } : { transport_protocol: 'tls' };
}

function routeContext(scheme: ListenerContext['scheme'], port: number, memo: ListenerMemo | undefined): ListenerContext {
  return memo ? { scheme, port, routes: routesOfListener(memo.routes, scheme, port), vhostCache: memo.virtualHosts, vhostTrees: memo.virtualHostTrees, routeConfigs: memo.routeConfigs } : { scheme, port };
}

function plainHttpChain(socket: TcpSocket, listeners: HTTPListener[], memo: ListenerMemo | undefined, gatewayWide: GatewayWide): ChainCandidate {
  const routeName = httpRouteConfigName(socket.address, socket.port);
  return {
    chain: { name: HTTP_FILTER_CHAIN, filters: [...connectionLimitFilters(`http-${socket.port}`, listeners[0]?.policies?.client?.connection), httpConnectionManager(`http-${socket.port}`, routeName, httpFilters(listeners, memo?.httpFilterNeeds, gatewayWide.rateLimitService), listenersTracing(listeners, gatewayWide.tracing), listeners[0]?.policies?.client, httpAccessLogs(listeners))] },
    route: routeConfiguration(routeName, listeners, routeContext('http', socket.port, memo)),
  };
}

/**
 * TLS terminated here with the given certificates (SDS secrets over ADS). With client
 * validation, clients are asked for a certificate chaining to the given CAs; insecure fallback
 * lets in those that send none or one that does not verify (the backend decides). clientTls: a
 * ClientPolicy's versions, ciphers and ALPN.
 */
function downstreamTls(
  certificates: readonly TLSCertificate[],
  alpnProtocols: string[] | undefined,
  clientValidation?: ClientCertificateValidation,
  clientTls?: ClientTLSSettings,
): NonNullable<FilterChain['transport_socket']> {
  const common: NonNullable<DownstreamTlsContext['common_tls_context']> = {
    tls_certificate_sds_secret_configs: certificates.map((c) => ({ name: c.name, sds_config: adsConfigSource() })),
  };
  if (alpnProtocols) common.alpn_protocols = alpnProtocols;
  applyClientTls(common, clientTls);
  const tls: DownstreamTlsContext = { common_tls_context: common };
  if (clientValidation) {
    common.validation_context = {
      trusted_ca: { inline_string: clientValidation.caCertificates },
      trust_chain_verification: clientValidation.allowInsecureFallback ? 'ACCEPT_UNTRUSTED' : 'VERIFY_TRUST_CHAIN',
    };
    tls.require_client_certificate = { value: !clientValidation.allowInsecureFallback };
  }
  return { name: FilterName.tlsTransportSocket, typed_config: typedConfig(ProtoType.downstreamTlsContext, tls) };
}

/** siblings: the HTTPS listeners of the socket (this one included), whose Hosts this one answers with 421. */
function httpsChain(socket: TcpSocket, listener: HTTPListener, siblings: readonly HTTPListener[], memo: ListenerMemo | undefined, gatewayWide: GatewayWide, http3: boolean): ChainCandidate {
  const routeName = httpsRouteConfigName(listener.name);
  const route = routeConfiguration(routeName, [listener], routeContext('https', socket.port, memo), misdirectedDomains(listener, siblings));
  return {
    chain: {
      name: httpsFilterChainName(listener.name),
      filter_chain_match: sniMatch(listener.hostnames),
      filters: [...connectionLimitFilters(`https-${socket.port}-${listener.name}`, listener.policies?.client?.connection), httpConnectionManager(`https-${socket.port}`, routeName, httpFilters([listener], memo?.httpFilterNeeds, gatewayWide.rateLimitService), listenersTracing([listener], gatewayWide.tracing), listener.policies?.client, httpAccessLogs([listener]))],
      // The connection manager speaks both; ALPN lets the client pick.
      transport_socket: downstreamTls(listener.tls?.certificates ?? [], ['h2', 'http/1.1'], listener.tls?.clientValidation, listener.policies?.client?.connection?.tls),
    },
    route: http3 ? withAltSvc(route, socket.port) : route,
  };
}

/** The HTTPS listener's chain on the QUIC listener: the same filters and routes, over HTTP/3. */
function http3Chain(socket: TcpSocket, listener: HTTPListener, memo: ListenerMemo | undefined, gatewayWide: GatewayWide): QuicChain {
  const routeName = httpsRouteConfigName(listener.name);
  const filters = httpFilters([listener], memo?.httpFilterNeeds, gatewayWide.rateLimitService);
  const client = listener.policies?.client;
  return {
    listener,
    // A connection limit of its own: QUIC connections are counted apart from the TCP ones.
    networkFilters: connectionLimitFilters(`http3-${socket.port}-${listener.name}`, client?.connection),
    connectionManager: httpConnectionManager(`http3-${socket.port}`, routeName, filters, listenersTracing([listener], gatewayWide.tracing), client, httpAccessLogs([listener]), 'HTTP3'),
  };
}

/** What a virtual host's routes ask of the connection manager's HTTP filters. */
export interface HttpFilterNeeds {
  cors: boolean;
  externalAuth: ExternalAuth[];
  /** Some route keeps sessions (sessionPersistence). */
  sessions: boolean;
  /** The failure modes (failOpen) of its routes' global rate limits. */
  globalRateLimitModes: boolean[];
}

/** What applies to every listener of the Gateway. */
interface GatewayWide {
  tracing: Tracing | undefined;
  /** Where global rate limits are counted (set when some route has them). */
  rateLimitService: RateLimitService | undefined;
}

/**
 * The connection manager's HTTP filters for the routes these listeners serve: first the
 * listeners' own pre-routing filters (listener filters, before any route is chosen), then CORS when a route
 * has a policy (first, so preflights are answered before any authorization), then one ext_authz
 * instance per authorization setup, the stateful session filter when a route keeps sessions
 * (after authorization: a refused request sets no session), the compressors, then the router.
 */
function httpFilters(listeners: readonly HTTPListener[], cache: WeakMap<IRVirtualHost, HttpFilterNeeds> | undefined, rateLimitService: RateLimitService | undefined): HttpFilter[] {
  const needsOf = (vh: IRVirtualHost): HttpFilterNeeds => {
    let needs = cache?.get(vh);
    if (needs === undefined) {
      needs = {
        cors: vh.routes.some((r) => r.cors !== undefined), externalAuth: externalAuthsOf(vh), sessions: vh.routes.some((r) => r.sessionPersistence !== undefined),
        globalRateLimitModes: [...new Set(vh.routes.flatMap((r) => { const g = r.policies?.rateLimit?.global; return g ? [g.failOpen] : []; }))],
      };
      if (Object.isFrozen(vh)) cache?.set(vh, needs);
    }
    return needs;
  };
  const all = listeners.flatMap((l) => l.virtualHosts.map(needsOf));
  const router: HttpFilter = { name: FilterName.router, typed_config: typedConfig<Router>(ProtoType.router, {}) };
  const cors = all.some((n) => n.cors) ? [corsHttpFilter()] : [];
  const sessions = all.some((n) => n.sessions) ? [statefulSessionHttpFilter()] : [];
  // Rate limits first: a refused request costs nothing further.
  const rateLimit = localRateLimitFilter(listeners);
  const globalModes = new Set([...all.flatMap((n) => n.globalRateLimitModes), ...listeners.flatMap((l) => { const g = l.policies?.rateLimit?.global; return g ? [g.failOpen] : []; })]);
  const globalRateLimit = rateLimitService ? globalRateLimitHttpFilters(rateLimitService, globalModes) : [];
  // Authentication after the rate limits, before anything else reads the request: the OIDC login,
  // JWT, basic auth, API keys, then authorization (RBAC, which reads the verified claims); see security-filters.ts.
  const security = securityHttpFilters(listeners);
  // Compression (ClientPolicy; the listeners sharing a connection manager agree on it) last before the
  // router: it compresses what the backend answers.
  const compressors = compressorHttpFilters(listeners[0]?.policies?.client?.compression);
  return [...(rateLimit ? [rateLimit] : []), ...globalRateLimit, ...security, ...listenerExtAuthzHttpFilters(listeners), ...cors, ...extAuthzHttpFilters(all.flatMap((n) => n.externalAuth)), ...sessions, ...compressors, router];
}

/**
 * The HTTP connection manager, with the settings an edge proxy wants: client address from the
 * connection (use_remote_address), normalized paths so routes match what backends see, WebSocket
 * upgrades, HTTP/2 windows bounded as Envoy's edge guidance recommends, the access logs (a line on stdout
 * unless an ObservabilityPolicy says otherwise),
 * and the HTTP filters the routes need (httpFilters). Plain HTTP listeners sharing the port share it:
 * their ClientPolicy settings agree (the Gateway API translator drops them where they do not). The Host header is left as the client sent it,
 * port included (Gateway API: backends see it unchanged); the route configuration ignores the
 * port when matching domains. With tracing (XTelemetryPolicy, ObservabilityPolicy), spans go to the exporter's cluster.
 * WebSocket upgrades are on for every route of HTTP and HTTPS listeners, whatever the backend's
 * appProtocol: GEP-1911 says a missing appProtocol must not disable them, and users of an edge
 * proxy expect `Upgrade: websocket` to reach an ordinary backend (ws:// on HTTP, wss:// on HTTPS).
 */
function httpConnectionManager(prefix: string, routeConfigName: string, httpFilters: HttpFilter[], tracing: Tracing | undefined, client: ClientSettings | undefined, accessLogs: AccessLog[], codec: 'AUTO' | 'HTTP3' = 'AUTO'): Filter {
  const hcm: HttpConnectionManager = {
    stat_prefix: statPrefix(prefix),
    codec_type: codec,
    rds: { config_source: adsConfigSource(), route_config_name: routeConfigName },
    http_filters: httpFilters,
    use_remote_address: { value: true },
    normalize_path: { value: true },
    merge_slashes: true,
    path_with_escaped_slashes_action: 'UNESCAPE_AND_REDIRECT',
    upgrade_configs: [{ upgrade_type: 'websocket' }],
    http2_protocol_options: {
      max_concurrent_streams: { value: 100 },
      initial_stream_window_size: { value: 65_536 },
      initial_connection_window_size: { value: 1_048_576 },
    },
    access_log: accessLogs,
  };
  if (codec === 'HTTP3') {
    // QUIC carries the streams: HTTP/3's options replace HTTP/2's.
    delete hcm.http2_protocol_options;
    hcm.http3_protocol_options = {};
  }
  if (tracing) hcm.tracing = hcmTracing(tracing);
  applyClientSettings(hcm, client);
  return { name: FilterName.httpConnectionManager, typed_config: typedConfig(ProtoType.httpConnectionManager, hcm) };
}

/**
 * A TCP route. On a TLS listener it is matched by SNI (any SNI when it names none) and the TLS
 * session is either passed through (encrypted end to end) or terminated here with the
 * listener's certificates. Without listener TLS: passthrough when it has SNI names, plain TCP
 * otherwise. An invalid share of connections is sent to a cluster that does not exist, which
 * closes them.
 */
function tcpRouteChain(socket: TcpSocket, listener: TCPListener, route: TCPRoute): FilterChain {
  const plan = planDestination(route.destination);
  const proxy: TcpProxy = { stat_prefix: statPrefix(`tcp-${socket.port}-${route.name}`) };
  switch (plan.kind) {
    case 'unroutable':
      proxy.cluster = INVALID_BACKEND_CLUSTER;
      break;
    case 'single':
      proxy.cluster = plan.cluster;
      break;
    case 'weighted':
      proxy.weighted_clusters = { clusters: plan.shares.map((s) => ({ name: s.cluster, weight: s.weight })) };
      break;
  }
  proxy.access_log = stdoutAccessLog();
  const chain: FilterChain = {
    name: tcpFilterChainName(route.name),
    filters: [{ name: FilterName.tcpProxy, typed_config: typedConfig(ProtoType.tcpProxy, proxy) }],
  };
  if (listener.tls || route.sniHostnames.length > 0) chain.filter_chain_match = sniMatch(route.sniHostnames);
  // No ALPN: the bytes after the handshake are the backend's protocol, whatever it is.
  if (listener.tls?.mode === 'terminate') chain.transport_socket = downstreamTls(listener.tls.certificates, undefined);
  return chain;
}

function buildUdpListener(listener: UDPListener): Listener {
  const route: UdpRoute = { cluster: planUdp(listener).cluster };
  const proxy: UdpProxyConfig = {
    stat_prefix: statPrefix(`udp-${listener.port}-${listener.name}`),
    // The matcher's fallback action is the whole routing table: one route for every datagram.
    matcher: { on_no_match: { action: { name: 'route', typed_config: typedConfig(ProtoType.udpProxyRoute, route) } } },
    access_log: stdoutAccessLog(),
  };
  return {
    name: udpListenerName(listener.address, listener.port),
    address: { socket_address: { protocol: 'UDP', address: listener.address, port_value: listener.bindPort ?? listener.port } },
    listener_filters: [{ name: FilterName.udpProxy, typed_config: typedConfig(ProtoType.udpProxy, proxy) }],
  };
}
