/**
 * Where a UDP listener sends datagrams. udp_proxy routes to one cluster, so a destination with
 * several backends gets a locality-weighted cluster of its own (one locality per backend, the
 * backend's weight as the locality's weight; see cluster.ts). An invalid share cannot be
 * expressed there (a locality without endpoints gets no traffic), so UDP spreads it over the
 * valid backends; with no valid backend at all, datagrams go to the cluster that never exists
 * and are dropped.
 */
import type { UDPListener } from '../../../ir/types';
import { planDestination, type WeightedClusterShare } from './destination';
import { INVALID_BACKEND_CLUSTER, weightedUdpClusterName } from '../names';

export type UdpPlan =
  | { kind: 'single'; cluster: string }
  | { kind: 'weighted'; cluster: string; shares: WeightedClusterShare[] };

export function planUdp(listener: UDPListener): UdpPlan {
  const plan = planDestination(listener.destination);
  if (plan.kind === 'unroutable') return { kind: 'single', cluster: INVALID_BACKEND_CLUSTER };
  if (plan.kind === 'single') return plan;
  const shares = plan.shares.filter((s) => s.cluster !== INVALID_BACKEND_CLUSTER);
  if (shares.length === 1) return { kind: 'single', cluster: shares[0].cluster };
  return { kind: 'weighted', cluster: weightedUdpClusterName(listener.name), shares };
}
