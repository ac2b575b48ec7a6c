/**
 * Intermediate representation: one XdsIR and one InfraIR per Gateway, keyed
 * "<namespace>/<gateway>". Envoy-shaped but free of Gateway API types, so the xDS translator
 * never needs to know about routes, parents or statuses. Every list is in a deterministic order.
 */
import type { ClientSettings } from './client';
import type { BackendPolicyRouteSettings, BackendPolicySettings } from './backendpolicy';
import type { SecuritySettings } from './security';
import type { ObservabilitySettings } from './observability';

export interface XdsIR {
  /** The client certificate the proxies present to backends they reach over TLS (Gateway spec.tls.backend). */
  backendClientCertificate?: TLSCertificate;
  /** Client certificates backends of their own name (XBackend spec.tls.clientCertificateRef), by name; see UpstreamTLS.clientCertificate. */
  backendCertificates?: TLSCertificate[];
  /** "<namespace>/<gateway>" */
  gateway: string;
  http: HTTPListener[];
  tcp: TCPListener[];
  udp: UDPListener[];
  /** What the Gateway's proxies report about the traffic they carry (XTelemetryPolicy). */
  telemetry?: Telemetry;
  /** The rate limit service the global limits of this Gateway's routes are counted by; set only when some route has one. */
  rateLimitService?: RateLimitService;
  /**
   * Plain cluster name ("<namespace>/<service>/<port>", ...) -> the BackendPolicy settings that
   * cluster carries, shared by every route backend on it (its Service's policy, else the
   * Gateway-wide one). Absent: none. A backend whose own policy differs is on a cluster of its
   * own instead (DestinationSetting.backendPolicy).
   */
  backendClusterPolicies?: Record<string, BackendPolicySettings>;
}

/**
 * Telemetry of a Gateway's proxies, whichever policy asked for it: the exporter is its own
 * object so that other signals (access logs) can share it.
 */
export interface Telemetry {
  tracing?: Tracing;
}

/** Where telemetry is sent over OTLP/gRPC: a backend like a route's, with its own cluster. */
export interface OTLPExporter {
  /** Protocol h2c; its cluster is shared with routes reaching the same port the same way. */
  destination: DestinationSetting;
  /** Sent with every export request (gRPC metadata). */
  headers: HeaderValue[];
}

/** Distributed tracing of every HTTP request, with OpenTelemetry spans. */
export interface Tracing {
  exporter: OTLPExporter;
  /** The spans' resource attribute service.name. */
  serviceName: string;
  /** Percent (0-100) of requests without a sampled parent that start a trace. */
  samplingPercent: number;
  /** Tags added to every span, in order. */
  attributes: SpanAttribute[];
}

/** One span attribute: a fixed value, or a request header's value (absent header: no attribute). */
export interface SpanAttribute {
  name: string;
  literal?: string;
  requestHeader?: string;
}

/** One Gateway listener that speaks HTTP (or HTTPS when tls is set). */
export interface HTTPListener {
  /** Unique and stable: "<namespace>/<gateway>/<listener name>". */
  name: string;
  /** Bind address, e.g. "0.0.0.0" or "127.0.0.11". */
  address: string;
  port: number;
  /** The port the socket binds when it is not `port` (Kubernetes infrastructure: see ports.ts). */
  bindPort?: number;
  /** Listener hostnames ("*" when none); a route's virtual host domains are within these. */
  hostnames: string[];
  tls?: TLSTermination;
  /** Virtual hosts in the order Envoy should see them. */
  virtualHosts: VirtualHost[];
  /**
   * Pre-routing filters (listener filters, GEP-5224), in the order they run: on every request of
   * this listener, before its route is chosen, so what they add to the request can choose it.
   * They never change Host (it chose the listener). Absent or empty: none.
   */
  requestFilters?: ListenerRequestFilter[];
  /** What Pier policies set for every route of the listener, unless a route sets its own (HTTPRoute.policies). */
  policies?: PolicySettings;
}

/** One pre-routing filter of a listener. */
export interface ListenerRequestFilter {
  externalAuth: ExternalAuth;
}

/** The policy a setting came from. */
export interface PolicySource {
  kind: string;
  namespace: string;
  name: string;
  /** Where it is attached: "Gateway ns/name", "Gateway ns/name listener l", "HTTPRoute ns/name rule r", ... */
  target: string;
}

/**
 * The effective settings of Pier's policy kinds at one place (a listener, or a route rule), each
 * with the policy it came from. Each kind replaces a less specific policy of its kind whole.
 */
export interface PolicySettings {
  rateLimit?: RateLimitSettings;
  client?: ClientSettings;
  backend?: BackendPolicySettings;
  security?: SecuritySettings;
  observability?: ObservabilitySettings;
}

export interface RateLimitSettings {
  source: PolicySource;
  /**
   * Names the buckets: every route with the same id shares them (per Envoy listener): a policy's
   * buckets at one target.
   */
  id: string;
  local?: LocalRateLimitSettings;
  /** Limits shared by every proxy, counted by the rate limit service (XdsIR.rateLimitService). */
  global?: GlobalRateLimitSettings;
}

export interface LocalRateLimitSettings {
  rules: LocalRateLimitRule[];
  /** Per-client buckets kept per rule (Envoy's max_dynamic_descriptors); absent: Envoy's default. */
  maxClients?: number;
}

/** One token bucket (or one per client), counting the requests its selectors match. */
export interface LocalRateLimitRule {
  /** Tokens added every fillIntervalSeconds. */
  tokensPerFill: number;
  fillIntervalSeconds: number;
  maxTokens: number;
  /** Request headers that must be present: with a value, equal to it; without, one bucket per distinct value. */
  headers: { name: string; value?: string }[];
  /** Client address within this prefix; perAddress: one bucket per address. */
  source?: { address: string; prefixLength: number; ipv6: boolean; perAddress: boolean };
}

export interface TLSTermination {
  /** Secrets by name; their contents travel as IR secrets. */
  certificates: TLSCertificate[];
  /** Set when clients must present a certificate (Gateway spec.tls.frontend). */
  clientValidation?: ClientCertificateValidation;
}

export interface ClientCertificateValidation {
  /** PEM bundle of the CAs a client certificate must chain to. */
  caCertificates: string;
  /** Accept clients without a certificate, or with one that does not validate. */
  allowInsecureFallback: boolean;
}

export interface TLSCertificate {
  /** Stable SDS name: "<namespace>/<secret>". */
  name: string;
  certificateChain: string;
  privateKey: string;
}

export interface VirtualHost {
  /** Stable name, unique within the listener: the hostname it serves. */
  name: string;
  domains: string[];
  /** Routes in match precedence order: Envoy takes the first that matches. */
  routes: HTTPRoute[];
}

export interface StringMatch {
  exact?: string;
  prefix?: string;
  suffix?: string;
  /** RE2 */
  regex?: string;
}

export interface PathMatch {
  exact?: string;
  /** Segment-wise prefix ("/foo" matches "/foo" and "/foo/bar", not "/foobar"). */
  pathPrefix?: string;
  regex?: string;
}

export interface HeaderMatch {
  name: string;
  match: StringMatch;
}

export interface QueryParamMatch {
  name: string;
  match: StringMatch;
}

export interface HeaderValue {
  name: string;
  value: string;
}

export interface HeaderModifier {
  set: HeaderValue[];
  add: HeaderValue[];
  remove: string[];
}

export interface Redirect {
  scheme?: string;
  hostname?: string;
  port?: number;
  /** One of the two path forms, or neither to keep the path. */
  fullPath?: string;
  prefixReplace?: string;
  statusCode: number;
}

export interface URLRewrite {
  hostname?: string;
  fullPath?: string;
  prefixReplace?: string;
}

export interface DirectResponse {
  status: number;
  body?: string;
}

export interface HTTPRoute {
  /**
   * Stable, and unique within a virtual host: a route placed in several virtual hosts (a wide
   * hostname's, in each it covers) is one object, with one name. Used as the Envoy route name.
   */
  name: string;
  pathMatch: PathMatch;
  headerMatches: HeaderMatch[];
  queryParamMatches: QueryParamMatch[];
  method?: string;
  requestHeaders?: HeaderModifier;
  responseHeaders?: HeaderModifier;
  redirect?: Redirect;
  urlRewrite?: URLRewrite;
  mirrors?: MirrorDestination[];
  /** Where requests go; absent when the route redirects or answers directly. */
  destination?: RouteDestination;
  /** Set when the route cannot be served (e.g. no valid backend): Envoy answers it. */
  directResponse?: DirectResponse;
  /**
   * Status answered for the invalid share of a weighted destination; absent means 500 (HTTPRoute).
   * gRPC routes use 503, which gRPC clients read as UNAVAILABLE.
   */
  invalidBackendStatus?: number;
  /** Allow WebSocket upgrades on this route (backend appProtocol kubernetes.io/ws or wss). */
  websocket?: boolean;
  /** Milliseconds; 0 disables the timeout. */
  requestTimeoutMs?: number;
  backendRequestTimeoutMs?: number;
  /** Try a failed backend request again (HTTPRoute rules[].retry). */
  retry?: RetryPolicy;
  /** Send a client back to the endpoint it reached before (sessionPersistence). */
  sessionPersistence?: SessionPersistence;
  /** Cross-origin resource sharing: Envoy answers preflights and adds the CORS response headers. */
  cors?: CORSPolicy;
  /** Ask an authorization service about each request before it goes further (HTTPRoute ExternalAuth). */
  externalAuth?: ExternalAuth;
  /** Where it came from, for logs and the admin API: "HTTPRoute ns/name rule 0 match 1". */
  origin: string;
  /** What Pier policies set for this route's rule (replacing the listener's, kind by kind). */
  policies?: PolicySettings;
  /** What its backends' BackendPolicies set on the Envoy route rather than the clusters. */
  backendPolicyRoute?: BackendPolicyRouteSettings;
}

/**
 * When a backend request is tried again: on connection errors (refused, reset, no response
 * within backendRequestTimeoutMs) always, and on the listed response status codes.
 */
export interface RetryPolicy {
  /** Response status codes that are retried, ascending. */
  codes: number[];
  /** Retries after the first try; absent: the proxy's default (Envoy: 1). */
  attempts?: number;
  /** Base back-off between tries, milliseconds; absent: the proxy's default (Envoy: 25 ms). */
  backoffMs?: number;
}

/**
 * Sticky sessions: the endpoint a request reached is remembered by the client (in a cookie the
 * proxy sets, or a header the proxy adds to answers) and later requests carrying it go to that
 * endpoint while it is available. Only the endpoint within the chosen backend is kept: weights
 * between backends still apply.
 */
export type SessionPersistence =
  | {
    type: 'cookie';
    name: string;
    path: string;
    /** The cookie's Max-Age (a permanent cookie), after which the proxy also ignores it; absent: a session cookie. */
    ttlSeconds?: number;
  }
  | { type: 'header'; name: string };

/**
 * Retries to a backend allowed at once: budgetPercent of the requests active on it, never fewer
 * than minRetryConcurrency (XBackendTrafficPolicy retryConstraint).
 */
export interface RetryBudget {
  budgetPercent: number;
  minRetryConcurrency: number;
}

/**
 * A route's CORS policy. Lists are as configured (order kept); "*" alone in a list means any.
 */
export interface CORSPolicy {
  /** Origins "<scheme>://<host>[:<port>]"; "*" in the host matches any labels to its left; "*" alone is any origin. */
  allowOrigins: string[];
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  /** How long clients may cache a preflight answer. */
  maxAgeSeconds: number;
  allowCredentials: boolean;
}

/**
 * An external authorization check (GEP-1494). The service answers each request's check: allow
 * (the request goes on, possibly with headers the service added) or deny (its answer goes back
 * to the client). Header names are lower case.
 */
export interface ExternalAuth {
  /** grpc: Envoy's ext_authz Authorization/Check service; http: any answer but 200 denies. */
  protocol: 'grpc' | 'http';
  /** The authorization service (valid: a route whose service cannot be resolved is not served). */
  service: DestinationSetting;
  /**
   * Client request headers sent to the service. grpc: these only, all when empty; http: these
   * on top of Host, Method, Path, Content-Length and Authorization, which are always sent.
   */
  allowedHeaders: string[];
  /** http: prefix added to the request path in the check request. */
  pathPrefix?: string;
  /** http: headers of an allowing answer copied into the request to the backend; empty: all of them but Host and framing. */
  allowedResponseHeaders?: string[];
  /** Bytes of the request body sent with the check (larger bodies are cut); absent: no body. */
  forwardBodyBytes?: number;
}

/**
 * Where a route sends traffic: a weighted list of backends. A backend that could not be
 * resolved keeps its weight as an invalid share, which Envoy answers with 500.
 */
export interface RouteDestination {
  settings: DestinationSetting[];
}

/** A share of requests, numerator/denominator (denominator > 0). */
export interface Fraction {
  numerator: number;
  denominator: number;
}

/** A mirror target: a copy of each request (or of a share of them) goes there, the answer is dropped. */
export interface MirrorDestination extends RouteDestination {
  /** The share of requests mirrored; absent means all of them. */
  fraction?: Fraction;
}

export type BackendProtocol = 'http' | 'h2c' | 'tcp' | 'udp' | 'tls';

export interface DestinationSetting {
  /**
   * Envoy cluster name, by backend identity: "<namespace>/<service>/<port>", with "/h2c" added
   * when a route speaks HTTP/2 to a port that does not declare it (GRPCRoute), so one port
   * used both ways gets two clusters. Never by rule position, so reordering rules keeps
   * clusters (and their warm connections).
   */
  clusterName: string;
  weight: number;
  protocol: BackendProtocol;
  /**
   * The Service port whose EndpointSlices give the endpoints. They are not in the IR: the
   * endpoint translator resolves them, so an endpoint change never re-runs the Gateway API
   * translator. Absent for invalid and ExternalName backends.
   */
  endpointsOf?: ServicePortRef;
  /** DNS name for ExternalName services (STRICT_DNS cluster) instead of endpoints. */
  dnsName?: string;
  /** The port to reach dnsName on (ExternalName services have no endpoints to take it from). */
  port?: number;
  /** True when the reference is invalid: the weight is answered with 500. */
  invalid?: boolean;
  /** Set when the proxy originates TLS to the backend (BackendTLSPolicy). */
  tls?: UpstreamTLS;
  /** A limit on concurrent retries to the backend (XBackendTrafficPolicy); a cluster setting. */
  retryBudget?: RetryBudget;
  /**
   * Cluster settings of the backend's BackendPolicy where they differ from what its plain
   * cluster carries (XdsIR.backendClusterPolicies): the cluster name then names the policy too.
   */
  backendPolicy?: BackendPolicySettings;
  /** The backendRef's own header filters: applied only to the requests sent to (answers from) this backend. */
  requestHeaders?: HeaderModifier;
  responseHeaders?: HeaderModifier;
}

/** TLS from the proxy to a backend, validated against the given CAs. */
export interface UpstreamTLS {
  /** SNI sent, and the name the certificate must carry when subjectAltNames is empty. */
  sni: string;
  /** PEM bundle of trusted CA certificates. */
  caCertificates?: string;
  /** Trust the proxy host's system CA bundle instead (wellKnownCACertificates "System"). */
  useSystemTrustStore?: boolean;
  /** The certificate must carry one of these; absent or empty: a DNS SAN equal to sni. */
  subjectAltNames?: SubjectAltNameMatch[];
  /** ALPN offered to the backend; absent: h2 for HTTP/2 clusters, none otherwise. */
  alpnProtocols?: string[];
  /**
   * The SDS name ("<namespace>/<secret>") of the certificate presented to this backend (XBackend
   * mode ClientAndServer), one of the IR's backendCertificates; it wins over the Gateway's.
   */
  clientCertificate?: string;
}

export interface SubjectAltNameMatch {
  type: 'Hostname' | 'URI';
  value: string;
}

/**
 * A Service port, as the source of endpoints: its EndpointSlices' port of the same name. Or, with
 * selector (an XBackend of type EndpointSelector; service and portName ""), every EndpointSlice of
 * the namespace whose labels include the selector's, on its port numbered `port`.
 */
export interface ServicePortRef {
  namespace: string;
  service: string;
  /** The Service port's name ("" when unnamed); EndpointSlice ports are matched by name. */
  portName: string;
  selector?: Record<string, string>;
  /** With selector: the EndpointSlice port number to take. */
  port?: number;
}

export interface Endpoint {
  host: string;
  port: number;
}

/**
 * A TCP-level listener: plain TCP (one route), or TLS (set `tls`), where connections are routed
 * by SNI and either passed through untouched or terminated here and forwarded as plain TCP.
 */
export interface TCPListener {
  name: string;
  address: string;
  port: number;
  /** The port the socket binds when it is not `port` (Kubernetes infrastructure: see ports.ts). */
  bindPort?: number;
  routes: TCPRoute[];
  /** Set for TLS listeners; absent for plain TCP. */
  tls?: TCPListenerTLS;
}

export interface TCPListenerTLS {
  /** passthrough: the TLS session reaches the backend; terminate: it ends here, the backend gets plain TCP. */
  mode: 'passthrough' | 'terminate';
  /** Certificates for terminate (sent as secrets, like HTTPS); empty for passthrough. */
  certificates: TLSCertificate[];
}

export interface TCPRoute {
  name: string;
  /**
   * SNI hostnames to match (exact or "*.suffix"). On a TLS listener an empty list (or "*") means
   * any SNI. Without listener `tls`, non-empty means TLS passthrough and empty plain TCP.
   */
  sniHostnames: string[];
  destination: RouteDestination;
}

export interface UDPListener {
  name: string;
  address: string;
  port: number;
  /** The port the socket binds when it is not `port` (Kubernetes infrastructure: see ports.ts). */
  bindPort?: number;
  destination?: RouteDestination;
}

/** What infrastructure must run for a Gateway. */
export interface InfraIR {
  /** "<namespace>/<gateway>" */
  gateway: string;
  /**
   * Ports the proxy listens on (the listeners themselves come over xDS): `port` is the
   * Gateway's, `bindPort` the socket's when it differs (a Service maps one to the other).
   * http3: the UDP port of an HTTPS listener served over HTTP/3 too (ir/http3.ts).
   */
  listeners: { name: string; address: string; port: number; bindPort?: number; protocol: string; http3?: true }[];
  addresses: string[];
  /** The IP addresses of default routability the Gateway asks for in spec.addresses, in order; absent when it asks for none. */
  requestedAddresses?: string[];
  /** Set when every spec.addresses entry asks for routability "Cluster": the Gateway is reached at its Service ClusterIP only. */
  clusterOnly?: true;
  /** The Gateway's spec.infrastructure labels and annotations, for the objects that run it; absent when it has none. */
  infrastructure?: { labels: Record<string, string>; annotations: Record<string, string> };
  /** Settings of the proxies themselves (ProxyConfig of the GatewayClass, overridden field by field by the Gateway's); absent: Pier's defaults. */
  proxy?: ProxySettingsIR;
}

/** How a Gateway's proxies run: each field absent means Pier's default (its configuration). */
export interface ProxySettingsIR {
  /** Envoy's --log-level. */
  logLevel?: string;
  /** Envoy's --concurrency (worker threads). */
  concurrency?: number;
  /** Kubernetes infrastructure: Deployment replicas. */
  replicas?: number;
  /** Kubernetes infrastructure: the Envoy container's resources. */
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  /** Bootstrap stats_config. */
  stats?: {
    /** stats_matcher inclusion list: only stats whose names start with one of these are kept. */
    inclusionPrefixes?: string[];
    /** stats_tags: fixed tags added to every stat. */
    tags?: { name: string; value: string }[];
    /** Envoy's own stats defaults instead of Pier's lean ones (deferred creation, unused stats left out). */
    full?: boolean;
  };
  /** The metrics listener (GET /stats/prometheus). */
  metrics?: { enabled?: boolean; port?: number };
  /** The ProxyConfigs these came from ("<namespace>/<name>"), least specific first. */
  sources?: string[];
}

/** An address the infrastructure gives a Gateway, with its GEP-5093 routability. */
export interface InfraAddress {
  type: 'IPAddress' | 'Hostname';
  value: string;
  /** "Cluster" for a Service ClusterIP; absent or "": no routability guarantee. */
  routability?: '' | 'Cluster';
}

/**
 * What the infrastructure running a Gateway's proxies tells the Gateway API translator about it
 * (bus.gatewayInfra): where its listeners bind, the addresses it is reached at, whether the
 * proxies are ready. Written by the infrastructure stage, so the translator itself stays pure.
 */
export interface GatewayInfraState {
  /** Where the Gateway's listeners bind inside its proxy; default: the first usable spec.addresses entry, else the translator's default. */
  bindAddress?: string;
  /**
   * The addresses default selection gives the Gateway, in order, each with its GEP-5093
   * routability ("Cluster" for a Service ClusterIP, else ""): what status.addresses reports for
   * spec.addresses entries that do not ask for a particular routability.
   */
  addresses: InfraAddress[];
  /** The Gateway's Service ClusterIPs (Kubernetes infrastructure): what a routability "Cluster" request is given. */
  clusterAddresses?: string[];
  /** When present and not ok, the Gateway is Programmed=False with this reason and message although its configuration is served. */
  programmed?: { ok: boolean; reason: string; message: string };
}

/**
 * The envoyproxy/ratelimit service (Pier's configuration: rateLimitService), which keeps the
 * counts of global limits (RateLimitPolicy spec.global) for every proxy, in Redis.
 */
export interface RateLimitService {
  /** Host name or IP address of its gRPC server. */
  host: string;
  port: number;
  /** The service configuration's domain every descriptor of Pier's is under. */
  domain: string;
}

/** The global limits of one RateLimitPolicy (spec.global), counted by the rate limit service. */
export interface GlobalRateLimitSettings {
  rules: GlobalRateLimitRule[];
  /** When the service cannot answer in time: let the request through (true) or refuse it with 503. */
  failOpen: boolean;
}

/**
 * One global limit: the requests its client selectors match, counted together by every proxy
 * and every route the policy applies to (one count per distinct header value or client address
 * when the selector asks for it).
 */
export interface GlobalRateLimitRule {
  /** Names the count, unique per rule: "<namespace>/<policy>/<rule index>". */
  id: string;
  /** Request headers that must be present: with a value, equal to it; without, one count per distinct value. */
  headers: { name: string; value?: string }[];
  /** Client address within this prefix (address is its first address); perAddress: one count per address. */
  source?: { address: string; prefixLength: number; ipv6: boolean; perAddress: boolean };
  requests: number;
  unit: 'second' | 'minute' | 'hour' | 'day';
}

export function emptyXdsIR(gateway: string): XdsIR {
  return { gateway, http: [], tcp: [], udp: [] };
}
