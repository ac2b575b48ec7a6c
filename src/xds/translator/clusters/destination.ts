/**
 * How a weighted RouteDestination becomes an Envoy cluster choice, the same way for HTTP, TCP
 * and UDP. Backends that could not be resolved keep their weight as an "invalid share"; Gateway
 * API asks that this share of requests fail (HTTP: 500), so it is routed to a cluster that never
 * exists (see INVALID_BACKEND_CLUSTER). Zero-weight backends receive nothing.
 */
import type { DestinationSetting, RouteDestination } from '../../../ir/types';
import { INVALID_BACKEND_CLUSTER } from '../names';

export interface WeightedClusterShare {
  cluster: string;
  weight: number;
}

export type DestinationPlan =
  /** Nothing can be served: no backend, all invalid, or every weight 0. */
  | { kind: 'unroutable' }
  /** All traffic to one real cluster. */
  | { kind: 'single'; cluster: string }
  /**
   * Traffic split by weight. `shares` may include INVALID_BACKEND_CLUSTER for the invalid
   * share; `hasInvalidShare` says so.
   */
  | { kind: 'weighted'; shares: WeightedClusterShare[]; hasInvalidShare: boolean };

/** Settings that name a real cluster Envoy should know (valid, whatever their weight). */
export function validSettings(destination: RouteDestination | undefined): DestinationSetting[] {
  return destination ? destination.settings.filter((s) => !s.invalid) : [];
}

export function planDestination(destination: RouteDestination | undefined): DestinationPlan {
  if (!destination) return { kind: 'unroutable' };
  // Several backendRefs to the same backend are one cluster: Envoy wants distinct names in a
  // weighted set, and the sum of their weights is the same split.
  const weights = new Map<string, number>();
  let invalidWeight = 0;
  for (const setting of destination.settings) {
    const weight = Math.max(0, Math.floor(setting.weight));
    if (weight === 0) continue;
    if (setting.invalid) invalidWeight += weight;
    else weights.set(setting.clusterName, (weights.get(setting.clusterName) ?? 0) + weight);
  }
  if (weights.size === 0) return { kind: 'unroutable' };
  if (weights.size === 1 && invalidWeight === 0) return { kind: 'single', cluster: [...weights.keys()][0] };
  const shares = [...weights].map(([cluster, weight]) => ({ cluster, weight }));
  if (invalidWeight > 0) shares.push({ cluster: INVALID_BACKEND_CLUSTER, weight: invalidWeight });
  return { kind: 'weighted', shares, hasInvalidShare: invalidWeight > 0 };
}
