/**
 * Defaults the API server would have applied before anyone read an object: the Gateway API v1
 * CRD defaults (+kubebuilder:default markers in sigs.k8s.io/gateway-api apis/v1) and the few
 * Kubernetes core defaults Pier relies on. Both providers run their objects through here, so
 * downstream code can rely on these fields being set whichever provider ran.
 *
 * Pure: inputs are never mutated; every function returns a fresh deep copy.
 */
import type { EndpointSlice, Namespace, Secret, Service } from '../apis/core';
import {
  GATEWAY_GROUP,
  type BackendObjectReference, type BackendRef, type CommonRouteSpec, type Gateway, type GatewayClass,
  type GRPCRoute, type GRPCRouteFilter, type HTTPPathMatch, type HTTPRoute, type HTTPRouteFilter,
  type HTTPRouteMatch, type HTTPRouteRule, type ReferenceGrant, type Route, type TCPRoute, type TLSRoute,
  type UDPRoute,
} from '../apis/gateway';
import type { ProviderResources } from '../message/resources';

/** Every object kind a provider publishes. */
export type ProviderObject =
  | GatewayClass | Gateway | Route | ReferenceGrant | Service | EndpointSlice | Namespace | Secret;

/** The core API group is the empty string. */
export const CORE_GROUP = '';
/** Label the API server puts on every Namespace (its own name). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** HTTPRouteMatch.path default, and the single match of the default rule. */
function defaultPathMatch(): HTTPPathMatch {
  return { type: 'PathPrefix', value: '/' };
}

function defaultHTTPRouteRule(): HTTPRouteRule {
  return { matches: [{ path: defaultPathMatch() }] };
}

// ------------------------------------------------------------------ references (in place on copies)

function fillParentRefs(spec: CommonRouteSpec): void {
  for (const ref of spec.parentRefs ?? []) {
    ref.group ??= GATEWAY_GROUP;
    ref.kind ??= 'Gateway';
  }
}

function fillBackendObjectRef(ref: BackendObjectReference): void {
  ref.group ??= CORE_GROUP;
  ref.kind ??= 'Service';
}

function fillBackendRef(ref: BackendRef): void {
  fillBackendObjectRef(ref);
  ref.weight ??= 1;
}

function fillHTTPFilters(filters: HTTPRouteFilter[] | undefined): void {
  for (const filter of filters ?? []) {
    if (filter.requestRedirect) filter.requestRedirect.statusCode ??= 302;
    if (filter.requestMirror?.backendRef) fillBackendObjectRef(filter.requestMirror.backendRef);
    // No CRD default, but the API defines an unset group as the core group.
    if (filter.extensionRef) filter.extensionRef.group ??= CORE_GROUP;
  }
}

function fillGRPCFilters(filters: GRPCRouteFilter[] | undefined): void {
  for (const filter of filters ?? []) {
    if (filter.requestMirror?.backendRef) fillBackendObjectRef(filter.requestMirror.backendRef);
    if (filter.extensionRef) filter.extensionRef.group ??= CORE_GROUP;
  }
}

function fillHTTPRouteMatch(match: HTTPRouteMatch): void {
  match.path ??= defaultPathMatch();
  match.path.type ??= 'PathPrefix';
  match.path.value ??= '/';
  for (const header of match.headers ?? []) header.type ??= 'Exact';
  for (const query of match.queryParams ?? []) query.type ??= 'Exact';
}

// ------------------------------------------------------------------ per kind

export function defaultGateway(input: Gateway): Gateway {
  const gateway = structuredClone(input);
  for (const listener of gateway.spec.listeners ?? []) {
    listener.allowedRoutes ??= {};
    listener.allowedRoutes.namespaces ??= {};
    listener.allowedRoutes.namespaces.from ??= 'Same';
    for (const kind of listener.allowedRoutes.kinds ?? []) kind.group ??= GATEWAY_GROUP;
    if (listener.tls) {
      listener.tls.mode ??= 'Terminate';
      for (const ref of listener.tls.certificateRefs ?? []) {
        ref.group ??= CORE_GROUP;
        ref.kind ??= 'Secret';
      }
    }
  }
  for (const address of gateway.spec.addresses ?? []) address.type ??= 'IPAddress';
  return gateway;
}

/**
 * HTTPRoute defaults. An explicitly empty `matches: []` is treated like an absent one: the API
 * says a rule without matches matches every request, and a single shape keeps translators simple.
 */
export function defaultHTTPRoute(input: HTTPRoute): HTTPRoute {
  const route = structuredClone(input);
  fillParentRefs(route.spec);
  route.spec.rules ??= [defaultHTTPRouteRule()];
  for (const rule of route.spec.rules) {
    if (!rule.matches || rule.matches.length === 0) rule.matches = [{ path: defaultPathMatch() }];
    for (const match of rule.matches) fillHTTPRouteMatch(match);
    fillHTTPFilters(rule.filters);
    for (const backend of rule.backendRefs ?? []) {
      fillBackendRef(backend);
      fillHTTPFilters(backend.filters);
    }
  }
  return route;
}

/** GRPCRoute has no rule or match defaults (no matches means every request); only field defaults. */
export function defaultGRPCRoute(input: GRPCRoute): GRPCRoute {
  const route = structuredClone(input);
  fillParentRefs(route.spec);
  for (const rule of route.spec.rules ?? []) {
    for (const match of rule.matches ?? []) {
      if (match.method) match.method.type ??= 'Exact';
      for (const header of match.headers ?? []) header.type ??= 'Exact';
    }
    fillGRPCFilters(rule.filters);
    for (const backend of rule.backendRefs ?? []) {
      fillBackendRef(backend);
      fillGRPCFilters(backend.filters);
    }
  }
  return route;
}

/** TLSRoute, TCPRoute and UDPRoute share their defaults: parent and backend references. */
export function defaultL4Route<T extends TLSRoute | TCPRoute | UDPRoute>(input: T): T {
  const route = structuredClone(input);
  fillParentRefs(route.spec);
  for (const rule of route.spec.rules ?? []) {
    for (const backend of rule.backendRefs ?? []) fillBackendRef(backend);
  }
  return route;
}

/** Core defaults the API server applies to a Service: type ClusterIP, port protocol TCP, targetPort = port. */
export function defaultService(input: Service): Service {
  const service = structuredClone(input);
  service.spec ??= {};
  service.spec.type ??= 'ClusterIP';
  for (const port of service.spec.ports ?? []) {
    port.protocol ??= 'TCP';
    port.targetPort ??= port.port;
  }
  return service;
}

/** Core default: EndpointSlice port protocol TCP. */
export function defaultEndpointSlice(input: EndpointSlice): EndpointSlice {
  const slice = structuredClone(input);
  slice.endpoints ??= [];
  for (const port of slice.ports ?? []) port.protocol ??= 'TCP';
  return slice;
}

/** The API server labels every Namespace with its own name (selectors commonly rely on it). */
export function defaultNamespace(input: Namespace): Namespace {
  const namespace = structuredClone(input);
  namespace.metadata.labels = { ...namespace.metadata.labels };
  namespace.metadata.labels[NAMESPACE_NAME_LABEL] ??= namespace.metadata.name;
  return namespace;
}

/**
 * Core behaviour on write: type defaults to Opaque, and stringData is merged into data (base64,
 * overriding data's keys) and never read back, so readers only ever look at data.
 */
export function defaultSecret(input: Secret): Secret {
  const secret = structuredClone(input);
  secret.type ??= 'Opaque';
  if (secret.stringData) {
    secret.data = { ...secret.data };
    for (const [key, value] of Object.entries(secret.stringData)) secret.data[key] = Buffer.from(value, 'utf8').toString('base64');
    delete secret.stringData;
  }
  return secret;
}

/** Applies the defaults of obj's kind. Kinds without defaults are copied unchanged. */
export function applyDefaults<T extends ProviderObject>(obj: T): T {
  // Each branch returns the same kind it was given; the casts only restate that for the compiler.
  const o: ProviderObject = obj;
  switch (o.kind) {
    case 'Gateway': return defaultGateway(o) as T;
    case 'HTTPRoute': return defaultHTTPRoute(o) as T;
    case 'GRPCRoute': return defaultGRPCRoute(o) as T;
    case 'TLSRoute':
    case 'TCPRoute':
    case 'UDPRoute': return defaultL4Route(o) as T;
    case 'Service': return defaultService(o) as T;
    case 'EndpointSlice': return defaultEndpointSlice(o) as T;
    case 'Namespace': return defaultNamespace(o) as T;
    case 'Secret': return defaultSecret(o) as T;
    case 'GatewayClass':
    case 'ReferenceGrant': return structuredClone(obj);
  }
}

/** Applies defaults to every object of a resource set; order is kept. */
export function applyResourceDefaults(resources: ProviderResources): ProviderResources {
  return {
    gatewayClasses: resources.gatewayClasses.map(applyDefaults),
    gateways: resources.gateways.map(applyDefaults),
    httpRoutes: resources.httpRoutes.map(applyDefaults),
    grpcRoutes: resources.grpcRoutes.map(applyDefaults),
    tlsRoutes: resources.tlsRoutes.map(applyDefaults),
    tcpRoutes: resources.tcpRoutes.map(applyDefaults),
    udpRoutes: resources.udpRoutes.map(applyDefaults),
    referenceGrants: resources.referenceGrants.map(applyDefaults),
    services: resources.services.map(applyDefaults),
    endpointSlices: resources.endpointSlices.map(applyDefaults),
    namespaces: resources.namespaces.map(applyDefaults),
    secrets: resources.secrets.map(applyDefaults),
  };
}
