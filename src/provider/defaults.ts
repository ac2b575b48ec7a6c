/**
 * Defaults the API server would have applied before anyone read an object: for Gateway API kinds
 * the `default`s of the pinned CRD schemas (crds/, applied by src/provider/crd as structural
 * defaulting does), plus the few conventions the schemas cannot express; for the Kubernetes core
 * kinds, the core defaults Pier relies on. Both providers run their objects through here, so
 * downstream code can rely on these fields being set whichever provider ran.
 *
 * applyDefaults and applyResourceDefaults are pure: inputs are never mutated; they return fresh deep
 * copies, defaulted in place.
 * applyOwnedDefaults skips the copy for a caller that owns the object (the file provider, whose
 * parser already made the compact copy it keeps: compact.ts) and, told so, the CRD defaults its
 * parser already applied.
 */
import type { ClusterTrustBundle, ConfigMap, EndpointSlice, Namespace, Secret, Service } from '../apis/core';
import type {
  BackendTLSPolicy, Gateway, GatewayClass, GRPCRoute, GRPCRouteFilter, HTTPRoute, HTTPRouteFilter, ListenerSet, ReferenceGrant, Route,
  XBackendTrafficPolicy,
} from '../apis/gateway';
import type { XTelemetryPolicy } from '../apis/xtelemetry';
import type { XBackend } from '../apis/xbackend';
import { PIER_KINDS, type PierLists, type PierObject } from '../apis/pier';
import type { ProviderResources } from '../message/resources';
import { cloneJson } from '../ir/clone';
import { defaultCrdSchemas } from './crd/load';
import { defaultResource } from './crd/resource';

/** Every object kind a provider publishes. */
export type ProviderObject =
  | GatewayClass | Gateway | ListenerSet | Route | ReferenceGrant | BackendTLSPolicy | Service | EndpointSlice | Namespace | Secret | ConfigMap
  | ClusterTrustBundle | XTelemetryPolicy | XBackendTrafficPolicy | XBackend | PierObject;

/** The core API group is the empty string. */
export const CORE_GROUP = '';
/** Label the API server puts on every Namespace (its own name). */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** obj (a copy the caller owns) with its CRD's defaults (for the object's apiVersion) applied in place. */
function withCrdDefaults<T extends GatewayClass | Gateway | ListenerSet | Route | ReferenceGrant | BackendTLSPolicy | XTelemetryPolicy | XBackendTrafficPolicy | XBackend | PierObject>(obj: T): T {
  return defaultResource(defaultCrdSchemas(), obj, true) ?? obj;
}

/** The API defines an unset extensionRef group as the core group; the CRD requires it, so the API server never lacks it. */
function fillExtensionRefGroups(filters: (HTTPRouteFilter | GRPCRouteFilter)[] | undefined): void {
  for (const filter of filters ?? []) if (filter.extensionRef) filter.extensionRef.group ??= CORE_GROUP;
}

// ------------------------------------------------------------------ per kind, in place
// Gateway, GatewayClass, ListenerSet, the L4 routes, ReferenceGrant and BackendTLSPolicy have
// only their CRD's defaults (listener allowedRoutes and TLS settings, parent and backend
// references, address types...).

/**
 * What the API defines for an HTTPRoute beyond its CRD's defaults. An explicitly empty
 * `matches: []` is treated like an absent one: the API says a rule without matches matches every
 * request, and a single shape keeps translators simple.
 */
function httpRouteConventions(route: HTTPRoute): HTTPRoute {
  for (const rule of route.spec.rules ?? []) {
    if (rule.matches?.length === 0) rule.matches = [{ path: { type: 'PathPrefix', value: '/' } }];
    fillExtensionRefGroups(rule.filters);
    for (const backend of rule.backendRefs ?? []) fillExtensionRefGroups(backend.filters);
  }
  return route;
}

/** GRPCRoute has no rule or match defaults (no matches means every request): only extensionRef groups. */
function grpcRouteConventions(route: GRPCRoute): GRPCRoute {
  for (const rule of route.spec.rules ?? []) {
    fillExtensionRefGroups(rule.filters);
    for (const backend of rule.backendRefs ?? []) fillExtensionRefGroups(backend.filters);
  }
  return route;
}

/** Core defaults the API server applies to a Service: type ClusterIP, port protocol TCP, targetPort = port. */
function serviceDefaults(service: Service): Service {
  service.spec ??= {};
  service.spec.type ??= 'ClusterIP';
  for (const port of service.spec.ports ?? []) {
    port.protocol ??= 'TCP';
    port.targetPort ??= port.port;
  }
  return service;
}

/** Core default: EndpointSlice port protocol TCP. */
function endpointSliceDefaults(slice: EndpointSlice): EndpointSlice {
  slice.endpoints ??= [];
  for (const port of slice.ports ?? []) port.protocol ??= 'TCP';
  return slice;
}

/** The API server labels every Namespace with its own name (selectors commonly rely on it). */
function namespaceDefaults(namespace: Namespace): Namespace {
  namespace.metadata.labels = { ...namespace.metadata.labels };
  namespace.metadata.labels[NAMESPACE_NAME_LABEL] ??= namespace.metadata.name;
  return namespace;
}

/**
 * Core behaviour on write: type defaults to Opaque, and stringData is merged into data (base64,
 * overriding data's keys) and never read back, so readers only ever look at data.
 */
function secretDefaults(secret: Secret): Secret {
  secret.type ??= 'Opaque';
  if (secret.stringData) {
    secret.data = { ...secret.data };
    for (const [key, value] of Object.entries(secret.stringData)) secret.data[key] = Buffer.from(value, 'utf8').toString('base64');
    delete secret.stringData;
  }
  return secret;
}

/** Applies the defaults of obj's kind to a copy of it. Kinds without defaults are copied unchanged. */
export function applyDefaults<T extends ProviderObject>(obj: T): T {
  return applyOwnedDefaults(cloneJson(obj));
}

export interface OwnedDefaultsOptions {
  /**
   * obj already has its CRD's defaults (the file parser applies them as it validates, with the
   * schemas it validated against): only the conventions beyond the schemas are added.
   */
  crdDefaulted?: boolean;
}

/**
 * Applies the defaults of obj's kind to obj itself, for a caller that owns it (a provider's own
 * freshly parsed object): no copy is made.
 */
export function applyOwnedDefaults<T extends ProviderObject>(obj: T, options: OwnedDefaultsOptions = {}): T {
  const crd: typeof withCrdDefaults = options.crdDefaulted === true ? (owned) => owned : withCrdDefaults;
  // Each branch returns the same kind it was given; the casts only restate that for the compiler.
  const o: ProviderObject = obj;
  switch (o.kind) {
    case 'HTTPRoute': return httpRouteConventions(crd(o)) as T;
    case 'GRPCRoute': return grpcRouteConventions(crd(o)) as T;
    case 'Service': return serviceDefaults(o) as T;
    case 'EndpointSlice': return endpointSliceDefaults(o) as T;
    case 'Namespace': return namespaceDefaults(o) as T;
    case 'Secret': return secretDefaults(o) as T;
    case 'ConfigMap':
    case 'ClusterTrustBundle': return o as T;
    case 'Gateway':
    case 'TLSRoute':
    case 'TCPRoute':
    case 'UDPRoute':
    case 'GatewayClass':
    case 'ListenerSet':
    case 'ReferenceGrant':
    case 'BackendTLSPolicy':
    case 'XBackend':
    case 'XTelemetryPolicy': return crd(o) as T;
    case 'XBackendTrafficPolicy': return crd(o) as T;
    // Pier's own kinds (PIER_KINDS): their CRDs' defaults.
    default: return crd(o) as T;
  }
}

/** Applies defaults to every object of a resource set; order is kept. */
export function applyResourceDefaults(resources: ProviderResources): ProviderResources {
  return {
    gatewayClasses: resources.gatewayClasses.map(applyDefaults),
    gateways: resources.gateways.map(applyDefaults),
    listenerSets: (resources.listenerSets ?? []).map(applyDefaults),
    httpRoutes: resources.httpRoutes.map(applyDefaults),
    grpcRoutes: resources.grpcRoutes.map(applyDefaults),
    tlsRoutes: resources.tlsRoutes.map(applyDefaults),
    tcpRoutes: resources.tcpRoutes.map(applyDefaults),
    udpRoutes: resources.udpRoutes.map(applyDefaults),
    referenceGrants: resources.referenceGrants.map(applyDefaults),
    backendTLSPolicies: resources.backendTLSPolicies.map(applyDefaults),
    xTelemetryPolicies: (resources.xTelemetryPolicies ?? []).map(applyDefaults),
    xBackendTrafficPolicies: (resources.xBackendTrafficPolicies ?? []).map(applyDefaults),
    xBackends: (resources.xBackends ?? []).map(applyDefaults),
    services: resources.services.map(applyDefaults),
    endpointSlices: resources.endpointSlices.map(applyDefaults),
    namespaces: resources.namespaces.map(applyDefaults),
    secrets: resources.secrets.map(applyDefaults),
    configMaps: resources.configMaps.map(applyDefaults),
    clusterTrustBundles: (resources.clusterTrustBundles ?? []).map(applyDefaults),
    ...Object.fromEntries(PIER_KINDS.map((k) => [k.table, (resources[k.table] ?? []).map(applyDefaults)])) as unknown as PierLists,
  };
}
