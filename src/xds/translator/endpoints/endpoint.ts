/** Endpoints as Envoy ClusterLoadAssignments (EDS) or inline load assignments (DNS clusters). */
import { isIP } from 'node:net';
import type { Endpoint } from '../../../ir/types';
import type { ClusterLoadAssignment } from '../../types';
import type { LbEndpoint } from '../../../generated/envoy/config/endpoint/v3/LbEndpoint';
import type { LocalityLbEndpoints } from '../../../generated/envoy/config/endpoint/v3/LocalityLbEndpoints';

export function lbEndpoint(host: string, port: number): LbEndpoint {
  return { endpoint: { address: { socket_address: { address: host, port_value: port } } } };
}

/**
 * Endpoints Envoy can take over EDS: IP literals only (Envoy rejects the whole assignment for
 * one hostname), each address once, in IR order.
 */
export function edsEndpoints(endpoints: Endpoint[]): LbEndpoint[] {
  const seen = new Set<string>();
  const out: LbEndpoint[] = [];
  for (const e of endpoints) {
    const key = `${e.host}|${e.port}`;
    if (isIP(e.host) === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(lbEndpoint(e.host, e.port));
  }
  // A copy: the assignment keeps it, and push left room for more (~110 bytes per cluster).
  return out.slice();
}

/** An empty list is a valid assignment: the cluster exists and has no endpoints (503). */
export function loadAssignment(clusterName: string, localities: LocalityLbEndpoints[]): ClusterLoadAssignment {
  return { cluster_name: clusterName, endpoints: localities };
}

export function singleLocality(endpoints: LbEndpoint[]): LocalityLbEndpoints[] {
  // A copy: the assignment keeps it, and the list it gets (flatMap's) has room to grow.
  return endpoints.length === 0 ? [] : [{ lb_endpoints: endpoints.slice() }];
}
