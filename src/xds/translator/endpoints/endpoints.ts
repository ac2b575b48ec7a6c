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
 * (portName "" for an unnamed port), or numbered portNumber when given, each address once, sorted.
 */
export function endpointsFor(slices: readonly EndpointSlice[], portName: string, portNumber?: number): Endpoint[] {
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  for (const slice of [...slices].sort(compareSlices)) {
    const port = (slice.ports ?? []).find((p) => (portNumber === undefined ? (p.name ?? '') === portName : p.port === portNumber))?.port;
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

/** Whether an EndpointSlice carries every label of an EndpointSelector, with the same value. */
export function sliceSelected(slice: EndpointSlice, selector: Readonly<Record<string, string>>): boolean {
  const labels = slice.metadata.labels ?? {};
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** The key under which the users of a ref follow EndpointSlice changes: its Service, or its whole namespace for a selector. */
export function refSourceKey(ref: ServicePortRef): string {
  return ref.selector ? `${ref.namespace}/*` : `${ref.namespace}/${ref.service}`;
}

/** The endpoints of a ref among candidate slices (its Service's, or its namespace's for a selector). */
export function endpointsOfRef(candidates: readonly EndpointSlice[], ref: ServicePortRef): Endpoint[] {
  if (!ref.selector) return endpointsFor(candidates, ref.portName);
  const selector = ref.selector;
  return endpointsFor(candidates.filter((s) => sliceSelected(s, selector)), '', ref.port ?? 0);
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
  const bySource = new Map<string, EndpointSlice[]>();
  const add = (key: string, slice: EndpointSlice): void => {
    const list = bySource.get(key);
    if (list) list.push(slice);
    else bySource.set(key, [slice]);
  };
  for (const slice of slices) {
    add(`${slice.metadata.namespace ?? ''}/*`, slice);
    const service = sliceService(slice);
    if (service !== undefined) add(service, slice);
  }
  return (ref) => endpointsOfRef(bySource.get(refSourceKey(ref)) ?? [], ref);
}
