/**
 * The xDS translator: one gateway's IR in, the Envoy resources its proxies need out. Pure and
 * deterministic: no I/O, no clock, and every resource list sorted by name, so the same IR always
 * gives the same resources (and the same versions downstream).
 *
 * Endpoints are not in the IR: translateGateway gives, with the resources, the EndpointBinding
 * of each cluster that needs endpoints, and the endpoint translator (endpoints.ts) builds them.
 * translateXds does both at once, for offline use and tests.
 */
import type { XdsIR } from '../../ir/types';
import { withEndpoints, type EndpointBinding, type XdsResources } from '../types';
import { buildClusters, type ClusterMemo } from './clusters/cluster';
import { buildGatewayEndpoints, type EndpointSource } from './endpoints/endpoints';
import { buildListeners } from './listeners/listener';
import type { RouteCache } from './listeners/route';
import type { VirtualHost } from '../../generated/envoy/config/route/v3/VirtualHost';
import { byName } from './names';
import { buildSecrets } from './listeners/secret';

export interface GatewayTranslation {
  /** Listeners, routes, clusters and secrets; `endpoints` is empty. */
  resources: XdsResources;
  /** Sorted by cluster name. */
  bindings: EndpointBinding[];
}

/**
 * Envoy objects built from IR objects, by IR object: the IR of a gateway reuses the (frozen)
 * objects of unchanged routes and backends, so re-translating it rebuilds only what changed.
 */
export class XdsTranslationMemo {
  readonly routes: RouteCache = new WeakMap();
  readonly virtualHosts = new WeakMap<object, Map<string, VirtualHost>>();
  readonly clusters: ClusterMemo = { built: new WeakMap(), vhostSettings: new WeakMap() };
}

export function translateGateway(ir: XdsIR, memo?: XdsTranslationMemo): GatewayTranslation {
  const { listeners, routes } = buildListeners(ir, memo?.routes, memo?.virtualHosts);
  const { clusters, bindings } = buildClusters(ir, memo?.clusters);
  return {
    resources: {
      gateway: ir.gateway,
      listeners: listeners.sort(byName((r) => r.name ?? '')),
      routes: routes.sort(byName((r) => r.name ?? '')),
      clusters: clusters.sort(byName((r) => r.name ?? '')),
      endpoints: [],
      secrets: buildSecrets(ir).sort(byName((r) => r.name ?? '')),
    },
    bindings: bindings.sort(byName((b) => b.cluster)),
  };
}

const NO_ENDPOINTS: EndpointSource = () => [];

/** Every resource of the gateway, endpoints included (from endpointsOf; none when not given). */
export function translateXds(ir: XdsIR, endpointsOf: EndpointSource = NO_ENDPOINTS): XdsResources {
  const { resources, bindings } = translateGateway(ir);
  return withEndpoints(resources, buildGatewayEndpoints(ir.gateway, bindings, endpointsOf));
}
