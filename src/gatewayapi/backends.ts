/**
 * Backend references -> IR destination settings. A Service port resolves to the ready
 * endpoints of the Service's EndpointSlices. An invalid reference keeps its weight as an
 * invalid share (answered 500) and reports why (the route's ResolvedRefs condition).
 */
import type { EndpointSlice, Service, ServicePort } from '../apis/core';
import type { BackendObjectReference } from '../apis/gateway';
import type { BackendProtocol, DestinationSetting, Endpoint } from '../ir/types';
import { RouteReason, type RouteResolvedRefsReason } from './conditions';
import { isReferenceAllowed, type ReferenceFrom } from './referencegrant';
import type { ResourceIndex } from './resourceindex';

export const CORE_GROUP = '';

export interface BackendProblem {
  reason: RouteResolvedRefsReason;
  message: string;
}

export interface ResolvedBackend {
  setting: DestinationSetting;
  problem?: BackendProblem;
}

/** Cluster name by backend identity (never by rule position): "<namespace>/<service>/<port>". */
export function serviceClusterName(namespace: string, service: string, port: number | undefined): string {
  return port === undefined ? `${namespace}/${service}` : `${namespace}/${service}/${port}`;
}

function describe(group: string, kind: string, namespace: string, name: string): string {
  return `${kind}${group ? `.${group}` : ''} ${namespace}/${name}`;
}

function invalid(clusterName: string, weight: number, protocol: BackendProtocol, problem: BackendProblem): ResolvedBackend {
  return { setting: { clusterName, weight, protocol, endpoints: [], invalid: true }, problem };
}

/** Route kinds speak one transport; a Service port of another cannot carry them. */
function transportOf(protocol: BackendProtocol): 'TCP' | 'UDP' {
  return protocol === 'udp' ? 'UDP' : 'TCP';
}

function backendProtocol(port: ServicePort, routeDefault: BackendProtocol): BackendProtocol {
  if (routeDefault === 'http' && port.appProtocol === 'kubernetes.io/h2c') return 'h2c';
  return routeDefault;
}

function compareEndpoints(a: Endpoint, b: Endpoint): number {
  if (a.host !== b.host) return a.host < b.host ? -1 : 1;
  return a.port - b.port;
}

/** Ready endpoints (conditions.ready not false) of the slices' port named like the Service port. */
export function endpointsFor(slices: readonly EndpointSlice[], servicePort: ServicePort): Endpoint[] {
  const wantedName = servicePort.name ?? '';
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  for (const slice of slices) {
    const port = (slice.ports ?? []).find((p) => (p.name ?? '') === wantedName)?.port;
    if (port === undefined) continue;
    for (const endpoint of slice.endpoints ?? []) {
      if (endpoint.conditions?.ready === false) continue;
      for (const host of endpoint.addresses ?? []) {
        const id = `${host}|${port}`;
        if (seen.has(id)) continue;
        seen.add(id);
        out.push({ host, port });
      }
    }
  }
  return out.sort(compareEndpoints);
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
  if (group !== CORE_GROUP || kind !== 'Service') {
    const clusterName = `${kind}${group ? `.${group}` : ''}/${namespace}/${name}${port === undefined ? '' : `/${port}`}`;
    return invalid(clusterName, weight, routeProtocol, {
      reason: RouteReason.InvalidKind,
      message: `backendRef ${describe(group, kind, namespace, name)}: only Services (core group) are supported`,
    });
  }
  const clusterName = serviceClusterName(namespace, name, port);
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
  const protocol = backendProtocol(servicePort, routeProtocol);
  if (service.spec?.type === 'ExternalName' && service.spec.externalName) {
    return { setting: { clusterName, weight, protocol, endpoints: [], dnsName: service.spec.externalName } };
  }
  return { setting: { clusterName, weight, protocol, endpoints: endpointsFor(index.endpointSlices(namespace, name), servicePort) } };
}
