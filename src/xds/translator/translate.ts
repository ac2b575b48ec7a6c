/**
 * The xDS translator: one gateway's IR in, the Envoy resources its proxies need out. Pure and
 * deterministic: no I/O, no clock, and every resource list sorted by name, so the same IR always
 * gives the same resources (and the same versions downstream).
 */
import type { XdsIR } from '../../ir/types';
import type { XdsResources } from '../types';
import { buildClusters } from './cluster';
import { buildListeners } from './listener';
import { byName } from './names';
import { buildSecrets } from './secret';

export function translateXds(ir: XdsIR): XdsResources {
  const { listeners, routes } = buildListeners(ir);
  const { clusters, endpoints } = buildClusters(ir);
  return {
    gateway: ir.gateway,
    listeners: listeners.sort(byName((r) => r.name ?? '')),
    routes: routes.sort(byName((r) => r.name ?? '')),
    clusters: clusters.sort(byName((r) => r.name ?? '')),
    endpoints: endpoints.sort(byName((r) => r.cluster_name ?? '')),
    secrets: buildSecrets(ir).sort(byName((r) => r.name ?? '')),
  };
}
