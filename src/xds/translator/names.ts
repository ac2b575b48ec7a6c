/**
 * Names of the Envoy resources and parts the xDS translator produces. Every name derives from
 * something stable in the IR (a bind address, a listener name, a backend identity), never from
 * a position in a list, so the same input always yields the same names and an edit elsewhere
 * renames nothing (Envoy drains and re-warms whatever is renamed).
 *
 *   Envoy Listener (TCP socket: HTTP, HTTPS, TLS passthrough, TCP)   "tcp/<address>:<port>"
 *   Envoy Listener (UDP socket)                                      "udp/<address>:<port>"
 *   RouteConfiguration for the plain HTTP listeners of a socket      "http/<address>:<port>"
 *   RouteConfiguration for one HTTPS IR listener                     "https/<IR listener name>"
 *   VirtualHost                                                      "<IR listener name>/<IR virtual host name>"
 *   Route                                                            the IR route name
 *   Filter chains: "http" (plain HTTP), "https/<IR listener name>", "tcp/<IR route name>"
 *   ext_authz HTTP filter instances   "envoy.filters.http.ext_authz/<IR cluster name>/<settings hash>"
 *   rate limit HTTP filter instances  "envoy.filters.http.ratelimit/fail-open", ".../fail-closed"
 *   Cluster of the rate limit service                                 "pier/ratelimit"
 *   Cluster of a JWKS server (SecurityPolicy)      "pier/jwks/<host>:<port>/<CA hash | system>"
 *   Cluster of an OIDC token endpoint (SecurityPolicy) "pier/oidc/<host>:<port>/<CA hash | system>"
 *   Secrets of an OIDC login (SecurityPolicy)  "pier/oidc/<policy ns>/<policy name>/client-secret", ".../hmac"
 *   Cluster and ClusterLoadAssignment                                the IR cluster name (backend identity)
 *   Locality-weighted UDP cluster (several backends, one UDP route)  "weighted/<IR UDP listener name>"
 *   Secret                                                           the IR certificate name
 *
 * IPv6 addresses are bracketed: "tcp/[::]:8080". Resources are per gateway (each gateway has
 * its own proxies), so names only need to be unique within one gateway.
 */

/**
 * A cluster that never exists. Shares of traffic for invalid backends are sent to it: Envoy
 * answers HTTP requests for a missing cluster with the route's cluster_not_found_response_code
 * (set to 500 where this is used) and closes TCP connections / drops UDP datagrams. IR cluster
 * names have three segments ("<namespace>/<service>/<port>"), so this two-segment name cannot
 * collide with a real backend.
 */
export const INVALID_BACKEND_CLUSTER = 'pier/invalid-backend';

/** The rate limit service's cluster (global limits); two segments, like INVALID_BACKEND_CLUSTER, so no backend's. */
export const RATE_LIMIT_SERVICE_CLUSTER = 'pier/ratelimit';

export const FilterName = {
  httpConnectionManager: 'envoy.filters.network.http_connection_manager',
  tcpProxy: 'envoy.filters.network.tcp_proxy',
  udpProxy: 'envoy.filters.udp_listener.udp_proxy',
  router: 'envoy.filters.http.router',
  cors: 'envoy.filters.http.cors',
  /** Prefix of the ext_authz filter instances (one per authorization setup: extauthz.ts). */
  extAuthz: 'envoy.filters.http.ext_authz',
  statefulSession: 'envoy.filters.http.stateful_session',
  localRateLimit: 'envoy.filters.http.local_ratelimit',
  /** Prefix of the global rate limit filter instances (one per failure mode: globalratelimit.ts). */
  rateLimit: 'envoy.filters.http.ratelimit',
  cookieSessionState: 'envoy.http.stateful_session.cookie',
  headerSessionState: 'envoy.http.stateful_session.header',
  tlsInspector: 'envoy.filters.listener.tls_inspector',
  stdoutAccessLog: 'envoy.access_loggers.stdout',
  tlsTransportSocket: 'envoy.transport_sockets.tls',
  openTelemetryTracer: 'envoy.tracers.opentelemetry',
  jwtAuthn: 'envoy.filters.http.jwt_authn',
  fileAccessLog: 'envoy.access_loggers.file',
  oauth2: 'envoy.filters.http.oauth2',
  basicAuth: 'envoy.filters.http.basic_auth',
  rbac: 'envoy.filters.http.rbac',
  apiKeyAuth: 'envoy.filters.http.api_key_auth',
  openTelemetryAccessLog: 'envoy.access_loggers.open_telemetry',
  celAccessLogFilter: 'envoy.access_loggers.extension_filters.cel',
} as const;

/** Fully qualified proto type names, for Any values (`@type`). */
export const ProtoType = {
  httpConnectionManager: 'envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager',
  tcpProxy: 'envoy.extensions.filters.network.tcp_proxy.v3.TcpProxy',
  udpProxy: 'envoy.extensions.filters.udp.udp_proxy.v3.UdpProxyConfig',
  udpProxyRoute: 'envoy.extensions.filters.udp.udp_proxy.v3.Route',
  router: 'envoy.extensions.filters.http.router.v3.Router',
  cors: 'envoy.extensions.filters.http.cors.v3.Cors',
  corsPolicy: 'envoy.extensions.filters.http.cors.v3.CorsPolicy',
  extAuthz: 'envoy.extensions.filters.http.ext_authz.v3.ExtAuthz',
  extAuthzPerRoute: 'envoy.extensions.filters.http.ext_authz.v3.ExtAuthzPerRoute',
  filterConfig: 'envoy.config.route.v3.FilterConfig',
  statefulSession: 'envoy.extensions.filters.http.stateful_session.v3.StatefulSession',
  localRateLimit: 'envoy.extensions.filters.http.local_ratelimit.v3.LocalRateLimit',
  rateLimit: 'envoy.extensions.filters.http.ratelimit.v3.RateLimit',
  statefulSessionPerRoute: 'envoy.extensions.filters.http.stateful_session.v3.StatefulSessionPerRoute',
  cookieSessionState: 'envoy.extensions.http.stateful_session.cookie.v3.CookieBasedSessionState',
  headerSessionState: 'envoy.extensions.http.stateful_session.header.v3.HeaderBasedSessionState',
  tlsInspector: 'envoy.extensions.filters.listener.tls_inspector.v3.TlsInspector',
  stdoutAccessLog: 'envoy.extensions.access_loggers.stream.v3.StdoutAccessLog',
  downstreamTlsContext: 'envoy.extensions.transport_sockets.tls.v3.DownstreamTlsContext',
  upstreamTlsContext: 'envoy.extensions.transport_sockets.tls.v3.UpstreamTlsContext',
  httpProtocolOptions: 'envoy.extensions.upstreams.http.v3.HttpProtocolOptions',
  openTelemetryConfig: 'envoy.config.trace.v3.OpenTelemetryConfig',
  jwtAuthn: 'envoy.extensions.filters.http.jwt_authn.v3.JwtAuthentication',
  jwtAuthnPerRoute: 'envoy.extensions.filters.http.jwt_authn.v3.PerRouteConfig',
  fileAccessLog: 'envoy.extensions.access_loggers.file.v3.FileAccessLog',
  oauth2: 'envoy.extensions.filters.http.oauth2.v3.OAuth2',
  oauth2PerRoute: 'envoy.extensions.filters.http.oauth2.v3.OAuth2PerRoute',
  basicAuth: 'envoy.extensions.filters.http.basic_auth.v3.BasicAuth',
  basicAuthPerRoute: 'envoy.extensions.filters.http.basic_auth.v3.BasicAuthPerRoute',
  rbac: 'envoy.extensions.filters.http.rbac.v3.RBAC',
  rbacPerRoute: 'envoy.extensions.filters.http.rbac.v3.RBACPerRoute',
  apiKeyAuth: 'envoy.extensions.filters.http.api_key_auth.v3.ApiKeyAuth',
  apiKeyAuthPerRoute: 'envoy.extensions.filters.http.api_key_auth.v3.ApiKeyAuthPerRoute',
  openTelemetryAccessLog: 'envoy.extensions.access_loggers.open_telemetry.v3.OpenTelemetryAccessLogConfig',
  celAccessLogFilter: 'envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter',
} as const;

/** "<address>:<port>", with IPv6 addresses in brackets. */
export function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

export function tcpListenerName(address: string, port: number): string {
  return `tcp/${hostPort(address, port)}`;
}

export function udpListenerName(address: string, port: number): string {
  return `udp/${hostPort(address, port)}`;
}

export function httpRouteConfigName(address: string, port: number): string {
  return `http/${hostPort(address, port)}`;
}

export function httpsRouteConfigName(irListenerName: string): string {
  return `https/${irListenerName}`;
}

export function virtualHostName(irListenerName: string, irVirtualHostName: string): string {
  return `${irListenerName}/${irVirtualHostName}`;
}

export const HTTP_FILTER_CHAIN = 'http';

export function httpsFilterChainName(irListenerName: string): string {
  return `https/${irListenerName}`;
}

export function tcpFilterChainName(irRouteName: string): string {
  return `tcp/${irRouteName}`;
}

export function weightedUdpClusterName(irListenerName: string): string {
  return `weighted/${irListenerName}`;
}

/** Stat prefixes become parts of dotted stat names: keep them to safe characters. */
export function statPrefix(raw: string): string {
  return raw.replace(/[^A-Za-z0-9_-]+/g, '_');
}

/** Sorts by a name, independent of locale (code unit order). */
export function byName<T>(nameOf: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const x = nameOf(a);
    const y = nameOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}
