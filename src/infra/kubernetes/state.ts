/**
 * What Kubernetes infrastructure tells the translator about a Gateway (bus.gatewayInfra), from
 * its Service and Deployment as the API server reports them:
 * - addresses: the Service's load-balancer ingress (IPs, then hostnames as given); for a
 *   ClusterIP or NodePort Service, its cluster IPs (reachable inside the cluster: Pier does not
 *   read Nodes, so it does not report node addresses);
 * - programmed: Pending while the Deployment has no available replica (or does not exist yet),
 *   AddressNotAssigned while a LoadBalancer Service has no ingress yet; absent once both are
 *   fine, so the translator's own Programmed condition stands.
 * Listeners bind all addresses in the pod: the Service, not the Gateway's spec.addresses, says
 * where it is reached.
 */
import type { Deployment } from '../../apis/apps';
import type { Service } from '../../apis/core';
import type { GatewayInfraState } from '../../ir/types';

export const POD_BIND_ADDRESS = '0.0.0.0';

function serviceAddresses(service: Service): GatewayInfraState['addresses'] {
  if (service.spec.type === 'LoadBalancer') {
    const out: GatewayInfraState['addresses'] = [];
    for (const ingress of service.status?.loadBalancer?.ingress ?? []) {
      if (ingress.ip) out.push({ type: 'IPAddress', value: ingress.ip });
      else if (ingress.hostname) out.push({ type: 'Hostname', value: ingress.hostname });
    }
    return out;
  }
  const ips = service.spec.clusterIPs?.length ? service.spec.clusterIPs : service.spec.clusterIP ? [service.spec.clusterIP] : [];
  return ips.filter((ip) => ip !== 'None').map((value) => ({ type: 'IPAddress' as const, value }));
}

/** The state of one Gateway; `name` is the objects' "<namespace>/<name>", for messages. */
export function gatewayInfraState(name: string, service: Service | undefined, deployment: Deployment | undefined): GatewayInfraState {
  const addresses = service ? serviceAddresses(service) : [];
  const state: GatewayInfraState = { bindAddress: POD_BIND_ADDRESS, addresses };
  const available = deployment?.status?.availableReplicas ?? 0;
  if (!deployment) {
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
        ? `the LoadBalancer Service ${name} has no ingress address yet`
        : `the Service ${name} has no cluster IP`,
    };
  }
  return state;
}
