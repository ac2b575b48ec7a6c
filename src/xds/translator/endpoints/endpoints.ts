/**
 * The endpoint translator: EndpointSlices -> the endpoints of the clusters that use them, from
 * the clusters' EndpointBindings. Pure. It is the whole endpoint path: an EndpointSlice change
 * runs only this, for the clusters of the Service it belongs to, and never the Gateway API or
 * IR translators, so listeners, routes and clusters are not rebuilt.
 */
import { SERVICE_NAME_LABEL, type EndpointSlice } from '../../../apis/core';
import type { Endpoint, ServicePortRef } from '../../../ir/types';
import type { BindingLocality, Cluster, ClusterLoadAssignment, EndpointBinding, GatewayEndpoints } from '../../types';
import type { LocalityLbEndpoints } from '../../../generated/envoy/config/endpoint/v3/LocalityLbEndpoints';
import { edsEndpoints, loadAssignment, singleLocality } from './endpoint';
import { byName } from '../names';

/** "<namespace>/<service>" of the Service an EndpointSlice belongs to; undefined when it names none. */
export function sliceService(slice: EndpointSlice): string | undefined {
  const service = slice.metadata.labels?.[SERVICE_NAME_LABEL];
  return service === undefined ? undefined : `${slice.metadata.namespace ?? ''}/${service}`;
}

function compareEndpoints(a: Endpoint, b: Endpoint): number {
  if (a.host !== b.host) return a.host < b.host ? -1 : 1;
  return a.port - b.port;
}

function compareSlices(a: EndpointSlice, b: EndpointSlice): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

/**
 * Ready endpoints (conditions.ready not false) of the slices' port named like the Service port
 * (portName "" for an unnamed port), each address once, sorted.
 */
export function endpointsFor(slices: readonly EndpointSlice[], portName: string): Endpoint[] {
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  for (const slice of [...slices].sort(compareSlices)) {
    const port = (slice.ports ?? []).find((p) => (p.name ?? '') === portName)?.port;
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

/** The endpoints of a Service port, as the caller knows them. */
export type EndpointSource = (ref: ServicePortRef) => Endpoint[];

function localities(binding: EndpointBinding, endpointsOf: EndpointSource): LocalityLbEndpoints[] {
  const weighted = binding.localities.some((l) => l.weight !== undefined);
  const lbEndpoints = (l: BindingLocality) => l.fixed ?? (l.endpointsOf ? edsEndpoints(endpointsOf(l.endpointsOf)) : []);
  if (!weighted) return singleLocality(binding.localities.flatMap(lbEndpoints));
  return binding.localities.map((l) => ({
    locality: { sub_zone: l.subZone ?? '' },
    lb_endpoints: lbEndpoints(l),
    load_balancing_weight: { value: l.weight ?? 1 },
  }));
}

/** The assignment of an EDS cluster, or the completed cluster of an inline one. */
export function bindingResource(binding: EndpointBinding, endpointsOf: EndpointSource): { endpoints?: ClusterLoadAssignment; cluster?: Cluster } {
  const assignment = loadAssignment(binding.cluster, localities(binding, endpointsOf));
  if (binding.inlineCluster) return { cluster: { ...binding.inlineCluster, load_assignment: assignment } };
  return { endpoints: assignment };
}

/** Every binding's resource, sorted by name. */
export function buildGatewayEndpoints(gateway: string, bindings: readonly EndpointBinding[], endpointsOf: EndpointSource): GatewayEndpoints {
  const out: GatewayEndpoints = { gateway, endpoints: [], clusters: [] };
  for (const binding of bindings) {
    const built = bindingResource(binding, endpointsOf);
    if (built.endpoints) out.endpoints.push(built.endpoints);
    if (built.cluster) out.clusters.push(built.cluster);
  }
  out.endpoints.sort(byName((r) => r.cluster_name ?? ''));
  out.clusters.sort(byName((r) => r.name ?? ''));
  return out;
}

/** Endpoints of every Service port from a set of EndpointSlices (offline, full translations). */
export function endpointSourceFromSlices(slices: readonly EndpointSlice[]): EndpointSource {
  const byService = new Map<string, EndpointSlice[]>();
  for (const slice of slices) {
    const service = sliceService(slice);
    if (service === undefined) continue;
    const list = byService.get(service);
    if (list) list.push(slice);
    else byService.set(service, [slice]);
  }
  return (ref) => endpointsFor(byService.get(`${ref.namespace}/${ref.service}`) ?? [], ref.portName);
}
