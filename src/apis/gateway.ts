/**
 * Gateway API (gateway.networking.k8s.io) object types, standard channel v1.6, as Pier
 * reads them. Fields the CRD defaults are marked optional here; the providers apply the
 * defaults (src/provider/defaults) so translators can rely on them being set.
 */
import type { Condition, KubeObject, LabelSelector } from './meta';

export const GATEWAY_GROUP = 'gateway.networking.k8s.io';
/** The experimental-only kinds' group (XBackendTrafficPolicy, ...). */
export const X_GATEWAY_GROUP = 'gateway.networking.x-k8s.io';

// ---------------------------------------------------------------- GatewayClass

export interface GatewayClass extends KubeObject {
  kind: 'GatewayClass';
  spec: {
    controllerName: string;
    parametersRef?: { group: string; kind: string; name: string; namespace?: string };
    description?: string;
  };
  status?: GatewayClassStatus;
}

export interface GatewayClassStatus {
  conditions?: Condition[];
  supportedFeatures?: { name: string }[];
}

// ---------------------------------------------------------------- Gateway

export type ProtocolType = 'HTTP' | 'HTTPS' | 'TLS' | 'TCP' | 'UDP' | string;

export interface RouteGroupKind {
  group?: string;
  kind: string;
}

export interface SecretObjectReference {
  group?: string;
  kind?: string;
  name: string;
  namespace?: string;
}

export interface GatewayTLSConfig {
  mode?: 'Terminate' | 'Passthrough';
  certificateRefs?: SecretObjectReference[];
  options?: Record<string, string>;
}

export interface AllowedRoutes {
  namespaces?: {
    from?: 'All' | 'Same' | 'Selector';
    selector?: LabelSelector;
  };
  kinds?: RouteGroupKind[];
}

export interface Listener {
  name: string;
  hostname?: string;
  port: number;
  protocol: ProtocolType;
  tls?: GatewayTLSConfig;
  allowedRoutes?: AllowedRoutes;
  /** Pre-routing filters (experimental, GEP-5224): ExternalAuth only (Pier defines no ExtensionRef kind). */
  filters?: ListenerFilters;
}

/** Listener.filters: today only the request phase. */
export interface ListenerFilters {
  requests?: ListenerFilter[];
}

/** One pre-routing filter: the payload named by type (ExternalAuth's is HTTPRouteFilter's). */
export interface ListenerFilter {
  type: 'ExternalAuth' | 'ExtensionRef';
  externalAuth?: HTTPExternalAuthFilter;
  extensionRef?: LocalObjectReference;
}

/** A reference to an object of any kind (apis/v1 ObjectReference): namespace defaults to the referrer's. */
export interface ObjectReference {
  group: string;
  kind: string;
  name: string;
  namespace?: string;
}

export type FrontendValidationMode = 'AllowValidOnly' | 'AllowInsecureFallback';

/** Client certificate validation of a Gateway's HTTPS listeners (spec.tls.frontend). */
export interface FrontendTLSValidation {
  caCertificateRefs: ObjectReference[];
  /** Defaults to AllowValidOnly. */
  mode?: FrontendValidationMode;
}

export interface FrontendTLSSettings {
  validation?: FrontendTLSValidation;
}

export interface FrontendTLSConfig {
  default: FrontendTLSSettings;
  /** Overrides default for the HTTPS listeners on that port. */
  perPort?: { port: number; tls: FrontendTLSSettings }[];
}

/** A status.addresses entry. */
export interface GatewayAddress {
  type?: 'IPAddress' | 'Hostname' | 'NamedAddress' | string;
  value: string;
  /** Where the address is reachable from (GEP-5093, experimental CRDs): "" (no guarantee), "Cluster" or a prefixed value. */
  routability?: string;
}

/** A spec.addresses entry: without a value it asks the implementation to assign an address of that type. */
export interface GatewaySpecAddress {
  type?: 'IPAddress' | 'Hostname' | 'NamedAddress' | string;
  value?: string;
  /** The reachability the address must have (GEP-5093, experimental CRDs); unset or "": the default. */
  routability?: string;
}

/** GEP-5093 routability: an IPAddress that is a Service ClusterIP (in the ServiceCIDR, reachable in the cluster). */
export const ROUTABILITY_CLUSTER = 'Cluster';
/** GEP-5093: reserved for conformance; carries no guarantee, and an implementation claiming the feature reports it as asked. */
export const ROUTABILITY_SENTINEL = 'testing.x-k8s.io/sentinel';

/** Whether an entry takes what default address selection gives: routability unset, "", or the conformance sentinel. */
export function asksDefaultRoutability(address: Pick<GatewaySpecAddress, 'routability'>): boolean {
  const routability = address.routability ?? '';
  return routability === '' || routability === ROUTABILITY_SENTINEL;
}

/**
 * spec.addresses entries that name an address of default routability (the others ask for one to
 * be assigned, or for a routability only a Service ClusterIP gives, or one Pier does not know).
 */
export function specifiedAddresses(gateway: Pick<Gateway, 'spec'>): (GatewaySpecAddress & { value: string })[] {
  return (gateway.spec?.addresses ?? []).filter((a): a is GatewaySpecAddress & { value: string } => (a.value ?? '') !== '' && asksDefaultRoutability(a));
}

/** Whether spec.addresses asks default selection for an address: an entry of default routability without a value. */
export function asksForDefaultAddress(gateway: Pick<Gateway, 'spec'>): boolean {
  return (gateway.spec?.addresses ?? []).some((a) => (a.value ?? '') === '' && asksDefaultRoutability(a));
}

export interface Gateway extends KubeObject {
  kind: 'Gateway';
  spec: {
    gatewayClassName: string;
    listeners: Listener[];
    addresses?: GatewaySpecAddress[];
    tls?: {
      frontend?: FrontendTLSConfig;
      /** TLS the Gateway's proxies originate to backends: the client certificate they present. */
      backend?: { clientCertificateRef?: SecretObjectReference };
    };
    infrastructure?: {
      labels?: Record<string, string>;
      annotations?: Record<string, string>;
      /** Implementation-specific parameters in the Gateway's namespace (LocalParametersReference). */
      parametersRef?: { group: string; kind: string; name: string };
    };
    /** Which ListenerSets may attach their listeners (none when absent). */
    allowedListeners?: AllowedListeners;
  };
  status?: GatewayStatus;
}

/** Namespaces whose ListenerSets may attach to a Gateway (spec.allowedListeners). */
export interface AllowedListeners {
  namespaces?: {
    /** Defaults to None. */
    from?: 'All' | 'Same' | 'Selector' | 'None';
    selector?: LabelSelector;
  };
}

export interface ListenerStatus {
  name: string;
  supportedKinds: RouteGroupKind[];
  attachedRoutes: number;
  conditions: Condition[];
}

export interface GatewayStatus {
  addresses?: GatewayAddress[];
  conditions?: Condition[];
  listeners?: ListenerStatus[];
  /** ListenerSets attached: allowed, naming this Gateway, and Accepted. */
  attachedListenerSets?: number;
}

// ---------------------------------------------------------------- ListenerSet

/** A ListenerSet's parent: a Gateway (namespace defaults to the ListenerSet's). */
export interface ParentGatewayReference {
  group?: string;
  kind?: string;
  name: string;
  namespace?: string;
}

/** Extra listeners merged into a parent Gateway's. */
export interface ListenerSet extends KubeObject {
  kind: 'ListenerSet';
  spec: {
    parentRef: ParentGatewayReference;
    /** Same shape as a Gateway's listeners; names are unique within the ListenerSet only. */
    listeners: Listener[];
  };
  status?: ListenerSetStatus;
}

export interface ListenerSetStatus {
  conditions?: Condition[];
  listeners?: ListenerStatus[];
}

// ---------------------------------------------------------------- Routes (common)

export interface ParentReference {
  group?: string;
  kind?: string;
  namespace?: string;
  name: string;
  sectionName?: string;
  port?: number;
}

export interface BackendObjectReference {
  group?: string;
  kind?: string;
  name: string;
  namespace?: string;
  port?: number;
}

export interface BackendRef extends BackendObjectReference {
  weight?: number;
}

export interface RouteParentStatus {
  parentRef: ParentReference;
  controllerName: string;
  conditions: Condition[];
}

export interface RouteStatus {
  parents: RouteParentStatus[];
}

export interface CommonRouteSpec {
  parentRefs?: ParentReference[];
}

// ---------------------------------------------------------------- HTTPRoute

export type PathMatchType = 'Exact' | 'PathPrefix' | 'RegularExpression';
export type HeaderMatchType = 'Exact' | 'RegularExpression';

export interface HTTPPathMatch {
  type?: PathMatchType;
  value?: string;
}

export interface HTTPHeaderMatch {
  type?: HeaderMatchType;
  name: string;
  value: string;
}

export interface HTTPQueryParamMatch {
  type?: HeaderMatchType;
  name: string;
  value: string;
}

export type HTTPMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'CONNECT' | 'OPTIONS' | 'TRACE' | 'PATCH';

export interface HTTPRouteMatch {
  path?: HTTPPathMatch;
  headers?: HTTPHeaderMatch[];
  queryParams?: HTTPQueryParamMatch[];
  method?: HTTPMethod;
}

export interface HTTPHeader {
  name: string;
  value: string;
}

export interface HTTPHeaderFilter {
  set?: HTTPHeader[];
  add?: HTTPHeader[];
  remove?: string[];
}

export interface HTTPPathModifier {
  type: 'ReplaceFullPath' | 'ReplacePrefixMatch';
  replaceFullPath?: string;
  replacePrefixMatch?: string;
}

export interface HTTPRequestRedirectFilter {
  scheme?: 'http' | 'https';
  hostname?: string;
  path?: HTTPPathModifier;
  port?: number;
  statusCode?: 301 | 302 | 303 | 307 | 308;
}

export interface HTTPURLRewriteFilter {
  hostname?: string;
  path?: HTTPPathModifier;
}

export interface HTTPRequestMirrorFilter {
  backendRef: BackendObjectReference;
  percent?: number;
  fraction?: { numerator: number; denominator?: number };
}

export interface LocalObjectReference {
  group: string;
  kind: string;
  name: string;
}

export type HTTPRouteFilterType =
  | 'RequestHeaderModifier'
  | 'ResponseHeaderModifier'
  | 'RequestRedirect'
  | 'URLRewrite'
  | 'RequestMirror'
  | 'ExtensionRef'
  | 'CORS'
  | 'ExternalAuth';

/** Cross-origin resource sharing (standard since v1.6). The CRD defaults maxAge to 5. */
export interface HTTPCORSFilter {
  allowOrigins?: string[];
  allowCredentials?: boolean;
  /** HTTP methods, or "*" alone for any. */
  allowMethods?: string[];
  allowHeaders?: string[];
  exposeHeaders?: string[];
  /** Seconds. */
  maxAge?: number;
}

/** GEP-1494 (experimental channel): ask an authorization service about each request first. */
export interface HTTPExternalAuthFilter {
  protocol: 'HTTP' | 'GRPC';
  backendRef: BackendObjectReference;
  grpc?: { allowedHeaders?: string[] };
  http?: { path?: string; allowedHeaders?: string[]; allowedResponseHeaders?: string[] };
  /** Bytes of the request body sent along; absent or 0: none. */
  forwardBody?: { maxSize?: number };
}

export interface HTTPRouteFilter {
  type: HTTPRouteFilterType;
  cors?: HTTPCORSFilter;
  externalAuth?: HTTPExternalAuthFilter;
  requestHeaderModifier?: HTTPHeaderFilter;
  responseHeaderModifier?: HTTPHeaderFilter;
  requestRedirect?: HTTPRequestRedirectFilter;
  urlRewrite?: HTTPURLRewriteFilter;
  requestMirror?: HTTPRequestMirrorFilter;
  extensionRef?: LocalObjectReference;
}

export interface HTTPBackendRef extends BackendRef {
  filters?: HTTPRouteFilter[];
}

export interface HTTPRouteTimeouts {
  request?: string;
  backendRequest?: string;
}

/** rules[].retry (experimental channel): when and how often a backend request is tried again. */
export interface HTTPRouteRetry {
  /** Response status codes (400-599) that make a request be tried again. */
  codes?: number[];
  /** How many times a request is retried (not counting the first try); at least 1. */
  attempts?: number;
  /** Gateway API Duration: the least time between tries. */
  backoff?: string;
}

export interface HTTPRouteRule {
  name?: string;
  matches?: HTTPRouteMatch[];
  filters?: HTTPRouteFilter[];
  backendRefs?: HTTPBackendRef[];
  timeouts?: HTTPRouteTimeouts;
  retry?: HTTPRouteRetry;
  /** Experimental channel: sticky sessions for the rule's backends. */
  sessionPersistence?: SessionPersistence;
}

/** Session persistence (GEP-1619), HTTPRoute rules[] and XBackendTrafficPolicy (experimental channel). */
export interface SessionPersistence {
  /** Gateway API Duration: how long a session lasts at most. */
  absoluteTimeout?: string;
  /** Default Cookie. */
  type?: 'Cookie' | 'Header';
  cookie?: {
    name?: string;
    /** Default "/". */
    path?: string;
    /** Default Session; Permanent needs absoluteTimeout (the cookie's Max-Age). */
    lifetimeType?: 'Permanent' | 'Session';
  };
  header?: { name: string };
}

export interface HTTPRoute extends KubeObject {
  kind: 'HTTPRoute';
  spec: CommonRouteSpec & {
    hostnames?: string[];
    rules?: HTTPRouteRule[];
  };
  status?: RouteStatus;
}

// ---------------------------------------------------------------- GRPCRoute

export interface GRPCMethodMatch {
  type?: 'Exact' | 'RegularExpression';
  service?: string;
  method?: string;
}

export interface GRPCHeaderMatch {
  type?: HeaderMatchType;
  name: string;
  value: string;
}

export interface GRPCRouteMatch {
  method?: GRPCMethodMatch;
  headers?: GRPCHeaderMatch[];
}

export interface GRPCRouteFilter {
  type: 'RequestHeaderModifier' | 'ResponseHeaderModifier' | 'RequestMirror' | 'ExtensionRef';
  requestHeaderModifier?: HTTPHeaderFilter;
  responseHeaderModifier?: HTTPHeaderFilter;
  requestMirror?: HTTPRequestMirrorFilter;
  extensionRef?: LocalObjectReference;
}

export interface GRPCBackendRef extends BackendRef {
  filters?: GRPCRouteFilter[];
}

export interface GRPCRouteRule {
  name?: string;
  matches?: GRPCRouteMatch[];
  filters?: GRPCRouteFilter[];
  backendRefs?: GRPCBackendRef[];
  /** Experimental channel; Pier does not implement it on GRPCRoutes and refuses a rule that asks for it. */
  sessionPersistence?: SessionPersistence;
}

export interface GRPCRoute extends KubeObject {
  kind: 'GRPCRoute';
  spec: CommonRouteSpec & { hostnames?: string[]; rules?: GRPCRouteRule[] };
  status?: RouteStatus;
}

// ---------------------------------------------------------------- TLSRoute, TCPRoute, UDPRoute

export interface L4RouteRule {
  name?: string;
  backendRefs?: BackendRef[];
}

export interface TLSRoute extends KubeObject {
  kind: 'TLSRoute';
  spec: CommonRouteSpec & { hostnames?: string[]; rules: L4RouteRule[] };
  status?: RouteStatus;
}

export interface TCPRoute extends KubeObject {
  kind: 'TCPRoute';
  spec: CommonRouteSpec & { rules: L4RouteRule[] };
  status?: RouteStatus;
}

export interface UDPRoute extends KubeObject {
  kind: 'UDPRoute';
  spec: CommonRouteSpec & { rules: L4RouteRule[] };
  status?: RouteStatus;
}

// ---------------------------------------------------------------- ReferenceGrant

export interface ReferenceGrant extends KubeObject {
  kind: 'ReferenceGrant';
  spec: {
    from: { group: string; kind: string; namespace: string }[];
    to: { group: string; kind: string; name?: string }[];
  };
}

export type Route = HTTPRoute | GRPCRoute | TLSRoute | TCPRoute | UDPRoute;
export type RouteKind = Route['kind'];

// ---------------------------------------------------------------- BackendTLSPolicy (v1, standard since v1.4)

export interface LocalPolicyTargetReferenceWithSectionName {
  group: string;
  kind: string;
  name: string;
  sectionName?: string;
}

export interface SubjectAltName {
  type: 'Hostname' | 'URI';
  hostname?: string;
  uri?: string;
}

export interface BackendTLSPolicyValidation {
  caCertificateRefs?: LocalObjectReference[];
  /** "System", or an implementation-specific prefixed name. */
  wellKnownCACertificates?: string;
  hostname: string;
  subjectAltNames?: SubjectAltName[];
}

export interface PolicyAncestorStatus {
  ancestorRef: ParentReference;
  controllerName: string;
  conditions: Condition[];
}

export interface PolicyStatus {
  ancestors: PolicyAncestorStatus[];
}

export interface BackendTLSPolicy extends KubeObject {
  kind: 'BackendTLSPolicy';
  spec: {
    targetRefs: LocalPolicyTargetReferenceWithSectionName[];
    validation: BackendTLSPolicyValidation;
    options?: Record<string, string>;
  };
  status?: PolicyStatus;
}

// ---------------------------------------------------------------- XBackendTrafficPolicy (x-k8s.io v1alpha1, experimental channel)

export interface LocalPolicyTargetReference {
  group: string;
  kind: string;
  name: string;
}

/** A request rate: count per interval (a Gateway API Duration). */
export interface RequestRate {
  count?: number;
  interval?: string;
}

/** GEP-3388: retries allowed as a share of active requests, with a floor. */
export interface RetryConstraint {
  budget?: { percent?: number; interval?: string };
  minRetryRate?: RequestRate;
}

export interface XBackendTrafficPolicy extends KubeObject {
  kind: 'XBackendTrafficPolicy';
  spec: {
    targetRefs: LocalPolicyTargetReference[];
    retryConstraint?: RetryConstraint;
    sessionPersistence?: SessionPersistence;
  };
  status?: PolicyStatus;
}
