/**
 * Backend references -> IR destination settings. A Service port resolves to a reference to its
 * endpoints (the endpoint translator follows the Service's EndpointSlices, so endpoint changes
 * never come through here). An invalid reference keeps its weight as an invalid share
 * (answered 500) and reports why (the route's ResolvedRefs condition).
 */
import { cloneJson } from '../../ir/clone';
import type { Service, ServicePort } from '../../apis/core';
import type { BackendObjectReference } from '../../apis/gateway';
import type { BackendProtocol, DestinationSetting, SessionPersistence } from '../../ir/types';
import { X_GATEWAY_GROUP } from '../../apis/gateway';
import { RouteReason, type RouteResolvedRefsReason } from '../model/conditions';
import { isReferenceAllowed, type ReferenceFrom } from './referencegrant';
import type { BackendTLSResolution } from './backendtls';
import { xBackendClusterName, xBackendDestination } from './xbackend';
import type { ResourceIndex } from '../resourceindex';

export const CORE_GROUP = '';

export interface BackendProblem {
  reason: RouteResolvedRefsReason;
  message: string;
}

export interface ResolvedBackend {
  setting: DestinationSetting;
  problem?: BackendProblem;
  /** The backend expects WebSocket upgrades (appProtocol kubernetes.io/ws or wss). */
  websocket?: boolean;
  /**
   * TLSRoute only: the setting a TLS listener in Terminate mode uses (plain TCP, or TLS again
   * when a BackendTLSPolicy targets the port: a cluster of its own, "/backend-tls" added, so a
   * Passthrough listener reaching the same port keeps its plain one). Absent: `setting` as TCP.
   */
  terminated?: DestinationSetting;
  /** The Service's XBackendTrafficPolicy asks for sticky sessions (HTTP-like routes apply it per rule). */
  sessionPersistence?: SessionPersistence;
}

/** Cluster name by backend identity (never by rule position): "<namespace>/<service>/<port>". */
export function serviceClusterName(namespace: string, service: string, port: number | undefined): string {
  return port === undefined ? `${namespace}/${service}` : `${namespace}/${service}/${port}`;
}

function describe(group: string, kind: string, namespace: string, name: string): string {
  return `${kind}${group ? `.${group}` : ''} ${namespace}/${name}`;
}

function invalid(clusterName: string, weight: number, protocol: BackendProtocol, problem: BackendProblem): ResolvedBackend {
  return { setting: { clusterName, weight, protocol, invalid: true }, problem };
}

/** Route kinds speak one transport; a Service port of another cannot carry them. */
function transportOf(protocol: BackendProtocol): 'TCP' | 'UDP' {
  return protocol === 'udp' ? 'UDP' : 'TCP';
}

/** Kubernetes standard application protocols (KEP-3726) Pier acts on. */
export const AppProtocol = {
  h2c: 'kubernetes.io/h2c',
  ws: 'kubernetes.io/ws',
  wss: 'kubernetes.io/wss',
} as const;

interface PortProtocol {
  protocol: BackendProtocol;
  websocket: boolean;
}

/**
 * What to speak to a Service port, from the route's default and the port's appProtocol:
 * HTTP routes speak h2c to kubernetes.io/h2c ports and allow WebSocket upgrades to
 * kubernetes.io/ws ports; gRPC always needs HTTP/2, so a WebSocket port cannot serve it.
 * kubernetes.io/wss is WebSocket over TLS: Pier originates TLS only as a BackendTLSPolicy says
 * (GEP-1911: HTTPRoute to wss is conditional on one), so without a policy for the port it cannot
 * be reached the way it asks (UnsupportedProtocol) rather than spoken to in clear.
 * Other appProtocols (IANA names and the like) do not change anything. A string is a problem.
 */
function portProtocol(port: ServicePort, routeDefault: BackendProtocol): PortProtocol | string {
  const app = port.appProtocol;
  if (routeDefault === 'h2c' && (app === AppProtocol.ws || app === AppProtocol.wss)) {
    return `appProtocol ${app} cannot carry gRPC`;
  }
  if (routeDefault === 'http') {
    if (app === AppProtocol.h2c) return { protocol: 'h2c', websocket: false };
    if (app === AppProtocol.ws) return { protocol: 'http', websocket: true };
    if (app === AppProtocol.wss) return `appProtocol ${app} is WebSocket over TLS: it needs a BackendTLSPolicy for this port`;
  }
  return { protocol: routeDefault, websocket: false };
}

/**
 * Resolves one backend reference made by a route (from). Checks, in order: kind, cross-namespace
 * permission, existence, port, transport.
 */
export function resolveBackend(
  index: ResourceIndex,
  from: ReferenceFrom,
  ref: BackendObjectReference,
  weight: number,
  routeProtocol: BackendProtocol,
): ResolvedBackend {
  const group = ref.group ?? CORE_GROUP;
  const kind = ref.kind ?? 'Service';
  const namespace = ref.namespace ?? from.namespace;
  const name = ref.name;
  const port = ref.port;
  if (group === X_GATEWAY_GROUP && kind === 'XBackend') {
    if (!isReferenceAllowed(index, from, { group, kind, namespace, name })) {
      return invalid(xBackendClusterName(namespace, name, routeProtocol), weight, routeProtocol, {
        reason: RouteReason.RefNotPermitted,
        message: `backendRef XBackend ${namespace}/${name} is in another namespace and no ReferenceGrant allows it`,
      });
    }
    return xBackendDestination(index, ref, namespace, weight, routeProtocol);
  }
  if (group !== CORE_GROUP || kind !== 'Service') {
    const clusterName = `${kind}${group ? `.${group}` : ''}/${namespace}/${name}${port === undefined ? '' : `/${port}`}`;
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.InvalidKind,
      message: `backendRef ${describe(group, kind, namespace, name)}: only Services (core group) and XBackends (${X_GATEWAY_GROUP}) are supported`,
    });
  }
  let clusterName = serviceClusterName(namespace, name, port);
  if (!isReferenceAllowed(index, from, { group, kind, namespace, name })) {
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.RefNotPermitted,
      message: `backendRef Service ${namespace}/${name} is in another namespace and no ReferenceGrant allows it`,
    });
  }
  const service: Service | undefined = index.service(namespace, name);
  if (!service) {
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.BackendNotFound, message: `backendRef Service ${namespace}/${name} not found`,
    });
  }
  if (port === undefined) {
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.BackendNotFound, message: `backendRef Service ${namespace}/${name}: port is required`,
    });
  }
  const servicePort = (service.spec?.ports ?? []).find((p) => p.port === port);
  if (!servicePort) {
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.BackendNotFound, message: `backendRef Service ${namespace}/${name} has no port ${port}`,
    });
  }
  if ((servicePort.protocol ?? 'TCP') !== transportOf(routeProtocol)) {
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.UnsupportedProtocol,
      message: `backendRef Service ${namespace}/${name} port ${port} is ${servicePort.protocol ?? 'TCP'}, the route needs ${transportOf(routeProtocol)}`,
    });
  }
  // TLS to the backend (BackendTLSPolicy): not for TLS passthrough (the client's session goes
  // through as is; a TLSRoute on a Terminate listener gets it: `terminated`) nor UDP.
  const policyTLS = routeProtocol === 'udp' ? undefined : index.backendTLSFor(namespace, name, servicePort.name);
  const backendTLS = routeProtocol === 'tls' ? undefined : policyTLS;
  const resolved = backendTLS?.kind === 'tls' && servicePort.appProtocol === AppProtocol.wss && routeProtocol === 'http'
    ? { protocol: routeProtocol, websocket: true }
    : portProtocol(servicePort, routeProtocol);
  if (typeof resolved === 'string') {
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.UnsupportedProtocol, message: `backendRef Service ${namespace}/${name} port ${port}: ${resolved}`,
    });
  }
  const { protocol } = resolved;
  // gRPC speaks HTTP/2 to a port that does not say it does: a cluster of its own, so HTTPRoutes
  // to the same port keep their HTTP/1.1 cluster.
  if (protocol === 'h2c' && servicePort.appProtocol !== AppProtocol.h2c) clusterName = `${clusterName}/h2c`;
  const websocket = resolved.websocket ? { websocket: true } : {};
  // A policy that cannot be used makes the backend unreachable, without a problem on the route:
  // the policy's status says why (connections using an invalid CA reference must fail).
  if (backendTLS?.kind === 'invalid') return { setting: { clusterName, weight, protocol, invalid: true } };
  const tls = backendTLS?.kind === 'tls' ? { tls: cloneJson(backendTLS.tls) } : {};
  // XBackendTrafficPolicy: the retry budget is the cluster's, whichever route kind reaches it
  // (only HTTP-like routes retry), so one cluster is described the same way everywhere.
  const traffic = index.backendTrafficFor(namespace, name);
  const budget = traffic?.retryBudget ? { retryBudget: { ...traffic.retryBudget } } : {};
  const sticky = traffic?.sessionPersistence ? { sessionPersistence: cloneJson(traffic.sessionPersistence) } : {};
  if (service.spec?.type === 'ExternalName' && service.spec.externalName) {
    // The name is resolved by the proxy, on the Service port (there are no endpoints to ask).
    const setting: DestinationSetting = { clusterName, weight, protocol, dnsName: service.spec.externalName, port, ...tls, ...budget };
    return { setting, ...websocket, ...sticky, ...terminatedSetting(setting, routeProtocol, policyTLS) };
  }
  const endpointsOf = { namespace, service: name, portName: servicePort.name ?? '' };
  const setting: DestinationSetting = { clusterName, weight, protocol, endpointsOf, ...tls, ...budget };
  return { setting, ...websocket, ...sticky, ...terminatedSetting(setting, routeProtocol, policyTLS) };
}

/** See ResolvedBackend.terminated. */
function terminatedSetting(setting: DestinationSetting, routeProtocol: BackendProtocol, policy: BackendTLSResolution | undefined): Pick<ResolvedBackend, 'terminated'> {
  if (routeProtocol !== 'tls' || !policy) return {};
  if (policy.kind === 'invalid') return { terminated: { clusterName: setting.clusterName, weight: setting.weight, protocol: 'tcp', invalid: true } };
  return { terminated: { ...setting, clusterName: `${setting.clusterName}/backend-tls`, protocol: 'tcp', tls: cloneJson(policy.tls) } };
}
