/**
 * What Kubernetes infrastructure tells the translator about a Gateway (bus.gatewayInfra), from
 * its Service and Deployment as the API server reports them:
 * - addresses: the Service's load-balancer ingress (IPs, then hostnames as given); for a
 *   ClusterIP or NodePort Service, its cluster IPs (reachable inside the cluster: Pier does not
 *   read Nodes, so it does not report node addresses), the latter with routability Cluster;
 * - clusterAddresses: the Service's cluster IPs, which routability Cluster requests are given
 *   (GEP-5093: a ClusterIP is in the ServiceCIDR, as the API server allocates it from there);
 * - programmed: AddressNotUsable when the Gateway asks (spec.addresses) for an address its
 *   load balancer cannot give: outside the address pool when one is configured, more than the
 *   one address a Service asks for, or not the one the load balancer assigned; Pending while the
 *   Deployment has no available replica (or does not exist yet); AddressNotAssigned while a
 *   LoadBalancer Service has no ingress yet; absent once all is fine, so the translator's own
 *   Programmed condition stands.
 * Listeners bind all addresses in the pod: the Service says where the Gateway is reached; the
 * Gateway's spec.addresses are what its LoadBalancer Service asks for (objects.ts).
 */
import type { Deployment } from '../../apis/apps';
import type { Service } from '../../apis/core';
import { ROUTABILITY_CLUSTER } from '../../apis/gateway';
import type { GatewayInfraState } from '../../ir/types';
import { inRange, type AddressRange } from '../address-range';

export const POD_BIND_ADDRESS = '0.0.0.0';

/** The Service's cluster IPs: in the cluster's ServiceCIDR, reachable inside the cluster (GEP-5093 routability Cluster). */
function clusterIPs(service: Service): string[] {
  const ips = service.spec.clusterIPs?.length ? service.spec.clusterIPs : service.spec.clusterIP ? [service.spec.clusterIP] : [];
  return ips.filter((ip) => ip !== 'None');
}

function serviceAddresses(service: Service): GatewayInfraState['addresses'] {
  if (service.spec.type === 'LoadBalancer') {
    const out: GatewayInfraState['addresses'] = [];
    for (const ingress of service.status?.loadBalancer?.ingress ?? []) {
      if (ingress.ip) out.push({ type: 'IPAddress', value: ingress.ip, routability: '' });
      else if (ingress.hostname) out.push({ type: 'Hostname', value: ingress.hostname, routability: '' });
    }
    return out;
  }
  return clusterIPs(service).map((value) => ({ type: 'IPAddress' as const, value, routability: ROUTABILITY_CLUSTER }));
}

export interface RequestedAddresses {
  /** The Gateway's spec.addresses IPs, in order. */
  addresses: readonly string[];
  /** Where the load balancer assigns from, when Pier is told. */
  pool?: AddressRange;
  serviceType: Service['spec']['type'];
}

/** Why the Gateway's requested addresses cannot all be used; undefined when they can (or it asks for none). */
function unusableAddress(requested: RequestedAddresses, service: Service | undefined): string | undefined {
  const [first, ...extra] = requested.addresses;
  if (first === undefined) return undefined;
  if (requested.serviceType !== 'LoadBalancer') {
    return `spec.addresses ${requested.addresses.join(', ')}: the Gateway's ${requested.serviceType ?? 'ClusterIP'} Service gets its address from the cluster; only a LoadBalancer Service can ask for one`;
  }
  const outside = requested.pool ? requested.addresses.filter((a) => !inRange(requested.pool!, a)) : [];
  if (outside.length > 0) return `spec.addresses ${outside.join(', ')}: not in the load balancer's address pool (gatewayAddressPool)`;
  if (extra.length > 0) return `spec.addresses ${extra.join(', ')}: a Gateway's Service asks its load balancer for one address (${first})`;
  const assigned = (service?.status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? i.hostname);
  if (assigned.length > 0 && !assigned.includes(first)) return `spec.addresses ${first}: the load balancer assigned ${assigned.join(', ')} instead`;
  return undefined;
}

/** The state of one Gateway; `name` is the objects' "<namespace>/<name>", for messages. */
export function gatewayInfraState(name: string, service: Service | undefined, deployment: Deployment | undefined, requested?: RequestedAddresses): GatewayInfraState {
  const addresses = service ? serviceAddresses(service) : [];
  const state: GatewayInfraState = { bindAddress: POD_BIND_ADDRESS, addresses, ...(service ? { clusterAddresses: clusterIPs(service) } : {}) };
  const available = deployment?.status?.availableReplicas ?? 0;
  const unusable = requested ? unusableAddress(requested, service) : undefined;
  if (unusable) {
    state.programmed = { ok: false, reason: 'AddressNotUsable', message: unusable };
  } else if (!deployment) {
    state.programmed = { ok: false, reason: 'Pending', message: `waiting for the Deployment ${name} of the Gateway's proxies to be created` };
  } else if (available === 0) {
    const wanted = deployment.spec.replicas ?? 1;
    state.programmed = { ok: false, reason: 'Pending', message: `the Deployment ${name} has 0 of ${wanted} proxy replicas available` };
  } else if (!service) {
    state.programmed = { ok: false, reason: 'AddressNotAssigned', message: `waiting for the Service ${name} of the Gateway's proxies to be created` };
  } else if (addresses.length === 0) {
    state.programmed = {
      ok: false, reason: 'AddressNotAssigned',
      message: service.spec.type === 'LoadBalancer'
        ? `the LoadBalancer Service ${name} has no ingress address yet${service.spec.loadBalancerIP ? ` (it asks for ${service.spec.loadBalancerIP})` : ''}`
        : `the Service ${name} has no cluster IP`,
    };
  }
  return state;
}
