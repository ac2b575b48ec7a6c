/**
 * How a weighted RouteDestination becomes an Envoy cluster choice, the same way for HTTP, TCP
 * and UDP. Backends that could not be resolved keep their weight as an "invalid share"; Gateway
 * API asks that this share of requests fail (HTTP: 500), so it is routed to a cluster that never
 * exists (see INVALID_BACKEND_CLUSTER). Zero-weight backends receive nothing.
 */
import type { DestinationSetting, HeaderModifier, RouteDestination } from '../../../ir/types';
import { INVALID_BACKEND_CLUSTER } from '../names';

export interface WeightedClusterShare {
  cluster: string;
  weight: number;
  /** The backendRef's own header filters (HTTP only). */
  requestHeaders?: HeaderModifier;
  responseHeaders?: HeaderModifier;
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
  // Several backendRefs to the same backend (with the same filters) are one share: Envoy wants
  // distinct entries in a weighted set, and the sum of their weights is the same split.
  const shares = new Map<string, WeightedClusterShare>();
  let invalidWeight = 0;
  let filtered = false;
  for (const setting of destination.settings) {
    const weight = Math.max(0, Math.floor(setting.weight));
    if (weight === 0) continue;
    if (setting.invalid) {
      invalidWeight += weight;
      continue;
    }
    const { requestHeaders, responseHeaders } = setting;
    const key = requestHeaders || responseHeaders ? `${setting.clusterName}\u0000${JSON.stringify([requestHeaders, responseHeaders])}` : setting.clusterName;
    const share = shares.get(key);
    if (share) {
      share.weight += weight;
      continue;
    }
    const created: WeightedClusterShare = { cluster: setting.clusterName, weight };
    if (requestHeaders) created.requestHeaders = requestHeaders;
    if (responseHeaders) created.responseHeaders = responseHeaders;
    if (requestHeaders || responseHeaders) filtered = true;
    shares.set(key, created);
  }
  if (shares.size === 0) return { kind: 'unroutable' };
  // A single backend with filters of its own still needs a weighted entry to carry them.
  if (shares.size === 1 && invalidWeight === 0 && !filtered) return { kind: 'single', cluster: [...shares.values()][0]!.cluster };
  const list = [...shares.values()];
  if (invalidWeight > 0) list.push({ cluster: INVALID_BACKEND_CLUSTER, weight: invalidWeight });
  return { kind: 'weighted', shares: list, hasInvalidShare: invalidWeight > 0 };
}
